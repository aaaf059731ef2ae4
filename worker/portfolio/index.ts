// The portfolio engine's public API: pure functions from transactions and prices to figures.
// Formulas, for users: docs/portfolio-math.md; the model and its budget: docs/portfolio-engine.md.
export { analyzePortfolio, analyzePortfolioWithCapital } from './portfolio-report'
export type { PortfolioReport } from './portfolio-report'
export { dayChange } from './price-moves'
export type { DayChange, PriceMove } from './price-moves'
export { computeValueSeries } from './value-series'
export type { ValuePoint, ValueSeries } from './value-series'
export { timeWeightedReturn } from './time-weighted-return'
export type { TimeWeightedReturn } from './time-weighted-return'
export { moneyWeightedReturn } from './money-weighted-return'
export type { MoneyWeightedReturn } from './money-weighted-return'
export { xirr } from './xirr'
export { chainIndex, indexOn } from './real-returns/monthly-index'
export type { IndexMonth, IndexValue, MonthlyIndex } from './real-returns/monthly-index'
export { convertSeries, deflateSeries } from './real-returns/transform-series'
export type { ConvertedSeries, DeflatedSeries } from './real-returns/transform-series'
export { measuredTotals } from './real-returns/measured-totals'
export { explainMeasured } from './explain/explain-measured'
export type {
  MeasureFactor,
  MeasuredChange,
  MeasuredTotals,
  Measurement,
} from './real-returns/measured-totals'
export type { CapitalDay } from './invested-capital'
export {
  convertedMoneyWeightedReturn,
  convertedTimeWeightedReturn,
  realMoneyWeightedReturn,
  realTimeWeightedReturn,
} from './real-returns/real-returns'
export type { ConvertedReturn, RealReturn } from './real-returns/real-returns'
export { benchmarkReturn, cumulativeReturns } from './benchmark/benchmark-return'
export type { BenchmarkReturn, CumulativePoint } from './benchmark/benchmark-return'
export { explainBenchmark } from './benchmark/explain-benchmark'
export { explainReportFigure } from './explain/explain-report'
export { explainReturn } from './explain/explain-returns'
export { explainMeasuredReturn } from './explain/explain-measured-returns'
export type { SeriesMeasure } from './explain/explain-measured-returns'
export type { Derivation, Step, StepSource } from './explain/derivation'
export type { CashFlow, XirrResult } from './xirr'
export { transferInDetails } from './realized-gains'
export type { LotRecord, RealizedSale, TransferOut } from './realized-gains'
export type { ClosedPosition, Holding, PositionIncome } from './holdings'
export type { PortfolioTotals, YearTotals } from './totals'
export type { InvestedCapitalParts } from './invested-capital'
export type { NegativeCash } from './negative-cash'
export type { Amounts } from './amounts'
export type { Fraction } from './fraction'
export type { PriceSource } from './valuation'
export type { PortfolioInput } from './portfolio-input'
export type { ReturnPeriod } from './series-window'
export { valueChange } from './series-window'
export type { SeriesByKey, SeriesPoint } from './price-series'
export { COST_BASIS_METHODS, TRANSACTION_TYPES } from './transactions'
export type {
  CostBasisMethod,
  PortfolioSettings,
  TransactionInput,
  TransactionType,
} from './transactions'
export { PORTFOLIO_ERROR_CODES } from './errors'
export type { PortfolioError, PortfolioErrorCode, Result } from './errors'
export { MAX_TRANSACTIONS } from './size-limit'
export {
  DIVISION_DECIMAL_PLACES,
  Decimal,
  decimal,
  parseDecimal,
} from '../../shared/decimal/decimal'
