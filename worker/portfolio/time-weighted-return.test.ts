import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { moneyWeightedReturn } from './money-weighted-return'
import type { PortfolioInput } from './portfolio-input'
import { TRY_AVERAGE, rows, series, unwrap } from './test-fixtures'
import type { Row } from './test-fixtures'
import { timeWeightedReturn } from './time-weighted-return'
import { computeValueSeries } from './value-series'

const WITH_CASH = { ...TRY_AVERAGE, recordsCash: true }

// Worked example, checked by hand: 1,000 deposited and invested at 100; the price doubles to 200
// by the end of June; 10,000 more deposited and invested at 200 on 1 July; the price ends the
// year at 150, so 60 units are worth 9,000.
//   Time-weighted: ×2 in the first half, ×0.75 in the second: +50 %. The investment did well.
//   Money-weighted: 11,000 in, 9,000 back: −30.90 % a year (solved independently). The investor,
//   who put most money in at the top, did badly.
const timing: PortfolioInput = {
  portfolio: WITH_CASH,
  transactions: rows(
    { id: 'd1', type: 'DEPOSIT', tradeDate: '2023-01-01', amount: '1000' },
    {
      id: 'b1',
      type: 'BUY',
      tradeDate: '2023-01-01',
      instrumentCode: 'X',
      quantity: '10',
      unitPrice: '100',
    },
    { id: 'd2', type: 'DEPOSIT', tradeDate: '2023-07-01', amount: '10000' },
    {
      id: 'b2',
      type: 'BUY',
      tradeDate: '2023-07-01',
      instrumentCode: 'X',
      quantity: '50',
      unitPrice: '200',
    },
  ),
  prices: { X: series(['2023-01-01', '100'], ['2023-06-30', '200'], ['2023-12-31', '150']) },
}

describe('deposits timed badly: time- and money-weighted returns differ in sign', () => {
  const valueSeries = unwrap(computeValueSeries(timing, { to: '2023-12-31' }))

  it('time-weighted: +50 %', () => {
    const result = unwrap(timeWeightedReturn(valueSeries))
    expect(result.cumulative).toBeCloseTo(0.5, 12)
    expect(result.days).toBe(365)
    expect(result.annualized).toBeNull()
  })

  it('money-weighted: −30.90 %', () => {
    const result = unwrap(moneyWeightedReturn(valueSeries))
    expect(result.rate).toBeCloseTo(-0.3090189643433367, 9)
  })

  it('chains: the first half times the second half is the whole year', () => {
    const first = unwrap(timeWeightedReturn(valueSeries, { to: '2023-06-30' })).cumulative
    const second = unwrap(timeWeightedReturn(valueSeries, { from: '2023-07-01' })).cumulative
    expect(first).toBeCloseTo(1, 12)
    expect(second).toBeCloseTo(-0.25, 12)
  })
})

// The mirror case, checked by hand: 10,000 deposited and invested at 100; at 200 on 1 July, 90
// units are sold and the 18,000 withdrawn; the 10 units left end the year at 50 (500).
//   Time-weighted: ×2, then ×1 on the day of the withdrawal, then ×0.25: −50 %.
//   Money-weighted: 10,000 in, 18,500 back, most of it after half a year: +237.21 % a year
//   (solved independently).
const wellTimedWithdrawal: PortfolioInput = {
  portfolio: WITH_CASH,
  transactions: rows(
    { id: 'd1', type: 'DEPOSIT', tradeDate: '2023-01-01', amount: '10000' },
    {
      id: 'b1',
      type: 'BUY',
      tradeDate: '2023-01-01',
      instrumentCode: 'X',
      quantity: '100',
      unitPrice: '100',
    },
    {
      id: 's1',
      type: 'SELL',
      tradeDate: '2023-07-01',
      instrumentCode: 'X',
      quantity: '90',
      unitPrice: '200',
    },
    { id: 'w1', type: 'WITHDRAWAL', tradeDate: '2023-07-01', amount: '18000' },
  ),
  prices: { X: series(['2023-01-01', '100'], ['2023-06-30', '200'], ['2023-12-31', '50']) },
}

describe('a withdrawal timed well: the signs differ the other way', () => {
  const valueSeries = unwrap(computeValueSeries(wellTimedWithdrawal, { to: '2023-12-31' }))

  it('time-weighted: −50 %', () => {
    expect(unwrap(timeWeightedReturn(valueSeries)).cumulative).toBeCloseTo(-0.5, 12)
  })

  it('money-weighted: +237.21 %', () => {
    expect(unwrap(moneyWeightedReturn(valueSeries)).rate).toBeCloseTo(2.372119528990842, 9)
  })
})

describe('annualizing', () => {
  it('annualizes periods over a year: doubling in 730 days is √2 − 1 a year', () => {
    const input: PortfolioInput = {
      portfolio: TRY_AVERAGE,
      transactions: rows({
        id: 'b1',
        type: 'BUY',
        tradeDate: '2022-01-01',
        instrumentCode: 'X',
        quantity: '1',
        unitPrice: '100',
      }),
      prices: { X: series(['2022-01-01', '100'], ['2023-12-31', '200']) },
    }
    const result = unwrap(
      timeWeightedReturn(unwrap(computeValueSeries(input, { to: '2023-12-31' }))),
    )
    expect(result.days).toBe(730)
    expect(result.cumulative).toBeCloseTo(1, 12)
    expect(result.annualized).toBeCloseTo(Math.SQRT2 - 1, 12)
  })

  it('refuses a period outside the series', () => {
    const valueSeries = unwrap(computeValueSeries(timing, { from: '2023-01-01', to: '2023-12-31' }))
    const result = timeWeightedReturn(valueSeries, { from: '2022-12-31' })
    expect(result.ok ? null : result.error.code).toBe('invalid_range')
  })
})

// What a deposit left in cash does to the time-weighted return: on its own day it is no gain and
// no loss; afterwards it is part of the portfolio like any cash, so it dilutes later gains and
// losses of the securities (cash earns nothing). Two forms where that dilution cannot occur:
describe('a deposit left in cash does not change the time-weighted return', () => {
  const steps = fc.array(fc.integer({ min: 50, max: 200 }), { minLength: 3, maxLength: 10 })
  const deposits = fc.array(
    fc.record({
      day: fc.integer({ min: 0, max: 30 }),
      amount: fc.integer({ min: 1, max: 100_000 }),
    }),
    {
      minLength: 1,
      maxLength: 5,
    },
  )
  const day = (index: number) => `2024-01-${String(index + 1).padStart(2, '0')}`
  const twr = (transactions: Row[], prices: PortfolioInput['prices'], to: string) =>
    unwrap(
      timeWeightedReturn(
        unwrap(
          computeValueSeries(
            { portfolio: WITH_CASH, transactions: rows(...transactions), prices },
            { from: '2024-01-01', to },
          ),
        ),
      ),
    ).cumulative

  it('when the portfolio holds nothing else at the time: securities sold out before the deposits', () => {
    fc.assert(
      fc.property(steps, deposits, (closes, extra) => {
        // Buy on day 1, sell on the last close day; the deposits come after, on days 21-31.
        const last = closes.length - 1
        const prices = {
          X: closes.map((close, index): [string, string] => [day(index), String(close)]),
        }
        const trades: Row[] = [
          { id: 'd0', type: 'DEPOSIT', tradeDate: day(0), amount: '100000' },
          {
            id: 'b0',
            type: 'BUY',
            tradeDate: day(0),
            instrumentCode: 'X',
            quantity: '10',
            unitPrice: String(closes[0]),
          },
          {
            id: 's0',
            type: 'SELL',
            tradeDate: day(last),
            instrumentCode: 'X',
            quantity: '10',
            unitPrice: String(closes[last]),
          },
        ]
        const withDeposits = [
          ...trades,
          ...extra.map((deposit, index): Row => ({
            id: `x${index}`,
            type: 'DEPOSIT',
            tradeDate: day(20 + (deposit.day % 11)),
            amount: String(deposit.amount),
          })),
        ]
        const seriesPrices = { X: series(...prices.X) }
        expect(twr(withDeposits, seriesPrices, '2024-01-31')).toBeCloseTo(
          twr(trades, seriesPrices, '2024-01-31'),
          12,
        )
      }),
    )
  })

  it('when prices do not move after it: a deposit on the last day, its own sub-period unchanged', () => {
    fc.assert(
      fc.property(steps, fc.integer({ min: 1, max: 1_000_000 }), (closes, amount) => {
        const last = closes.length - 1
        const prices = {
          X: series(...closes.map((close, index): [string, string] => [day(index), String(close)])),
        }
        const trades: Row[] = [
          { id: 'd0', type: 'DEPOSIT', tradeDate: day(0), amount: '100000' },
          {
            id: 'b0',
            type: 'BUY',
            tradeDate: day(0),
            instrumentCode: 'X',
            quantity: '10',
            unitPrice: String(closes[0]),
          },
        ]
        // Deposited the day after the last close: prices carry forward, so that day's return is 0.
        const withDeposit = [
          ...trades,
          { id: 'x', type: 'DEPOSIT', tradeDate: day(last + 1), amount: String(amount) },
        ]
        expect(twr(withDeposit, prices, day(last + 1))).toBeCloseTo(
          twr(trades, prices, day(last + 1)),
          12,
        )
      }),
    )
  })
})
