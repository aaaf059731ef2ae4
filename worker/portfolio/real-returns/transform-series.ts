import { ONE } from '../../../shared/decimal/decimal'
import { fail, toResult } from '../errors'
import type { Result } from '../errors'
import { formatIsoDate, parseIsoDate } from '../iso-date'
import type { Observation } from '../ledger'
import { MarketData } from '../price-series'
import type { SeriesByKey } from '../price-series'
import { seriesWindow } from '../series-window'
import type { ReturnPeriod } from '../series-window'
import type { ValuePoint, ValueSeries } from '../value-series'
import { IndexReader } from './monthly-index'
import type { IndexValue, MonthlyIndex } from './monthly-index'

/** A value series in the money of its last day (docs/real-returns.md, rules 4, 5 and 9). */
export interface DeflatedSeries {
  /** Cut to the period; every amount in the money of its last day. */
  series: ValueSeries
  /** The index on the day before the period: where its start value sits. */
  start: IndexValue
  /** The index on the period's last day: the base every amount is deflated to. */
  end: IndexValue
  /** An index value of some day was carried past the newest published month. */
  provisional: boolean
}

/** A value series in another currency (docs/real-returns.md, rules 5, 8 and 9). */
export interface ConvertedSeries {
  /** Cut to the period; every amount in `series.baseCurrency`, the currency converted into. */
  series: ValueSeries
  /** Units of the new currency per unit of the old on the day before the period. */
  start: Observation
  /** The same on the period's last day. */
  end: Observation
}

/**
 * `series` cut to `period`, each day's amounts times that day's factor: the value at the end of
 * a day and money taken out at the day's, money put in at the day before's (rule 5), each change
 * of invested capital at the day's (rule 9). A day without a point of its own gets one where the
 * factor changes, so a day without a point still has the value of the point before it.
 */
function scaledSeries(
  series: ValueSeries,
  period: ReturnPeriod | undefined,
  baseCurrency: string,
  factorOn: (date: string) => number,
): ValueSeries {
  const window = seriesWindow(series, period)
  const fromDay = parseIsoDate(window.from) as number
  const toDay = parseIsoDate(window.to) as number
  const first = series.points.findIndex((point) => point.date >= window.from)
  let nominal = series.points[(first < 0 ? series.points.length : first) - 1] ?? series.opening
  let previousFactor = factorOn(formatIsoDate(fromDay - 1))
  const opening = {
    value: nominal.value * previousFactor,
    investedCapital: nominal.investedCapital * previousFactor,
  }
  let investedCapital = opening.investedCapital
  const points: ValuePoint[] = []
  let next = 0
  for (let day = fromDay; day <= toDay; day++) {
    const date = formatIsoDate(day)
    const factor = factorOn(date)
    const own = window.points[next]?.date === date ? window.points[next++] : undefined
    if (own !== undefined) {
      investedCapital += (own.investedCapital - nominal.investedCapital) * factor
      nominal = own
    }
    if (own !== undefined || factor !== previousFactor || day === fromDay || day === toDay) {
      const value = nominal.value * factor
      points.push({
        date,
        value,
        investedCapital,
        cumulativeGain: value - investedCapital,
        inflow: (own?.inflow ?? 0) * previousFactor,
        outflow: (own?.outflow ?? 0) * factor,
      })
    }
    previousFactor = factor
  }
  return { baseCurrency, from: window.from, to: window.to, opening, points }
}

function dayBefore(date: string): string {
  return formatIsoDate((parseIsoDate(date) ?? 0) - 1)
}

/** {@link deflateSeries}, throwing its typed error. */
export function deflated(
  series: ValueSeries,
  index: MonthlyIndex,
  period?: ReturnPeriod,
): DeflatedSeries {
  const window = seriesWindow(series, period)
  const reader = new IndexReader(index)
  const end = reader.on(window.to)
  const start = reader.on(dayBefore(window.from))
  let provisional = false
  const factors = new Map<string, number>()
  const factorOn = (date: string): number => {
    const value = reader.on(date)
    provisional ||= value.provisional
    let factor = factors.get(value.valueMonth)
    if (factor === undefined) {
      factor = end.value.div(value.value).toNumber()
      factors.set(value.valueMonth, factor)
    }
    return factor
  }
  return {
    series: scaledSeries(series, period, series.baseCurrency, factorOn),
    start,
    end,
    provisional,
  }
}

/**
 * A value series and its flows deflated by a price index to the money of the period's last day
 * (docs/real-returns.md, rules 2–5 and 9), cut to the period. The index must be in force from the
 * day before the period.
 *
 * @example deflateSeries(series, tufe, { from: '2024-01-01', to: '2024-12-31' })
 */
export function deflateSeries(
  series: ValueSeries,
  index: MonthlyIndex,
  period?: ReturnPeriod,
): Result<DeflatedSeries> {
  return toResult(() => deflated(series, index, period))
}

const CURRENCY_CODE = /^[A-Z]{3}$/

/**
 * The rate in force on a day, as units of `currency` per unit of `baseCurrency` (rule 8), read
 * from `fxRates` as the engine reads them; `missing_fx_rate` on a day without one.
 */
export function rateReader(
  baseCurrency: string,
  currency: string,
  fxRates: SeriesByKey,
): (date: string) => Observation {
  if (!CURRENCY_CODE.test(currency)) {
    fail('invalid_currency', `"${currency}" is not a currency code`, null, 'currency')
  }
  // A market whose base is `currency` reads the rates in that direction.
  const rates =
    currency === baseCurrency ? null : new MarketData({}, fxRates, currency).fxSeries(baseCurrency)
  return (date) => {
    if (currency === baseCurrency) return { value: ONE, date }
    const found = rates?.at(date) ?? null
    if (found === null) {
      fail(
        'missing_fx_rate',
        `No ${baseCurrency}/${currency} rate in force on ${date}`,
        null,
        'fxRates',
      )
    }
    return found
  }
}

/** {@link convertSeries}, throwing its typed error. */
export function converted(
  series: ValueSeries,
  currency: string,
  fxRates: SeriesByKey,
  period?: ReturnPeriod,
): ConvertedSeries {
  const window = seriesWindow(series, period)
  const rateOn = rateReader(series.baseCurrency, currency, fxRates)
  const start = rateOn(dayBefore(window.from))
  const end = rateOn(window.to)
  return {
    series: scaledSeries(series, period, currency, (date) => rateOn(date).value.toNumber()),
    start,
    end,
  }
}

/**
 * A value series and its flows converted into `currency` at each day's reference rate
 * (docs/real-returns.md, rules 5, 8 and 9), cut to the period. Rates are read from `fxRates` as
 * the engine reads them (`'USD/TRY'`: lira per dollar, either direction, in force 10 days at most).
 *
 * @example convertSeries(series, 'USD', { 'USD/TRY': rates }, { from: '2024-01-01' })
 */
export function convertSeries(
  series: ValueSeries,
  currency: string,
  fxRates: SeriesByKey,
  period?: ReturnPeriod,
): Result<ConvertedSeries> {
  return toResult(() => converted(series, currency, fxRates, period))
}
