import type { Decimal } from './decimal'
import { ONE, divide, isDecimalText, parseDecimal } from './decimal'
import { fail } from './errors'
import { SeriesDateChecker, lastIndexOnOrBefore } from './series-dates'
import type { SharedDates } from './series-dates'

/** One dated value: a closing price in the instrument's currency, or an FX rate. */
export interface SeriesPoint {
  date: string
  value: string
}

/**
 * Series by key, each in ascending date order with one point per date. Prices are keyed by
 * instrument code; FX rates by pair, `'USD/TRY'` holding TRY per 1 USD.
 */
export type SeriesByKey = Readonly<Record<string, readonly SeriesPoint[]>>

/** A value and the date it was observed; carried forward to later dates. */
export interface Observation {
  value: Decimal
  date: string
}

type SeriesKind = 'price' | 'rate'

/** One validated series, read at any date by carrying the last known point forward. */
export class PriceSeries {
  private constructor(
    private readonly field: string,
    private readonly points: readonly SeriesPoint[],
    private readonly kind: SeriesKind,
    private readonly inverted: boolean,
    private readonly sharedDates: SharedDates,
  ) {}

  /**
   * Checks dates once (with `dates`, shared by the series of one calculation); values are
   * checked as they are read, so a price never used costs nothing.
   */
  static of(
    field: string,
    points: readonly SeriesPoint[],
    kind: SeriesKind,
    dates: SeriesDateChecker,
    inverted = false,
  ): PriceSeries {
    if (!Array.isArray(points))
      fail('invalid_market_data', `${field} is not a list of points`, null, field)
    return new PriceSeries(field, points, kind, inverted, dates.check(field, points))
  }

  get length(): number {
    return this.points.length
  }

  dateAt(index: number): string {
    return this.points[index]?.date ?? ''
  }

  /** The value of a point; typed error when it is not a usable price or rate. */
  valueAt(index: number): Decimal {
    const value = parseDecimal(this.text(index))
    const usable = value !== null && (value.isZero() ? this.kind === 'price' : value.sign() > 0)
    if (!usable) this.unusable(index)
    return this.inverted ? divide(ONE, value) : value
  }

  /** The value of a point as a float, for the daily series (see docs/portfolio-math.md). */
  numberAt(index: number): number {
    const text = this.text(index)
    const value = isDecimalText(text) ? Number(text) : NaN
    if (!this.usable(value)) this.unusable(index)
    return this.inverted ? 1 / value : value
  }

  private text(index: number): string {
    const value = this.points[index]?.value
    return typeof value === 'string' ? value : ''
  }

  private usable(value: number): boolean {
    return this.kind === 'price' ? value >= 0 : value > 0
  }

  private unusable(index: number): never {
    const point = this.points[index]
    return fail(
      'invalid_market_data',
      `${this.field} on ${point?.date ?? '?'}: "${String(point?.value)}" is not a ${this.kind === 'price' ? 'non-negative price' : 'positive rate'}`,
      null,
      this.field,
    )
  }

  /** The last point on or before `date`, or null before the first one. */
  at(date: string): Observation | null {
    const found = this.indexAt(date)
    return found < 0 ? null : { value: this.valueAt(found), date: this.dateAt(found) }
  }

  private indexAt(date: string): number {
    const { calendar, length } = this.sharedDates
    const index = calendar.indexAt(date)
    // The calendar's answer holds here when this series has the same dates at that index and
    // the next one (or ends with the calendar's dates right there).
    if (index + 1 < length || (index + 1 === length && length === this.points.length)) return index
    return lastIndexOnOrBefore(this.points, date)
  }
}

/** Walks a series forward day by day, for one-pass calculations. */
export class SeriesCursor {
  private index = -1

  constructor(private readonly series: PriceSeries) {}

  /** Moves to the last point on or before `date` (dates only move forward); true if it moved. */
  advanceTo(date: string): boolean {
    let next = this.index
    while (next + 1 < this.series.length && this.series.dateAt(next + 1) <= date) next++
    if (next === this.index) return false
    this.index = next
    return true
  }

  /** The current point's value as a float; null before the first point. */
  currentNumber(): number | null {
    return this.index < 0 ? null : this.series.numberAt(this.index)
  }
}

/** The closing prices and FX rates a calculation reads, validated when first used. */
export class MarketData {
  private readonly priceCache = new Map<string, PriceSeries | null>()
  private readonly fxCache = new Map<string, PriceSeries | null>()
  private readonly dates = new SeriesDateChecker()

  constructor(
    private readonly prices: SeriesByKey,
    private readonly fxRates: SeriesByKey,
    readonly baseCurrency: string,
  ) {}

  /** Closing prices of an instrument, or null when none are given. */
  priceSeries(instrumentCode: string): PriceSeries | null {
    let series = this.priceCache.get(instrumentCode)
    if (series === undefined) {
      series = Object.hasOwn(this.prices, instrumentCode)
        ? PriceSeries.of(
            `prices.${instrumentCode}`,
            this.prices[instrumentCode] ?? [],
            'price',
            this.dates,
          )
        : null
      this.priceCache.set(instrumentCode, series)
    }
    return series
  }

  /**
   * Base-currency units per unit of `currency`: the pair `CUR/BASE`, else `BASE/CUR` inverted;
   * null when neither is given (callers fall back to the rates recorded on transactions).
   */
  fxSeries(currency: string): PriceSeries | null {
    let series = this.fxCache.get(currency)
    if (series === undefined) {
      const direct = `${currency}/${this.baseCurrency}`
      const inverse = `${this.baseCurrency}/${currency}`
      series = Object.hasOwn(this.fxRates, direct)
        ? PriceSeries.of(`fxRates.${direct}`, this.fxRates[direct] ?? [], 'rate', this.dates)
        : Object.hasOwn(this.fxRates, inverse)
          ? PriceSeries.of(
              `fxRates.${inverse}`,
              this.fxRates[inverse] ?? [],
              'rate',
              this.dates,
              true,
            )
          : null
      this.fxCache.set(currency, series)
    }
    return series
  }
}
