import type { Decimal } from '../../../shared/decimal/decimal'
import { parseDecimal, ZERO } from '../../../shared/decimal/decimal'
import { fail, toResult } from '../errors'
import type { Result } from '../errors'
import { formatIsoDate, parseIsoDate } from '../iso-date'
import type { Observation } from '../ledger'
import type { SeriesByKey, SeriesPoint } from '../price-series'
import type { IndexValue, MonthlyIndex } from '../real-returns/monthly-index'
import { converted, deflated } from '../real-returns/transform-series'
import type { ValuePoint, ValueSeries } from '../value-series'

/** A day's cumulative return since the end of the day before the range. */
export interface CumulativePoint {
  date: string
  cumulative: number
}

/** A benchmark's closes over a range: its currency and the closes oldest first. */
export interface BenchmarkCloses {
  currency: string
  /** The close in force on the day before the range first, then every close up to its end. */
  closes: readonly SeriesPoint[]
}

/** How a benchmark's return is measured: in `baseCurrency`, real when `index` is given. */
export interface BenchmarkMeasure {
  baseCurrency: string
  /** `${benchmark currency}/${baseCurrency}`: units of the base per unit of the benchmark's. */
  fxRates: SeriesByKey
  index: MonthlyIndex | null
}

/** A benchmark's return over a range with everything it was computed from (docs/benchmark.md). */
export interface BenchmarkReturn {
  from: string
  to: string
  /** The close in force at the end of the day before the range (rule 2). */
  start: { date: string; price: Decimal }
  /** The newest close on or before the range's last day. */
  end: { date: string; price: Decimal }
  /** end ÷ start − 1, in the benchmark's own currency. */
  priceReturn: number
  /** The base currency per unit of the benchmark's on the day before and the last day (rule 5). */
  conversion: { start: Observation; end: Observation } | null
  /** The index on the day before the range and on its last day (rule 6). */
  deflation: { start: IndexValue; end: IndexValue; provisional: boolean } | null
  /**
   * The return in the measure: end ÷ start × rate end ÷ rate start × I(start) ÷ I(end) − 1, in
   * the order {@link explainBenchmark} shows it (the TWR of the converted, deflated series).
   */
  cumulative: number
  /** Each close's cumulative return in the measure, the range's first and last day included. */
  points: CumulativePoint[]
}

/** A close's price; a close that is no decimal is refused. */
function priceOf(close: SeriesPoint): Decimal {
  const price = parseDecimal(close.value)
  if (price === null || !price.gt(ZERO)) {
    fail('invalid_market_data', `The close of ${close.date} is not a price`, null, 'closes')
  }
  return price
}

function dayBefore(date: string): string {
  return formatIsoDate((parseIsoDate(date) ?? 0) - 1)
}

/** The benchmark held as one unit: its close each day, no money moving (rule 1). */
function heldSeries(
  benchmark: BenchmarkCloses,
  range: { from: string; to: string },
): { series: ValueSeries; start: SeriesPoint; end: SeriesPoint } {
  const opening = dayBefore(range.from)
  const closes = benchmark.closes.filter((close) => close.date <= range.to)
  const start = closes.findLast((close) => close.date <= opening)
  if (start === undefined) {
    fail('invalid_market_data', `The benchmark has no close on or before ${opening}`, null, 'from')
  }
  const end = closes.at(-1) ?? start
  const value = (close: SeriesPoint) => priceOf(close).toNumber()
  const startValue = value(start)
  const point = (date: string, close: SeriesPoint): ValuePoint => ({
    date,
    value: value(close),
    investedCapital: startValue,
    cumulativeGain: value(close) - startValue,
    inflow: 0,
    outflow: 0,
  })
  const inRange = closes.filter((close) => close.date >= range.from)
  const points: ValuePoint[] = []
  // The series has a point on its first and last day (ValueSeries.points).
  if (inRange[0]?.date !== range.from) points.push(point(range.from, start))
  for (const close of inRange) points.push(point(close.date, close))
  if (points.at(-1)?.date !== range.to) points.push(point(range.to, end))
  const series: ValueSeries = {
    baseCurrency: benchmark.currency,
    from: range.from,
    to: range.to,
    opening: { value: startValue, investedCapital: startValue },
    points,
  }
  return { series, start, end }
}

/**
 * A benchmark's return over `range`, bought at the close before it and held (docs/benchmark.md,
 * rules 1, 2, 5 and 6): its price return, converted into the base currency at each day's rate,
 * deflated by `measure.index` when given, with the daily curve and the closes, rates and index
 * values it read. Refused (`invalid_market_data` on `from`) without a close before the range;
 * `missing_fx_rate` and `missing_price_index` as the portfolio's own returns.
 *
 * @example benchmarkReturn({ currency: 'TRY', closes }, { baseCurrency: 'TRY', fxRates: {}, index: null }, { from: '2024-01-01', to: '2024-12-31' })
 */
export function benchmarkReturn(
  benchmark: BenchmarkCloses,
  measure: BenchmarkMeasure,
  range: { from: string; to: string },
): Result<BenchmarkReturn> {
  return toResult(() => {
    const held = heldSeries(benchmark, range)
    let series = held.series
    let conversion: BenchmarkReturn['conversion'] = null
    if (benchmark.currency !== measure.baseCurrency) {
      const inBase = converted(series, measure.baseCurrency, measure.fxRates)
      series = inBase.series
      conversion = { start: inBase.start, end: inBase.end }
    }
    let deflation: BenchmarkReturn['deflation'] = null
    if (measure.index !== null) {
      const real = deflated(series, measure.index)
      series = real.series
      deflation = { start: real.start, end: real.end, provisional: real.provisional }
    }
    const startPrice = priceOf(held.start)
    const endPrice = priceOf(held.end)
    let growth = endPrice.toNumber() / startPrice.toNumber()
    if (conversion !== null)
      growth = (growth * conversion.end.value.toNumber()) / conversion.start.value.toNumber()
    if (deflation !== null)
      growth = (growth * deflation.start.value.toNumber()) / deflation.end.value.toNumber()
    return {
      from: range.from,
      to: range.to,
      start: { date: held.start.date, price: startPrice },
      end: { date: held.end.date, price: endPrice },
      priceReturn: endPrice.div(startPrice).toNumber() - 1,
      conversion,
      deflation,
      cumulative: growth - 1,
      points: cumulativeReturns(series),
    }
  })
}

/**
 * A series' time-weighted return from the end of the day before its first day to each of its
 * days (docs/benchmark.md, rule 8): each day's (V_t + out_t) ÷ (V_t−1 + in_t) chained, a day
 * starting with nothing invested counting as no change, as {@link timeWeightedReturn} does. The
 * last point's is the series' TWR.
 */
export function cumulativeReturns(series: ValueSeries): CumulativePoint[] {
  let growth = 1
  let previous = series.opening.value
  return series.points.map((point) => {
    const invested = previous + point.inflow
    if (invested > 0) growth *= (point.value + point.outflow) / invested
    previous = point.value
    return { date: point.date, cumulative: growth - 1 }
  })
}
