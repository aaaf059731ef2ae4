import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TRY_AVERAGE, TRY_FIFO, analyze, expectError, rows, series, unwrap } from './test-fixtures'
import { computeValueSeries } from './value-series'

describe('the daily value series', () => {
  it('has a point for every calendar day, carrying prices over the weekend', () => {
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
        date: '2024-01-06',
        value: 1000,
        investedCapital: 1000,
        cumulativeGain: 0,
        inflow: 0,
        outflow: 0,
      },
      {
        date: '2024-01-07',
        value: 1000,
        investedCapital: 1000,
        cumulativeGain: 0,
        inflow: 0,
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
          const start = full.points.findIndex((point) => point.date === '2024-01-06')
          expect(tail.points).toEqual(full.points.slice(start))
          expect(tail.opening.value).toBe(full.points[start - 1]?.value)
          const last = full.points.at(-1)
          const totals = analyze(input, '2024-02-01').totals
          expect(last?.value).toBeCloseTo(totals.value.toNumber(), 6)
          expect(last?.investedCapital).toBeCloseTo(totals.investedCapital.toNumber(), 6)
        },
      ),
    )
  })
})
