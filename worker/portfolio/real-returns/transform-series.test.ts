import { describe, expect, it } from 'vitest'
import { unwrap } from '../test-fixtures'
import type { ValueSeries } from '../value-series'
import { deflateSeries } from './transform-series'

const index = {
  code: 'CPI',
  months: [
    { month: '2024-01', value: '100' },
    { month: '2024-02', value: '125' },
  ],
}

// 1,000 held through January; 500 put in on Friday 2 February; nothing on the days between.
const series: ValueSeries = {
  baseCurrency: 'EUR',
  from: '2024-01-30',
  to: '2024-02-02',
  opening: { value: 1_000, investedCapital: 1_000 },
  points: [
    {
      date: '2024-01-30',
      value: 1_000,
      investedCapital: 1_000,
      cumulativeGain: 0,
      inflow: 0,
      outflow: 0,
    },
    {
      date: '2024-02-02',
      value: 1_500,
      investedCapital: 1_500,
      cumulativeGain: 0,
      inflow: 500,
      outflow: 0,
    },
  ],
}

describe('deflateSeries', () => {
  const deflated = unwrap(deflateSeries(series, index)).series

  it('gives the first of a month a point, so a day without one keeps the value before it', () => {
    expect(deflated.points.map((point) => [point.date, point.value])).toEqual([
      ['2024-01-30', 1_250],
      ['2024-02-01', 1_000],
      ['2024-02-02', 1_500],
    ])
  })

  it("counts invested capital's change at its day's index (rule 9), money put in at the day before's", () => {
    expect(deflated.opening).toEqual({ value: 1_250, investedCapital: 1_250 })
    expect(deflated.points[2]).toMatchObject({ inflow: 500, investedCapital: 1_750 })
    expect(deflated.points[2]?.cumulativeGain).toBe(-250)
  })
})
