import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { analyzePortfolio } from './portfolio-report'
import { PriceSeries } from './price-series'
import type { SeriesPoint } from './price-series'
import { TRY_AVERAGE, rows } from './test-fixtures'

const buys = rows(
  {
    id: 'a',
    type: 'BUY',
    tradeDate: '2024-01-02',
    instrumentCode: 'A',
    quantity: '1',
    unitPrice: '1',
  },
  {
    id: 'b',
    type: 'BUY',
    tradeDate: '2024-01-02',
    instrumentCode: 'B',
    quantity: '1',
    unitPrice: '1',
  },
)
const calendar = ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05']
const closes = (dates: readonly string[]): SeriesPoint[] =>
  dates.map((date) => ({ date, value: '1' }))

function marketError(prices: Record<string, readonly SeriesPoint[]>) {
  const result = analyzePortfolio(
    { portfolio: TRY_AVERAGE, transactions: buys, prices },
    { asOf: '2024-01-31' },
  )
  return result.ok ? null : result.error
}

describe('price series dates', () => {
  it('accepts series that share a calendar, and ones that do not', () => {
    expect(marketError({ A: closes(calendar), B: closes(calendar) })).toBeNull()
    expect(marketError({ A: closes(calendar), B: closes(calendar.slice(1, 3)) })).toBeNull()
    expect(marketError({ A: closes(calendar.slice(2)), B: closes(calendar) })).toBeNull()
  })

  it.each([
    ['a date out of order', ['2024-01-02', '2024-01-04', '2024-01-03'], '2024-01-03', '2024-01-04'],
    ['a repeated date', ['2024-01-02', '2024-01-03', '2024-01-03'], '2024-01-03', '2024-01-03'],
    ['a date not in YYYY-MM-DD form', ['2024-01-02', '2024-1-05'], '2024-1-05', '2024-01-02'],
    [
      'a first date not in YYYY-MM-DD form',
      ['2024/01/02', '2024-01-03'],
      '2024/01/02',
      'the start',
    ],
  ])('reports %s in the first series and in one sharing its calendar', (_, dates, bad, after) => {
    const message = `: date ${bad} is not a YYYY-MM-DD date after ${after}`
    for (const prices of [
      { A: closes(dates), B: closes(calendar) },
      { A: closes(calendar), B: closes(dates) },
    ]) {
      const faulty = Object.entries(prices).find(([, points]) => points.length !== 4)?.[0]
      const error = marketError(prices)
      expect(error).toEqual({
        code: 'invalid_market_data',
        transactionId: null,
        field: `prices.${faulty}`,
        message: `prices.${faulty}${message}`,
      })
    }
  })

  it.each([
    ['before its date', '2024-01-02'],
    ['not in YYYY-MM-DD form', '2024-1-9'],
  ])('reports a last day in force %s', (_, validThrough) => {
    const points = [{ date: '2024-01-03', value: '1', validThrough }]
    expect(marketError({ A: points })).toEqual({
      code: 'invalid_market_data',
      transactionId: null,
      field: 'prices.A',
      message: `prices.A on 2024-01-03: validThrough ${validThrough} is not a YYYY-MM-DD date on or after it`,
    })
  })

  it('reports a point that is not an object', () => {
    const points = [...closes(calendar.slice(0, 2)), null] as unknown as SeriesPoint[]
    expect(marketError({ A: closes(calendar), B: points })?.message).toBe(
      'prices.B: date undefined is not a YYYY-MM-DD date after 2024-01-03',
    )
  })

  it('finds the same errors whatever series was checked before', () => {
    const date = fc.constantFrom(...calendar, '2024-01-3', '2024-01-01', '')
    fc.assert(
      fc.property(fc.array(date, { maxLength: 6 }), fc.array(date, { maxLength: 6 }), (a, b) => {
        const alone = marketError({ B: closes(b) })
        const after = marketError({ A: closes(calendar), B: closes(b) })
        const first = marketError({ A: closes(a) })
        const both = marketError({ A: closes(a), B: closes(b) })
        expect(after).toEqual(alone)
        expect(both).toEqual(first ?? alone)
      }),
    )
  })
})

describe('reading a series at a date', () => {
  it('finds the last point on or before it', () => {
    const day = fc.integer({ min: 1, max: 28 }).map((d) => `2024-03-${String(d).padStart(2, '0')}`)
    const dates = fc.uniqueArray(day, { maxLength: 12 }).map((list) => list.sort())
    fc.assert(
      fc.property(dates, fc.array(day), (seriesDates, asked) => {
        const priceSeries = new PriceSeries('s', closes(seriesDates), 'price')
        for (const date of asked) {
          const expected = seriesDates.filter((known) => known <= date).pop()
          expect(priceSeries.at(date)?.date ?? null).toBe(expected ?? null)
        }
      }),
    )
  })

  it('has none after the last day in force of the point on or before it', () => {
    const rates = new PriceSeries(
      'r',
      [
        { date: '2024-03-01', value: '2', validThrough: '2024-03-11' },
        { date: '2024-03-20', value: '3', validThrough: '2024-03-30' },
        { date: '2024-04-10', value: '4' },
      ],
      'rate',
    )
    const read = (date: string) => rates.at(date)?.value.toString() ?? null
    expect(
      ['02-29', '03-01', '03-11', '03-12', '03-19', '03-20', '03-30', '03-31', '12-31'].map((day) =>
        read(`2024-${day}`),
      ),
    ).toEqual([null, '2', '2', null, null, '3', '3', null, '4'])
    // Read backwards, from the last point read.
    expect(read('2024-03-05')).toBe('2')
  })
})
