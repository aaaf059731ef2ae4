import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  TRY_AVERAGE,
  TRY_FIFO,
  analyze,
  expectError,
  rows,
  series,
  unwrap,
  valueOn,
} from './test-fixtures'
import { formatIsoDate, parseIsoDate } from './iso-date'
import { moneyWeightedReturn } from './money-weighted-return'
import type { PortfolioInput } from './portfolio-input'
import { timeWeightedReturn } from './time-weighted-return'
import { computeValueSeries, type ValueSeries } from './value-series'

describe('the daily value series', () => {
  it('has no point on a weekend, when nothing can change', () => {
    // Friday 5 January: 10 units at 100; the Monday close is 110.
    const valueSeries = unwrap(
      computeValueSeries(
        {
          portfolio: TRY_AVERAGE,
          transactions: rows({
            id: 'b1',
            type: 'BUY',
            tradeDate: '2024-01-05',
            instrumentCode: 'X',
            quantity: '10',
            unitPrice: '99',
            fee: '10',
          }),
          prices: { X: series(['2024-01-05', '100'], ['2024-01-08', '110']) },
        },
        { to: '2024-01-08' },
      ),
    )
    expect(valueSeries.from).toBe('2024-01-05')
    expect(valueSeries.opening).toEqual({ value: 0, investedCapital: 0 })
    expect(valueSeries.points).toEqual([
      {
        date: '2024-01-05',
        value: 1000,
        investedCapital: 1000,
        cumulativeGain: 0,
        inflow: 1000,
        outflow: 0,
      },
      {
        date: '2024-01-08',
        value: 1100,
        investedCapital: 1000,
        cumulativeGain: 100,
        inflow: 0,
        outflow: 0,
      },
    ])
  })

  it('starts a later range from the state the earlier transactions left', () => {
    const valueSeries = unwrap(
      computeValueSeries(
        {
          portfolio: TRY_AVERAGE,
          transactions: rows({
            id: 'b1',
            type: 'BUY',
            tradeDate: '2024-01-05',
            instrumentCode: 'X',
            quantity: '10',
            unitPrice: '100',
          }),
          prices: { X: series(['2024-01-05', '100'], ['2024-02-01', '120']) },
        },
        { from: '2024-02-01', to: '2024-02-02' },
      ),
    )
    expect(valueSeries.opening).toEqual({ value: 1000, investedCapital: 1000 })
    expect(valueSeries.points.map((point) => point.value)).toEqual([1200, 1200])
  })

  it('counts shares transferred at their market value as the day’s flow', () => {
    const valueSeries = unwrap(
      computeValueSeries(
        {
          portfolio: TRY_FIFO,
          transactions: rows(
            {
              id: 't1',
              type: 'TRANSFER_IN',
              tradeDate: '2024-01-02',
              instrumentCode: 'X',
              quantity: '10',
              unitPrice: '50',
            },
            {
              id: 't2',
              type: 'TRANSFER_OUT',
              tradeDate: '2024-01-03',
              instrumentCode: 'X',
              quantity: '4',
            },
          ),
          prices: { X: series(['2024-01-02', '80'], ['2024-01-03', '90']) },
        },
        { to: '2024-01-03' },
      ),
    )
    expect(
      valueSeries.points.map((point) => [
        point.inflow,
        point.outflow,
        point.value,
        point.investedCapital,
      ]),
    ).toEqual([
      [800, 0, 800, 500],
      [0, 360, 540, 300],
    ])
  })

  it('refuses a range that ends before it starts or a date that is not one', () => {
    const input = { portfolio: TRY_AVERAGE, transactions: [] }
    expectError(
      computeValueSeries(input, { from: '2024-02-01', to: '2024-01-01' }),
      'invalid_range',
      null,
    )
    expectError(computeValueSeries(input, { to: '2024-13-01' }), 'invalid_range', null)
  })

  it('ends where the exact holdings and totals end, and any later range matches it', () => {
    const money = fc.integer({ min: 1, max: 100_000_00 }).map((cents) => (cents / 100).toFixed(2))
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(
          fc.record({
            instrument: fc.constantFrom('A', 'B'),
            quantity: fc.integer({ min: 1, max: 100 }),
            price: money,
            close: money,
            sell: fc.boolean(),
          }),
          {
            minLength: 1,
            maxLength: 10,
          },
        ),
        (recordsCash, trades) => {
          const held = { A: 0, B: 0 }
          const transactions = rows(
            ...(recordsCash
              ? [{ id: 'd', type: 'DEPOSIT', tradeDate: '2024-01-01', amount: '50000' }]
              : []),
            ...trades.map((trade, index) => {
              const selling = trade.sell && held[trade.instrument] >= trade.quantity
              held[trade.instrument] += selling ? -trade.quantity : trade.quantity
              const currency = trade.instrument === 'A' ? 'TRY' : 'USD'
              return {
                id: `t${index}`,
                type: selling ? 'SELL' : 'BUY',
                tradeDate: `2024-01-${String(index + 2).padStart(2, '0')}`,
                instrumentCode: trade.instrument,
                currency,
                fxRate: currency === 'USD' ? '31.5' : null,
                quantity: String(trade.quantity),
                unitPrice: trade.price,
              }
            }),
          )
          const input = {
            portfolio: { ...TRY_FIFO, recordsCash },
            transactions,
            prices: Object.fromEntries(
              trades.map((trade, index) => [
                trade.instrument,
                series([`2024-01-${String(index + 2).padStart(2, '0')}`, trade.close]),
              ]),
            ),
            fxRates: { 'TRY/USD': series(['2024-01-10', '0.03125']) },
          }
          const full = unwrap(computeValueSeries(input, { to: '2024-02-01' }))
          const tail = unwrap(computeValueSeries(input, { from: '2024-01-06', to: '2024-02-01' }))
          // The range's first day is a point of its own; after it the two agree point by point.
          const after = (points: typeof full.points) => points.filter((p) => p.date > '2024-01-06')
          expect(after(tail.points)).toEqual(after(full.points))
          expect(tail.points[0]).toMatchObject(valueOn(full, '2024-01-06'))
          expect(tail.opening).toEqual(valueOn(full, '2024-01-05'))
          const last = full.points.at(-1)
          const totals = analyze(input, '2024-02-01').totals
          expect(last?.value).toBeCloseTo(totals.value.toNumber(), 6)
          expect(last?.investedCapital).toBeCloseTo(totals.investedCapital.toNumber(), 6)
        },
      ),
    )
  })
})

describe('the days of the value series', () => {
  // Tuesday 23 April 2024 is a Turkish holiday: Borsa Istanbul is closed, the ECB publishes.
  const buy = {
    id: 'b1',
    type: 'BUY',
    tradeDate: '2024-04-22',
    instrumentCode: 'THYAO',
    quantity: '10',
    unitPrice: '300',
  }
  const thyao = rows(buy)
  const prices = { THYAO: series(['2024-04-22', '300'], ['2024-04-24', '310']) }
  const dates = (valueSeries: { points: readonly { date: string }[] }) =>
    valueSeries.points.map((point) => point.date)

  it("leaves out a holiday of the holdings' market on which nothing changed", () => {
    const input = { portfolio: TRY_AVERAGE, transactions: thyao, prices }
    const range = { from: '2024-04-22', to: '2024-04-24' }
    const known = unwrap(computeValueSeries({ ...input, markets: { THYAO: 'bist' } }, range))
    expect(dates(known)).toEqual(['2024-04-22', '2024-04-24'])
    // A market whose holidays are not known trades that Tuesday, unchanged.
    expect(dates(unwrap(computeValueSeries(input, range)))).toEqual([
      '2024-04-22',
      '2024-04-23',
      '2024-04-24',
    ])
  })

  it('keeps a holiday on which a rate moved the value', () => {
    const input = {
      portfolio: { ...TRY_AVERAGE, baseCurrency: 'EUR' },
      transactions: rows({ ...buy, fxRate: '0.0286' }),
      prices,
      fxRates: { 'TRY/EUR': series(['2024-04-22', '0.0286'], ['2024-04-23', '0.0287']) },
      markets: { THYAO: 'bist' as const },
    }
    const valueSeries = unwrap(computeValueSeries(input, { from: '2024-04-22', to: '2024-04-24' }))
    expect(dates(valueSeries)).toEqual(['2024-04-22', '2024-04-23', '2024-04-24'])
  })

  it('gives every range the returns of the series with a point every day', () => {
    const money = fc.integer({ min: 1, max: 100_000 }).map(String)
    const day = fc.integer({ min: 0, max: 40 })
    fc.assert(
      fc.property(
        fc.array(fc.record({ day, quantity: fc.integer({ min: 1, max: 50 }), price: money }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.array(fc.record({ day, close: money }), { maxLength: 12 }),
        fc.tuple(day, day),
        (buys, closes, [a, b]) => {
          const date = (offset: number) => formatIsoDate((parseIsoDate('2024-04-01') ?? 0) + offset)
          const input: PortfolioInput = {
            portfolio: TRY_AVERAGE,
            transactions: rows(
              ...buys.map((buy, index) => ({
                id: `b${index}`,
                type: 'BUY' as const,
                tradeDate: date(buy.day),
                instrumentCode: 'THYAO',
                quantity: String(buy.quantity),
                unitPrice: buy.price,
              })),
            ),
            prices: {
              THYAO: [...new Map(closes.map((close) => [date(close.day), close.close]))]
                .sort(([x], [y]) => (x < y ? -1 : 1))
                .map(([when, value]) => ({ date: when, value })),
            },
            markets: { THYAO: 'bist' },
          }
          const sparse = unwrap(computeValueSeries(input, { from: date(0), to: date(40) }))
          // Every calendar day a point: a day left out repeats the point before it, with no flows.
          const daily: ValueSeries = {
            ...sparse,
            points: Array.from({ length: 41 }, (_, offset) => {
              const kept = sparse.points.find((point) => point.date === date(offset))
              const { value, investedCapital } = valueOn(sparse, date(offset))
              return (
                kept ?? {
                  date: date(offset),
                  value,
                  investedCapital,
                  cumulativeGain: value - investedCapital,
                  inflow: 0,
                  outflow: 0,
                }
              )
            }),
          }
          expect(sparse.points.length).toBeLessThan(daily.points.length)
          const period = { from: date(Math.min(a, b)), to: date(Math.max(a, b)) }
          expect(unwrap(timeWeightedReturn(sparse, period))).toEqual(
            unwrap(timeWeightedReturn(daily, period)),
          )
          expect(unwrap(moneyWeightedReturn(sparse, period))).toEqual(
            unwrap(moneyWeightedReturn(daily, period)),
          )
        },
      ),
      { numRuns: 60 },
    )
  })
})
