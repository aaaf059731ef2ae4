import type postgres from 'postgres'
import type { Benchmark, BenchmarkMeasure, Instrument } from '../../../shared/api/schemas'
import type { MonthlyIndex, Result, SeriesPoint, ValueSeries } from '../../portfolio'
import type { RealIndex } from '../../../shared/portfolio/measures'
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
 * The range a benchmark is compared over: from `from` (or the portfolio's first transaction) to
 * `to`, but never from before the first transaction: the portfolio's TWR counts no day before
 * money arrives, so the benchmark starts then too (docs/benchmark.md, rule 2). 404 when the
 * portfolio is not the caller's.
 */
export async function benchmarkRange(
  sql: Sql,
  portfolioId: string,
  range: { from?: string | undefined; to: string },
): Promise<{ from: string; to: string }> {
  await portfolioSettings(sql, portfolioId)
  const first = (await portfolioFirstDay(sql, portfolioId)) ?? range.to
  const earliest = first < range.to ? first : range.to
  const from = range.from !== undefined && range.from > earliest ? range.from : earliest
  return { from, to: range.to }
}

/**
 * The engine's result; a month of the index the store lacks is a 422 naming the index and the
 * range's first month, which a real return needs first.
 */
function indexed<T>(result: Result<T>, index: RealIndex | null, from: string): T {
  if (!result.ok && result.error.code === 'missing_price_index' && index !== null) {
    throw new ApiProblem('real_index_missing', {
      index: { priceIndex: index },
      month: { month: dayBefore(from).slice(0, 7) },
    })
  }
  return valueOf(result)
}

/** The portfolio's TWR curve in the measure; null when nothing was invested over the range. */
function portfolioCurve(
  series: ValueSeries,
  index: MonthlyIndex | null,
  indexCode: RealIndex | null,
) {
  const measured =
    index === null ? series : indexed(deflateSeries(series, index), indexCode, series.from).series
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
 * benchmark has no close at all, `benchmark_no_start_price` when none before the range,
 * `real_index_missing` when real and the store lacks a month of the index; the engine's
 * `missing_fx_rate` as for the portfolio's own returns.
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
  // The index by its name in the measure (TÜFE's chained series is named by both its parts).
  const indexCode = data.kind === 'real' ? data.code : null
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
  const result = indexed(
    benchmarkReturn({ currency: instrument.currency, closes }, measure, range),
    indexCode,
    range.from,
  )
  const own = portfolioCurve(series, index, indexCode)
  const derivation = explainBenchmark(result, {
    instrumentId: instrument.id,
    currency: instrument.currency,
    indexCode,
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
        result.deflation === null || indexCode === null
          ? null
          : {
              code: indexCode,
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
