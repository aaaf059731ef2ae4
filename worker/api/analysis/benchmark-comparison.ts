import type postgres from 'postgres'
import type { Benchmark, BenchmarkMeasure, Instrument } from '../../../shared/api/schemas'
import type { MonthlyIndex, SeriesPoint, ValueSeries } from '../../portfolio'
import {
  benchmarkReturn,
  cumulativeReturns,
  explainBenchmark,
  deflateSeries,
  timeWeightedReturn,
  type IndexValue,
} from '../../portfolio'
import { addDays } from '../../fx/fx-dates'
import { ApiProblem } from '../api-problem'
import { measureData } from '../store/measure-data'
import { fxRatesBetween } from '../store/fx-store'
import { closesBetween } from '../store/price-store'
import { portfolioSettings } from '../store/portfolio-store'
import { portfolioFirstDay } from '../store/transaction-store'
import { dayBefore } from './analysis-input'
import { explanationJson } from './explanation-json'
import { rangeSeries, valueOf } from './portfolio-analysis'

type Sql = postgres.TransactionSql

/** A benchmark's stored closes from the one in force on the day before `from` up to `to`. */
export async function benchmarkCloses(
  sql: Sql,
  instrument: Instrument,
  range: { from: string; to: string },
): Promise<SeriesPoint[]> {
  const closes = await closesBetween(sql, [instrument.id], dayBefore(range.from), range.to)
  return closes[instrument.id] ?? []
}

/**
 * Whether `closes` can answer for the range: a close in force on the day before it (rule 3 of
 * docs/benchmark.md) and one within four days of its end (a weekend and a holiday). Otherwise
 * the price services are asked first.
 */
export function closesCover(closes: readonly SeriesPoint[], range: { from: string; to: string }) {
  const first = closes[0]
  const last = closes.at(-1)
  if (first === undefined || last === undefined) return false
  return first.date <= dayBefore(range.from) && last.date >= addDays(range.to, -4)
}

/**
 * The range a benchmark is compared over, as the performance route reads it: from `from`, or
 * the portfolio's first transaction, to `to`. 404 when the portfolio is not the caller's.
 */
export async function benchmarkRange(
  sql: Sql,
  portfolioId: string,
  range: { from?: string | undefined; to: string },
): Promise<{ from: string; to: string }> {
  await portfolioSettings(sql, portfolioId)
  if (range.from !== undefined) return { from: range.from, to: range.to }
  const first = (await portfolioFirstDay(sql, portfolioId)) ?? range.to
  return { from: first < range.to ? first : range.to, to: range.to }
}

/** The portfolio's TWR curve in the measure; null when nothing was invested over the range. */
function portfolioCurve(series: ValueSeries, index: MonthlyIndex | null) {
  const measured = index === null ? series : valueOf(deflateSeries(series, index)).series
  const twr = timeWeightedReturn(measured)
  if (!twr.ok) return { cumulative: null, points: [] }
  return { cumulative: twr.value.cumulative, points: cumulativeReturns(measured) }
}

const indexJson = (value: IndexValue) => ({
  month: value.month,
  value: value.value.toString(),
  valueMonth: value.valueMonth,
  provisional: value.provisional,
})

/**
 * The portfolio's time-weighted return and `instrument`'s return over the same range in
 * `measure`, with both daily curves (docs/benchmark.md). 422 `benchmark_no_prices` when the
 * benchmark has no close at all, `benchmark_no_start_price` when none before the range; the
 * engine's `missing_fx_rate` and `missing_price_index` as for the portfolio's own returns.
 */
export async function portfolioBenchmark(
  sql: Sql,
  portfolioId: string,
  instrument: Instrument,
  request: { range: { from: string; to: string }; measure: BenchmarkMeasure },
): Promise<Benchmark> {
  const portfolio = await portfolioSettings(sql, portfolioId)
  const base = portfolio.baseCurrency
  const series = await rangeSeries(sql, portfolio, request.range)
  const range = { from: series.from, to: series.to }
  const closes = await benchmarkCloses(sql, instrument, range)
  const first = closes[0]
  if (first === undefined) throw new ApiProblem('benchmark_no_prices', { name: instrument.name })
  if (first.date > dayBefore(range.from)) {
    throw new ApiProblem('benchmark_no_start_price', {
      name: instrument.name,
      date: { date: dayBefore(range.from) },
      first: { date: first.date },
    })
  }
  const data = await measureData(sql, base, request.measure, range)
  const index = data.kind === 'real' ? data.index : null
  const fxRates =
    instrument.currency === base
      ? {}
      : {
          [`${instrument.currency}/${base}`]: await fxRatesBetween(
            sql,
            instrument.currency,
            base,
            dayBefore(range.from),
            range.to,
          ),
        }
  const measure = { baseCurrency: base, fxRates, index }
  const result = valueOf(benchmarkReturn({ currency: instrument.currency, closes }, measure, range))
  const own = portfolioCurve(series, index)
  const derivation = explainBenchmark(result, {
    instrumentId: instrument.id,
    currency: instrument.currency,
    indexCode: index === null ? null : index.code,
  })
  return {
    baseCurrency: base,
    measure: request.measure,
    from: range.from,
    to: range.to,
    instrument,
    portfolio: own,
    benchmark: {
      cumulative: result.cumulative,
      priceReturn: result.priceReturn,
      currency: instrument.currency,
      start: { date: result.start.date, price: result.start.price.toString() },
      end: { date: result.end.date, price: result.end.price.toString() },
      rates:
        result.conversion === null
          ? null
          : {
              start: {
                date: result.conversion.start.date,
                rate: result.conversion.start.value.toString(),
              },
              end: {
                date: result.conversion.end.date,
                rate: result.conversion.end.value.toString(),
              },
            },
      index:
        result.deflation === null || index === null
          ? null
          : {
              code: index.code,
              start: indexJson(result.deflation.start),
              end: indexJson(result.deflation.end),
              provisional: result.deflation.provisional,
            },
      points: result.points,
      explanation: explanationJson(derivation, base, () => instrument),
    },
    difference: own.cumulative === null ? null : own.cumulative - result.cumulative,
  }
}
