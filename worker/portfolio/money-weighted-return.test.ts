import { describe, expect, it } from 'vitest'
import { moneyWeightedReturn } from './money-weighted-return'
import { TRY_AVERAGE, rows, series, unwrap } from './test-fixtures'
import { computeValueSeries } from './value-series'

describe('money-weighted return over a value series', () => {
  it('counts the value at the start as money paid in and the value at the end as received', () => {
    // Bought for 1,000 in 2022; worth 1,000 at the end of 2022 and 1,100 a year later: +10 %.
    const valueSeries = unwrap(
      computeValueSeries(
        {
          portfolio: TRY_AVERAGE,
          transactions: rows({
            id: 'b1',
            type: 'BUY',
            tradeDate: '2022-06-01',
            instrumentCode: 'X',
            quantity: '10',
            unitPrice: '100',
          }),
          prices: { X: series(['2022-06-01', '100'], ['2023-12-31', '110']) },
        },
        { to: '2023-12-31' },
      ),
    )
    const result = unwrap(
      moneyWeightedReturn(valueSeries, { from: '2023-01-01', to: '2023-12-31' }),
    )
    expect(result.rate).toBeCloseTo(0.1, 12)
    expect(result.days).toBe(365)
  })

  it('reports a total loss as −100 %', () => {
    const valueSeries = unwrap(
      computeValueSeries(
        {
          portfolio: TRY_AVERAGE,
          transactions: rows({
            id: 'b1',
            type: 'BUY',
            tradeDate: '2024-01-02',
            instrumentCode: 'X',
            quantity: '10',
            unitPrice: '100',
          }),
          prices: { X: series(['2024-01-02', '100'], ['2024-01-03', '0']) },
        },
        { to: '2024-01-05' },
      ),
    )
    expect(unwrap(moneyWeightedReturn(valueSeries)).rate).toBe(-1)
  })
})
