import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { xirr } from './xirr'

function rateOf(result: ReturnType<typeof xirr>): number {
  if (result.rate === null) throw new Error(`No rate: ${result.reason}`)
  return result.rate
}

describe('xirr', () => {
  it('finds 10 % for 1,000 that became 1,100 in a year of 365 days', () => {
    const result = xirr([
      { date: '2023-01-01', amount: -1000 },
      { date: '2024-01-01', amount: 1100 },
    ])
    expect(rateOf(result)).toBeCloseTo(0.1, 12)
  })

  it('matches the spreadsheet XIRR documentation example (37.34 %)', () => {
    const result = xirr([
      { date: '2008-01-01', amount: -10000 },
      { date: '2008-03-01', amount: 2750 },
      { date: '2008-10-30', amount: 4250 },
      { date: '2009-02-15', amount: 3250 },
      { date: '2009-04-01', amount: 2750 },
    ])
    expect(rateOf(result)).toBeCloseTo(0.373362535, 8)
  })

  it('reads a total loss as −100 %', () => {
    expect(
      rateOf(
        xirr([
          { date: '2024-01-01', amount: -1000 },
          { date: '2024-06-01', amount: 0 },
        ]),
      ),
    ).toBe(-1)
  })

  it('converges for very short periods, gains and near-total losses alike', () => {
    // 1 % in one day is 1.01^365 − 1 = 3,678 % a year.
    const day = xirr([
      { date: '2024-01-01', amount: -100 },
      { date: '2024-01-02', amount: 101 },
    ])
    expect(rateOf(day)).toBeCloseTo(36.78343433288728, 6)
    // Half lost in one day: 0.5^365 − 1, indistinguishable from −100 % in a float.
    const crash = rateOf(
      xirr([
        { date: '2024-01-01', amount: -100 },
        { date: '2024-01-02', amount: 50 },
      ]),
    )
    expect(crash).toBeGreaterThanOrEqual(-1)
    expect(crash).toBeLessThan(-0.999999)
    // 99.99 % lost over ten years.
    const decade = xirr([
      { date: '2010-01-01', amount: -10000 },
      { date: '2020-01-01', amount: 1 },
    ])
    expect(rateOf(decade)).toBeCloseTo(0.0001 ** (365 / 3652) - 1, 10)
  })

  // −100 now, +300 in a year, −224 in two: 1.4 and 1.6 both solve −100 + 300/x − 224/x² = 0, so
  // 40 % and 60 % both balance the flows. They lie between the same powers of two, where a grid
  // of them saw no change of sign.
  it('finds both of two rates close together, and gives the one nearest 0 %', () => {
    const result = xirr([
      { date: '2021-01-01', amount: -100 },
      { date: '2022-01-01', amount: 300 },
      { date: '2023-01-01', amount: -224 },
    ])
    expect(rateOf(result)).toBeCloseTo(0.4, 12)
    // 10 % and 10.5 %: (1.1 + 1.105) and 1.1 × 1.105 as the flows.
    const close = xirr([
      { date: '2021-01-01', amount: -1 },
      { date: '2022-01-01', amount: 2.205 },
      { date: '2023-01-01', amount: -1.2155 },
    ])
    expect(rateOf(close)).toBeCloseTo(0.1, 10)
    // −20 % and +50 %: the loss is nearer 0 %.
    const mixed = xirr([
      { date: '2021-01-01', amount: -1 },
      { date: '2022-01-01', amount: 0.8 + 1.5 },
      { date: '2023-01-01', amount: -0.8 * 1.5 },
    ])
    expect(rateOf(mixed)).toBeCloseTo(-0.2, 10)
  })

  // Three rates balance these flows: −55.57 %, +10.33 % and about +180,600 %. The roots of the
  // flows' derivatives start after the first flow, where the largest rates once made every term
  // underflow to zero, so +10.33 % went unseen and −55.57 % was answered.
  it('finds every rate of flows with three, and gives the one nearest 0 %', () => {
    const flows = [
      { date: '2021-12-17', amount: -1845.11 },
      { date: '2022-04-14', amount: 20843.94 },
      { date: '2023-05-12', amount: -145.67 },
      { date: '2023-11-19', amount: -23174.81 },
      { date: '2026-11-22', amount: 1561.85 },
    ]
    const rate = rateOf(xirr(flows))
    expect(rate).toBeGreaterThan(0.103)
    expect(rate).toBeLessThan(0.104)
    expect(Math.abs(presentValue(flows, rate))).toBeLessThan(1e-6)
  })

  it('agrees with a fine scan of rates on random flows of mixed signs', () => {
    const dates = ['2020-01-01', '2020-09-15', '2021-06-30', '2022-03-01', '2023-12-31']
    // Paid in first, then each flow in or out.
    const amount = fc.double({ min: 1, max: 1000, noNaN: true })
    const flowsOf = fc
      .tuple(amount, fc.array(fc.tuple(fc.boolean(), amount), { minLength: 4, maxLength: 4 }))
      .map(([first, rest]) => [
        { date: dates[0] ?? '', amount: -first },
        ...rest.map(([paidIn, size], index) => ({
          date: dates[index + 1] ?? '',
          amount: paidIn ? -size : size,
        })),
      ])
    fc.assert(
      fc.property(flowsOf, (flows) => {
        const scanned = scannedRootNearestZero(flows)
        if (scanned === null) return
        // Compared as ln(1 + r), the scan's own step.
        const found = Math.log1p(rateOf(xirr(flows)))
        expect(Math.abs(found - Math.log1p(scanned))).toBeLessThan(0.002)
      }),
      { seed: 20261128, numRuns: 100 },
    )
    // A fine scan of each of 100 flow sets: seconds on a busy two-core runner.
  }, 30_000)

  it('says when no rate exists', () => {
    expect(xirr([])).toEqual({ rate: null, reason: 'no_investment' })
    expect(xirr([{ date: '2024-01-01', amount: 100 }])).toEqual({
      rate: null,
      reason: 'no_investment',
    })
    // Paid and received on the same day: every rate fits equally badly.
    expect(
      xirr([
        { date: '2024-01-01', amount: -100 },
        { date: '2024-01-01', amount: 50 },
      ]),
    ).toEqual({
      rate: null,
      reason: 'no_solution',
    })
    expect(
      xirr([
        { date: '2024-01-01', amount: -100 },
        { date: '2024-01-01', amount: 100 },
      ]),
    ).toEqual({ rate: null, reason: 'no_solution' })
    expect(xirr([{ date: '2024-02-30', amount: -100 }])).toEqual({
      rate: null,
      reason: 'invalid_flow',
    })
    expect(xirr([{ date: '2024-01-01', amount: Number.NaN }])).toEqual({
      rate: null,
      reason: 'invalid_flow',
    })
  })

  it('returns 0 % when what came back is exactly what went in', () => {
    const result = xirr([
      { date: '2023-01-01', amount: -1000 },
      { date: '2023-06-01', amount: 500 },
      { date: '2024-01-01', amount: 500 },
    ])
    expect(rateOf(result)).toBe(0)
  })

  it('takes flows in any order', () => {
    const result = xirr([
      { date: '2024-01-01', amount: 1100 },
      { date: '2023-01-01', amount: -1000 },
    ])
    expect(rateOf(result)).toBeCloseTo(0.1, 12)
  })
})

/** Σ CF / (1 + r)^(days / 365), from the first flow's date. */
function presentValue(flows: readonly { date: string; amount: number }[], rate: number): number {
  const start = Date.parse(flows[0]?.date ?? '')
  return flows.reduce((sum, flow) => {
    const years = (Date.parse(flow.date) - start) / 86_400_000 / 365
    return sum + flow.amount / (1 + rate) ** years
  }, 0)
}

/**
 * The rate nearest 0 % where the present value changes sign, scanning ln(1 + r) in steps of 0.001
 * from −99 % to +10,000 %.
 */
function scannedRootNearestZero(flows: readonly { date: string; amount: number }[]): number | null {
  let nearest: number | null = null
  let previous = presentValue(flows, -0.99)
  for (let x = Math.log(0.01) + 0.001; x < Math.log(101); x += 0.001) {
    const here = presentValue(flows, Math.expm1(x))
    if (Math.sign(here) !== Math.sign(previous)) {
      const rate = Math.expm1(x)
      if (nearest === null || Math.abs(rate) < Math.abs(nearest)) nearest = rate
    }
    previous = here
  }
  return nearest
}
