import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatIsoDate, parseIsoDate } from './iso-date'
import { ZERO, sum } from '../../shared/decimal/decimal'
import { analyzePortfolio } from './portfolio-report'
import { TRY_AVERAGE, TRY_FIFO, rows, series, unwrap, valueOn } from './test-fixtures'
import type { Row } from './test-fixtures'
import type { SeriesPoint } from './price-series'
import { computeValueSeries } from './value-series'

// A: TRY with closes; B: USD with closes and USD/TRY rates in force 1–11 March and 1–11 May (the
// transactions' rate stands in on the other days); C: EUR without closes
// (valued at its last trade price) and no FX series (the transactions' rates stand in); D: TRY,
// only transferred in and never priced (valued at cost).
const INSTRUMENTS = {
  A: { currency: 'TRY', fxRate: null },
  B: { currency: 'USD', fxRate: '32.5' },
  C: { currency: 'EUR', fxRate: '35.125' },
  D: { currency: 'TRY', fxRate: null },
} as const
type Code = keyof typeof INSTRUMENTS

const FIRST_DAY = parseIsoDate('2024-01-01') ?? 0

describe('the one valuation', () => {
  it('gives holdings, totals and the daily series the same value, for any holdings, currencies and dates', () => {
    const trade = fc.record({
      code: fc.constantFrom<Code>('A', 'B', 'C', 'D'),
      day: fc.integer({ min: 0, max: 200 }),
      quantity: fc.integer({ min: 1, max: 500 }),
      cents: fc.integer({ min: 1, max: 1_000_000 }),
      sellShare: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    fc.assert(
      fc.property(
        fc.array(trade, { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.integer({ min: 0, max: 240 }), { minLength: 1, maxLength: 5 }),
        (trades, fifo, recordsCash, valuationDays) => {
          const held: Record<Code, number> = { A: 0, B: 0, C: 0, D: 0 }
          const list: Row[] = recordsCash
            ? [{ id: 'cash', type: 'DEPOSIT', tradeDate: '2024-01-01', amount: '100000' }]
            : []
          const sorted = [...trades].sort((a, b) => a.day - b.day)
          sorted.forEach(({ code, day, quantity, cents, sellShare }, index) => {
            const common = {
              instrumentCode: code,
              currency: INSTRUMENTS[code].currency,
              fxRate: INSTRUMENTS[code].fxRate,
              tradeDate: formatIsoDate(FIRST_DAY + day),
              unitPrice: (cents / 100).toFixed(2),
            }
            const type = code === 'D' ? 'TRANSFER_IN' : 'BUY'
            list.push({ ...common, id: `in${index}`, type, quantity: String(quantity) })
            held[code] += quantity
            // Selling everything (a share above 0.9) leaves a position of zero units, valued at
            // nothing.
            const sold = sellShare > 0.9 ? held[code] : Math.floor(held[code] * sellShare)
            if (code !== 'D' && sold > 0) {
              list.push({ ...common, id: `out${index}`, type: 'SELL', quantity: String(sold) })
              held[code] -= sold
            }
          })
          const input = {
            portfolio: { ...(fifo ? TRY_FIFO : TRY_AVERAGE), recordsCash },
            transactions: rows(...list),
            prices: {
              A: series(['2024-01-15', '10.5'], ['2024-04-01', '12']),
              B: series(['2024-02-01', '101.25'], ['2024-06-01', '99']),
            },
            fxRates: {
              'USD/TRY': [
                { date: '2024-03-01', value: '33.1', validThrough: '2024-03-11' },
                { date: '2024-05-01', value: '34', validThrough: '2024-05-11' },
              ],
            },
          }
          const last = formatIsoDate(FIRST_DAY + Math.max(...valuationDays))
          const daily = unwrap(computeValueSeries(input, { from: '2024-01-01', to: last }))
          for (const day of valuationDays) {
            const date = formatIsoDate(FIRST_DAY + day)
            const report = unwrap(analyzePortfolio(input, { asOf: date }))
            const holdingsValue = sum(report.holdings.map((holding) => holding.marketValue.base))
            const cash = report.totals.cashBalance ?? ZERO
            expect(holdingsValue.plus(cash).eq(report.totals.value)).toBe(true)
            expect(valueOn(daily, date).value).toBe(report.totals.value.toNumber())
          }
        },
      ),
      // Each run analyzes up to five dates and a series: fewer runs keep it within the timeout.
      { numRuns: 40 },
    )
  })
})

describe('a rate past its last day in force', () => {
  // docs/portfolio-math.md (Prices and exchange rates): 1 unit bought for 10 USD on 28 February
  // at the recorded 3.5 TRY; the bank's 3.7 of 1 March is in force through 11 March, the 10th
  // day after it. Valued at 35 TRY, 37 from 1 to 11 March, 35 again from 12 March.
  const rate = { date: '2024-03-01', validThrough: '2024-03-11' }
  const inputWith = (fxRates: Record<string, SeriesPoint[]>) => ({
    portfolio: TRY_AVERAGE,
    transactions: rows({
      id: 'buy',
      type: 'BUY',
      tradeDate: '2024-02-28',
      instrumentCode: 'U',
      currency: 'USD',
      fxRate: '3.5',
      quantity: '1',
      unitPrice: '10',
    }),
    prices: { U: series(['2024-02-28', '10']) },
    fxRates,
  })

  it.each([
    ['USD/TRY', '3.7', 37],
    ['TRY/USD', '0.25', 40],
  ])(
    '%s: the recorded rate stands in after it, in the report and the series alike',
    (pair, value, inForce) => {
      const input = inputWith({ [pair]: [{ ...rate, value }] })
      const daily = unwrap(computeValueSeries(input, { from: '2024-02-28', to: '2024-03-13' }))
      for (const [date, expected] of [
        ['2024-02-28', 35],
        ['2024-03-01', inForce],
        ['2024-03-11', inForce],
        ['2024-03-12', 35],
        ['2024-03-13', 35],
      ] as const) {
        const report = unwrap(analyzePortfolio(input, { asOf: date }))
        expect({ date, report: report.totals.value.toNumber() }).toEqual({ date, report: expected })
        expect(daily.points.find((point) => point.date === date)?.value).toBe(expected)
      }
    },
  )
})
