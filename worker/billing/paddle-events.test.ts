import { describe, expect, it } from 'vitest'
import { BillingEventError, majorUnits, readBillingEvent } from './paddle-events'

const USER = '0b5ff3a4-4f6c-4b7e-9a53-2d3c5e6f7a8b'
const envelope = (event_type: string, data: unknown) => ({
  event_id: 'evt_01h7jagte1wnq80w5bw5gbmrwk',
  event_type,
  occurred_at: '2026-11-28T10:00:00.123456Z',
  notification_id: 'ntf_01h7jagthb2kg1vqtf6rr8xspa',
  data,
})

// Trimmed from the shape of Paddle's subscription entity (developer.paddle.com, "Subscription").
const subscription = {
  id: 'sub_01h7ht5z5wdg9pz18jx1fagp8k',
  status: 'active',
  customer_id: 'ctm_01h7hswb86rtps5ggbq7ybydcw',
  address_id: 'add_01h7hswbfjqez51ezfhk7s6400',
  transaction_id: 'txn_01h7ht5z5wdg9pz18jx1fagp8k',
  currency_code: 'TRY',
  // Paddle.js may set custom data in the browser: it is not read.
  custom_data: { kiymet_user_id: USER },
  billing_cycle: { interval: 'year', frequency: 1 },
  current_billing_period: {
    starts_at: '2026-11-28T10:00:00Z',
    ends_at: '2027-11-28T10:00:00Z',
  },
  next_billed_at: '2027-11-28T10:00:00Z',
  canceled_at: null,
  scheduled_change: {
    action: 'cancel',
    effective_at: '2027-11-28T10:00:00Z',
    resume_at: null,
  },
  items: [{ status: 'active', quantity: 1, price: { id: 'pri_01gsz8x8sawmvhz1pv30nge1ke' } }],
  created_at: '2026-11-28T10:00:00Z',
  updated_at: '2026-12-01T08:00:00Z',
}

describe('reading Paddle webhook events', () => {
  it('reads a subscription snapshot: its checkout, its prices, a cancellation at its end', () => {
    const event = readBillingEvent(envelope('subscription.updated', subscription))
    expect(event).toMatchObject({
      id: 'evt_01h7jagte1wnq80w5bw5gbmrwk',
      type: 'subscription.updated',
      kind: 'subscription',
      subscription: {
        id: subscription.id,
        transactionId: 'txn_01h7ht5z5wdg9pz18jx1fagp8k',
        priceIds: ['pri_01gsz8x8sawmvhz1pv30nge1ke'],
        currency: 'TRY',
        currentPeriodEnd: '2027-11-28T10:00:00Z',
        cancelAt: '2027-11-28T10:00:00Z',
      },
    })
  })

  it('never takes a user from the custom data', () => {
    const event = readBillingEvent(envelope('subscription.created', subscription))
    expect(JSON.stringify(event)).not.toContain(USER)
  })

  it('reads a completed payment in major units, and a refund', () => {
    const payment = readBillingEvent(
      envelope('transaction.completed', {
        id: 'txn_01h8bxpvx398a7zbawb77y0kp5',
        status: 'completed',
        customer_id: subscription.customer_id,
        subscription_id: subscription.id,
        custom_data: { kiymet_user_id: USER },
        currency_code: 'TRY',
        invoice_number: '325-10566',
        billed_at: '2026-11-28T10:00:01Z',
        billing_period: subscription.current_billing_period,
        details: { totals: { subtotal: '124167', tax: '24833', grand_total: '149000' } },
        updated_at: '2026-11-28T10:00:02Z',
      }),
    )
    expect(payment).toMatchObject({
      kind: 'payment',
      payment: { total: '1490.00', currency: 'TRY', invoiceNumber: '325-10566' },
    })
    const refund = readBillingEvent(
      envelope('adjustment.updated', {
        id: 'adj_01h8c6tbrkpdd7vx61w7b1r0ap',
        action: 'refund',
        type: 'full',
        status: 'approved',
        transaction_id: 'txn_01h8bxpvx398a7zbawb77y0kp5',
        currency_code: 'EUR',
        totals: { subtotal: '419', tax: '80', total: '499' },
      }),
    )
    expect(refund).toMatchObject({
      kind: 'refund',
      refund: { kind: 'full', status: 'approved', total: '4.99' },
    })
  })

  it('passes over event types and adjustments that set no plan', () => {
    expect(readBillingEvent(envelope('customer.updated', {})).kind).toBe('other')
    const credit = {
      id: 'adj_01h8c6tbrkpdd7vx61w7b1r0ap',
      action: 'credit',
      status: 'approved',
      transaction_id: 'txn_01h8bxpvx398a7zbawb77y0kp5',
      currency_code: 'EUR',
      totals: { total: '100' },
    }
    expect(readBillingEvent(envelope('adjustment.created', credit)).kind).toBe('other')
  })

  it('refuses what is not an event, or an entity it cannot read', () => {
    expect(() => readBillingEvent({ hello: 'world' })).toThrow(BillingEventError)
    expect(() =>
      readBillingEvent(envelope('subscription.updated', { ...subscription, status: 'lost' })),
    ).toThrow(BillingEventError)
  })

  it('turns minor units into decimals by the currency’s exponent', () => {
    expect(majorUnits('499', 'EUR')).toBe('4.99')
    expect(majorUnits('5', 'USD')).toBe('0.05')
    expect(majorUnits('149000', 'TRY')).toBe('1490.00')
    expect(majorUnits('1200', 'JPY')).toBe('1200')
  })
})
