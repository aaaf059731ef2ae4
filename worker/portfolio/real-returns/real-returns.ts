import { fail, toResult } from '../errors'
import type { Result } from '../errors'
import type { Fraction } from '../fraction'
import type { Observation } from '../ledger'
import { moneyWeightedReturn } from '../money-weighted-return'
import type { MoneyWeightedReturn } from '../money-weighted-return'
import type { SeriesByKey } from '../price-series'
import type { ReturnPeriod } from '../series-window'
import { timeWeightedReturn } from '../time-weighted-return'
import type { TimeWeightedReturn } from '../time-weighted-return'
import type { ValueSeries } from '../value-series'
import type { IndexValue, MonthlyIndex } from './monthly-index'
import { converted, deflated } from './transform-series'

/** A return nominal and real (docs/real-returns.md). */
export interface RealReturn<T> {
  nominal: T
  /** The same return of the series deflated to the money of the period's last day. */
  real: T
  /** The index's change over the period: end ÷ start − 1. */
  inflation: Fraction
  /** The index on the day before the period. */
  start: IndexValue
  /** The index on the period's last day. */
  end: IndexValue
  /** An index value was carried past the newest published month: `real` will change. */
  provisional: boolean
}

/** A return in the series' currency and in another (docs/real-returns.md, rule 8). */
export interface ConvertedReturn<T> {
  currency: string
  nominal: T
  converted: T
  /** The change of the series' currency against `currency` over the period: end ÷ start − 1. */
  currencyChange: Fraction
  /** Units of `currency` per unit of the series' currency on the day before the period. */
  start: Observation
  /** The same on the period's last day. */
  end: Observation
}

/** The value of a nested calculation's result, its error passed on unchanged. */
function valueOf<T>(result: Result<T>): T {
  if (result.ok) return result.value
  const { code, message, transactionId, field } = result.error
  return fail(code, message, transactionId, field)
}

function realReturn<T>(
  calculate: (series: ValueSeries, period?: ReturnPeriod) => Result<T>,
  series: ValueSeries,
  index: MonthlyIndex,
  period?: ReturnPeriod,
): Result<RealReturn<T>> {
  return toResult(() => {
    const nominal = valueOf(calculate(series, period))
    const { series: real, start, end, provisional } = deflated(series, index, period)
    return {
      nominal,
      real: valueOf(calculate(real)),
      inflation: end.value.div(start.value).toNumber() - 1,
      start,
      end,
      provisional,
    }
  })
}

function convertedReturn<T>(
  calculate: (series: ValueSeries, period?: ReturnPeriod) => Result<T>,
  series: ValueSeries,
  currency: string,
  fxRates: SeriesByKey,
  period?: ReturnPeriod,
): Result<ConvertedReturn<T>> {
  return toResult(() => {
    const nominal = valueOf(calculate(series, period))
    const { series: other, start, end } = converted(series, currency, fxRates, period)
    return {
      currency,
      nominal,
      converted: valueOf(calculate(other)),
      currencyChange: end.value.div(start.value).toNumber() - 1,
      start,
      end,
    }
  })
}

/**
 * The time-weighted return nominal and real: the TWR of the deflated series, which is
 * (1 + nominal) ÷ (1 + inflation) − 1 (docs/real-returns.md, rule 6).
 *
 * @example realTimeWeightedReturn(series, tufe, { from: '2024-01-01', to: '2024-12-31' })
 */
export function realTimeWeightedReturn(
  series: ValueSeries,
  index: MonthlyIndex,
  period?: ReturnPeriod,
): Result<RealReturn<TimeWeightedReturn>> {
  return realReturn(timeWeightedReturn, series, index, period)
}

/**
 * The money-weighted return nominal and real: the XIRR of the deflated flows
 * (docs/real-returns.md, rule 7).
 *
 * @example realMoneyWeightedReturn(series, usCpi, { from: '2024-01-01', to: '2024-12-31' })
 */
export function realMoneyWeightedReturn(
  series: ValueSeries,
  index: MonthlyIndex,
  period?: ReturnPeriod,
): Result<RealReturn<MoneyWeightedReturn>> {
  return realReturn(moneyWeightedReturn, series, index, period)
}

/**
 * The time-weighted return in the series' currency and in `currency`, converted at each day's
 * rate (docs/real-returns.md, rule 8).
 *
 * @example convertedTimeWeightedReturn(series, 'USD', { 'USD/TRY': rates })
 */
export function convertedTimeWeightedReturn(
  series: ValueSeries,
  currency: string,
  fxRates: SeriesByKey,
  period?: ReturnPeriod,
): Result<ConvertedReturn<TimeWeightedReturn>> {
  return convertedReturn(timeWeightedReturn, series, currency, fxRates, period)
}

/**
 * The money-weighted return in the series' currency and in `currency`: the XIRR of the converted
 * flows (docs/real-returns.md, rule 8).
 *
 * @example convertedMoneyWeightedReturn(series, 'USD', { 'USD/TRY': rates })
 */
export function convertedMoneyWeightedReturn(
  series: ValueSeries,
  currency: string,
  fxRates: SeriesByKey,
  period?: ReturnPeriod,
): Result<ConvertedReturn<MoneyWeightedReturn>> {
  return convertedReturn(moneyWeightedReturn, series, currency, fxRates, period)
}
