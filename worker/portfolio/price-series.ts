import type { Decimal } from '../../shared/decimal/decimal'
import { ONE, parseDecimal } from '../../shared/decimal/decimal'
import { fail } from './errors'
import { hasIsoDateShape } from './iso-date'
import type { Observation } from './ledger'

/** One dated value: a closing price in the instrument's currency, or an FX rate. */
export interface SeriesPoint {
  date: string
  value: string
  /**
   * The last day the value may be carried to; after it, the series has none until its next
   * point. A reference rate is in force for 10 days after its publication at most: the API's
   * rates say until when (docs/fx-rates.md). Without it, a point is carried to the next.
   */
  validThrough?: string
}

/**
 * Series by key, each in ascending date order with one point per date. Prices are keyed by
 * instrument code; FX rates by pair, `'USD/TRY'` holding TRY per 1 USD.
 */
export type SeriesByKey = Readonly<Record<string, readonly SeriesPoint[]>>

type SeriesKind = 'price' | 'rate'

/**
 * One series, its dates checked when built, read at any date by carrying the last point forward
 * (no further than its `validThrough`).
 */
export class PriceSeries {
  // The last point found and read: valuations walk forward, so most reads repeat it.
  private lastIndex = -1
  private lastObservationIndex = -1
  private lastObservation: Observation | null = null

  constructor(
    private readonly field: string,
    private readonly points: readonly SeriesPoint[],
    private readonly kind: SeriesKind,
    private readonly inverted = false,
  ) {
    if (!Array.isArray(points))
      fail('invalid_market_data', `${field} is not a list of points`, null, field)
    let previous = ''
    for (const point of points) {
      const date: unknown = (point as Partial<SeriesPoint> | null)?.date
      if (!hasIsoDateShape(date) || date <= previous) {
        fail(
          'invalid_market_data',
          `${field}: date ${String(date)} is not a YYYY-MM-DD date after ${previous || 'the start'}`,
          null,
          field,
        )
      }
      const validThrough: unknown = (point as Partial<SeriesPoint>).validThrough
      if (validThrough !== undefined && (!hasIsoDateShape(validThrough) || validThrough < date)) {
        fail(
          'invalid_market_data',
          `${field} on ${date}: validThrough ${String(validThrough)} is not a YYYY-MM-DD date on or after it`,
          null,
          field,
        )
      }
      previous = date
    }
  }

  /**
   * The last point on or before `date`, or null: before the first point, or after that point's
   * `validThrough`.
   */
  at(date: string): Observation | null {
    const found = this.indexAt(date)
    this.lastIndex = found
    if (found < 0) return null
    const validThrough = (this.points[found] as SeriesPoint).validThrough
    if (validThrough !== undefined && validThrough < date) return null
    if (found !== this.lastObservationIndex) {
      this.lastObservation = {
        value: this.valueAt(found),
        date: (this.points[found] as SeriesPoint).date,
      }
      this.lastObservationIndex = found
    }
    return this.lastObservation
  }

  /** The first point on or after `date`, or null after the last one. */
  firstFrom(date: string): Observation | null {
    let low = 0
    let high = this.points.length - 1
    let found = -1
    while (low <= high) {
      const middle = (low + high) >>> 1
      if ((this.points[middle] as SeriesPoint).date >= date) {
        found = middle
        high = middle - 1
      } else low = middle + 1
    }
    if (found < 0) return null
    return { value: this.valueAt(found), date: (this.points[found] as SeriesPoint).date }
  }

  private indexAt(date: string): number {
    const points = this.points
    let found = this.lastIndex
    // Valuations ask for dates in ascending order: from the last point read, the answer is
    // usually that point or the next.
    if (found >= 0 && (points[found] as SeriesPoint).date <= date) {
      while (found + 1 < points.length && (points[found + 1] as SeriesPoint).date <= date) found++
      return found
    }
    let low = 0
    let high = points.length - 1
    found = -1
    while (low <= high) {
      const middle = (low + high) >>> 1
      if ((points[middle] as SeriesPoint).date <= date) {
        found = middle
        low = middle + 1
      } else high = middle - 1
    }
    return found
  }

  /** The value of a point; typed error when it is not a usable price or rate. */
  private valueAt(index: number): Decimal {
    const point = this.points[index] as SeriesPoint
    const value = parseDecimal(point.value)
    if (value === null || value.sign() < 0 || (value.isZero() && this.kind === 'rate')) {
      fail(
        'invalid_market_data',
        `${this.field} on ${point.date}: "${String(point.value)}" is not a ${this.kind === 'price' ? 'non-negative price' : 'positive rate'}`,
        null,
        this.field,
      )
    }
    return this.inverted ? ONE.div(value) : value
  }
}

/** The closing prices and FX rates a calculation reads, each series checked when first used. */
export class MarketData {
  private readonly priceCache = new Map<string, PriceSeries | null>()
  private readonly fxCache = new Map<string, PriceSeries | null>()

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
        ? new PriceSeries(`prices.${instrumentCode}`, this.prices[instrumentCode] ?? [], 'price')
        : null
      this.priceCache.set(instrumentCode, series)
    }
    return series
  }

  /**
   * Base-currency units per unit of `currency`: the pair `CUR/BASE`, else `BASE/CUR` inverted;
   * null when neither is given (callers fall back to the rates recorded on transactions, as on a
   * date the series has no rate in force).
   */
  fxSeries(currency: string): PriceSeries | null {
    let series = this.fxCache.get(currency)
    if (series === undefined) {
      const direct = `${currency}/${this.baseCurrency}`
      const inverse = `${this.baseCurrency}/${currency}`
      series = Object.hasOwn(this.fxRates, direct)
        ? new PriceSeries(`fxRates.${direct}`, this.fxRates[direct] ?? [], 'rate')
        : Object.hasOwn(this.fxRates, inverse)
          ? new PriceSeries(`fxRates.${inverse}`, this.fxRates[inverse] ?? [], 'rate', true)
          : null
      this.fxCache.set(currency, series)
    }
    return series
  }
}
