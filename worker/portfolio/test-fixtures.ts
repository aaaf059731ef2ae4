// Builders shared by this folder's tests: short portfolios written as rows, and unwrapping results.
import { expect } from 'vitest'
import type { Result } from './errors'
import type { ClosedPosition, Holding } from './holdings'
import type { PortfolioInput } from './portfolio-input'
import { analyzePortfolio } from './portfolio-report'
import type { PortfolioReport } from './portfolio-report'
import type { SeriesPoint } from './price-series'
import type { PortfolioSettings, TransactionInput } from './transactions'
import type { ValueSeries } from './value-series'

export const TRY_AVERAGE: PortfolioSettings = {
  baseCurrency: 'TRY',
  costBasisMethod: 'AVERAGE',
  recordsCash: false,
}
export const TRY_FIFO: PortfolioSettings = { ...TRY_AVERAGE, costBasisMethod: 'FIFO' }

export type Row = Partial<TransactionInput> & Pick<TransactionInput, 'id' | 'type' | 'tradeDate'>

/** Transactions from rows: sequence = position in the list, currency TRY unless given. */
export function rows(...list: Row[]): TransactionInput[] {
  return list.map((row, index) => ({ currency: 'TRY', sequence: index, ...row }))
}

/** A price series from `[date, value]` pairs. */
export function series(...points: [string, string][]): SeriesPoint[] {
  return points.map(([date, value]) => ({ date, value }))
}

/** The value of a result that must have succeeded. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok)
    throw new Error(`Expected success, got ${result.error.code}: ${result.error.message}`)
  return result.value
}

/** The series at the end of `date`: its point, else the one before (a day without a point). */
export function valueOn(
  valueSeries: ValueSeries,
  date: string,
): { value: number; investedCapital: number } {
  const before = valueSeries.points.filter((point) => point.date <= date).at(-1)
  return before
    ? { value: before.value, investedCapital: before.investedCapital }
    : valueSeries.opening
}

export function analyze(input: PortfolioInput, asOf: string): PortfolioReport {
  return unwrap(analyzePortfolio(input, { asOf }))
}

export function holdingOf(report: PortfolioReport, instrumentCode: string): Holding {
  const holding = report.holdings.find((candidate) => candidate.instrumentCode === instrumentCode)
  if (holding === undefined) throw new Error(`No holding ${instrumentCode}`)
  return holding
}

export function closedOf(report: PortfolioReport, instrumentCode: string): ClosedPosition {
  const closed = report.closedPositions.find((each) => each.instrumentCode === instrumentCode)
  if (closed === undefined) throw new Error(`No closed position ${instrumentCode}`)
  return closed
}

/** Asserts a failed result with the given code, naming the given transaction. */
export function expectError<T>(
  result: Result<T>,
  code: string,
  transactionId: string | null,
): void {
  expect(result.ok).toBe(false)
  if (result.ok) return
  expect(result.error.code).toBe(code)
  expect(result.error.transactionId).toBe(transactionId)
}
