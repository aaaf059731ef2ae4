import { describe, expect, it } from 'vitest'
import { planGrant, type GrantingSubscription } from './plan-grant'

// The worked examples of docs/payments.md, "From events to a plan".

function subscription(fields: Partial<GrantingSubscription>): GrantingSubscription {
  return {
    id: 'sub_a',
    status: 'active',
    period: 'monthly',
    currentPeriodEnd: '2026-12-28T10:00:00Z',
    cancelAt: null,
    pastDueSince: null,
    ...fields,
  }
}

const at = (iso: string) => new Date(iso)

describe('the plan a user’s subscriptions grant (docs/payments.md)', () => {
  it('is Free without a subscription', () => {
    expect(planGrant([], [], at('2026-12-01T00:00:00Z'))).toEqual({
      plan: 'free',
      validUntil: null,
    })
  })

  it('1: a monthly purchase is Pro to the end of the period and 3 days more; a renewal extends it', () => {
    expect(planGrant([subscription({})], [], at('2026-11-28T10:00:01Z'))).toEqual({
      plan: 'pro',
      validUntil: '2026-12-31T10:00:00.000Z',
    })
    const renewed = subscription({ currentPeriodEnd: '2027-01-28T10:00:00Z' })
    expect(planGrant([renewed], [], at('2026-12-28T10:00:01Z')).validUntil).toBe(
      '2027-01-31T10:00:00.000Z',
    )
  })

  it('2: a cancellation at the period’s end ends Pro exactly then', () => {
    const cancelled = subscription({ cancelAt: '2026-12-28T10:00:00Z' })
    expect(planGrant([cancelled], [], at('2026-12-05T09:00:00Z'))).toEqual({
      plan: 'pro',
      validUntil: '2026-12-28T10:00:00.000Z',
    })
    expect(planGrant([cancelled], [], at('2026-12-28T10:00:00Z')).plan).toBe('free')
  })

  it('3: a failed renewal keeps Pro 14 days from the first failure; a recovery renews it', () => {
    const pastDue = subscription({
      status: 'past_due',
      currentPeriodEnd: '2027-01-28T10:00:00Z',
      pastDueSince: '2026-12-28T10:05:00Z',
    })
    expect(planGrant([pastDue], [], at('2027-01-02T08:00:00Z'))).toEqual({
      plan: 'pro',
      validUntil: '2027-01-11T10:05:00.000Z',
    })
    expect(planGrant([pastDue], [], at('2027-01-11T10:05:01Z')).plan).toBe('free')
    const recovered = { ...pastDue, status: 'active' as const, pastDueSince: null }
    expect(planGrant([recovered], [], at('2027-01-02T08:00:00Z')).validUntil).toBe(
      '2027-01-31T10:00:00.000Z',
    )
  })

  it('4: a payment given back in full for a running period ends Pro at once', () => {
    const refunded = [{ subscriptionId: 'sub_a', periodEnd: '2026-12-28T10:00:00Z' }]
    expect(planGrant([subscription({})], refunded, at('2026-12-03T12:00:00Z')).plan).toBe('free')
    // A refund of an earlier, ended period leaves the paid one alone.
    const renewed = subscription({ currentPeriodEnd: '2027-01-28T10:00:00Z' })
    expect(planGrant([renewed], refunded, at('2027-01-03T12:00:00Z')).plan).toBe('pro')
  })

  it('grants nothing for a subscription to another price, or a refund of no period', () => {
    const now = at('2026-12-10T00:00:00Z')
    expect(planGrant([subscription({ period: null })], [], now).plan).toBe('free')
    const noPeriod = [{ subscriptionId: 'sub_a', periodEnd: null }]
    expect(planGrant([subscription({})], noPeriod, now).plan).toBe('pro')
  })

  it('is Free once cancelled or paused', () => {
    const now = at('2026-12-10T00:00:00Z')
    expect(planGrant([subscription({ status: 'canceled' })], [], now).plan).toBe('free')
    expect(planGrant([subscription({ status: 'paused' })], [], now).plan).toBe('free')
  })

  it('6: after a switch to yearly, Pro runs to the new period’s end; several subscriptions take the latest', () => {
    const grants = planGrant(
      [
        subscription({ id: 'sub_a', status: 'canceled' }),
        subscription({ id: 'sub_b', currentPeriodEnd: '2027-12-10T09:00:00Z' }),
      ],
      [],
      at('2026-12-10T09:00:01Z'),
    )
    expect(grants).toEqual({ plan: 'pro', validUntil: '2027-12-13T09:00:00.000Z' })
  })
})
