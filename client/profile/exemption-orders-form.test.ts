import { describe, expect, it } from 'vitest'
import type { TaxYearOverview } from '../../shared/api/schemas'
import {
  orderErrorKey,
  orderSchema,
  orderValuesOf,
  orderWrites,
  type OrderRow,
} from './exemption-orders-form'

const overview: TaxYearOverview = {
  year: 2025,
  jointAssessment: false,
  allowance: '1000.00',
  used: '1000.00',
  left: '0.00',
  portfolios: [
    {
      id: 'a',
      name: 'A',
      baseCurrency: 'EUR',
      freistellungsauftrag: '1000.00',
      lossCertificate: false,
    },
    {
      id: 'b',
      name: 'B',
      baseCurrency: 'EUR',
      freistellungsauftrag: '0.00',
      lossCertificate: false,
    },
    {
      id: 'c',
      name: 'C',
      baseCurrency: 'TRY',
      freistellungsauftrag: '0.00',
      lossCertificate: true,
    },
  ],
}

function rows(...amounts: [string, boolean][]): { rows: OrderRow[] } {
  return {
    rows: amounts.map(([amount, lossCertificate], index) => ({
      id: 'abc'[index] ?? '',
      amount,
      lossCertificate,
    })),
  }
}

describe('orderValuesOf', () => {
  it('writes each amount in the locale’s format, none as empty', () => {
    expect(orderValuesOf(overview, 'de-DE')).toEqual(
      rows(['1.000,00', false], ['', false], ['', true]),
    )
    expect(orderValuesOf(overview, 'en-US').rows[0]?.amount).toBe('1,000.00')
  })
})

describe('orderSchema', () => {
  it('reads amounts typed the locale’s way, empty as zero', () => {
    const parsed = orderSchema('de-DE').safeParse(
      rows(['1.234,5', false], ['', true], [' 7 ', false]),
    )
    expect(parsed.data).toEqual([
      { id: 'a', freistellungsauftrag: '1234.5', lossCertificate: false },
      { id: 'b', freistellungsauftrag: '0', lossCertificate: true },
      { id: 'c', freistellungsauftrag: '7', lossCertificate: false },
    ])
  })

  it('names the row and the reason of each amount it refuses', () => {
    const parsed = orderSchema('tr-TR').safeParse(
      rows(['12.5', false], ['-3', false], ['1,005', false]),
    )
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['rows.0.amount', 'number.ambiguous'],
      ['rows.1.amount', 'number.negative'],
      ['rows.2.amount', 'cents'],
    ])
  })
})

describe('orderWrites', () => {
  const check = (values: { rows: OrderRow[] }) => orderSchema('en-US').parse(values)

  it('sends only the rows that changed, lowered ones first, so a move never passes the allowance', () => {
    // 600 moves from A to B; C keeps its certificate.
    expect(orderWrites(overview, check(rows(['400', false], ['600', false], ['', true])))).toEqual([
      {
        id: 'a',
        index: 0,
        kind: 'put',
        body: { freistellungsauftrag: '400', lossCertificate: false },
      },
      {
        id: 'b',
        index: 1,
        kind: 'put',
        body: { freistellungsauftrag: '600', lossCertificate: false },
      },
    ])
    // The row lowered comes after the one raised: it is still sent first.
    const swapped = {
      ...overview,
      portfolios: overview.portfolios.map((portfolio, index) => ({
        ...portfolio,
        freistellungsauftrag: index === 1 ? '1000.00' : '0.00',
      })),
    }
    const moved = orderWrites(swapped, check(rows(['1000', false], ['', false], ['', true])))
    expect(moved.map((write) => `${write.kind} ${write.id}`)).toEqual(['delete b', 'put a'])
    expect(
      orderWrites(overview, check(rows(['1,000.00', false], ['', false], ['', true]))),
    ).toEqual([])
  })

  it('forgets a year with nothing left to record', () => {
    expect(orderWrites(overview, check(rows(['0', false], ['', false], ['', false])))).toEqual([
      { id: 'a', index: 0, kind: 'delete' },
      { id: 'c', index: 2, kind: 'delete' },
    ])
  })
})

describe('orderErrorKey', () => {
  it('gives each refusal its message, with an example where one helps', () => {
    expect(orderErrorKey('number.malformed', 'de-DE')).toEqual({
      key: 'malformed',
      params: { example: '1.234,56' },
    })
    expect(orderErrorKey('number.too_precise', 'de-DE').key).toBe('cents')
    expect(orderErrorKey('cents', 'de-DE').key).toBe('cents')
    expect(orderErrorKey('too_big', 'de-DE').key).toBe('too_large')
  })
})
