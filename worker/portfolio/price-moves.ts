import type { Decimal } from '../../shared/decimal/decimal'
import { ZERO, sum } from '../../shared/decimal/decimal'
import { fractionOf } from './fraction'
import type { Fraction } from './fraction'
import { formatIsoDate, parseIsoDate } from './iso-date'
import type { Ledger, Observation } from './ledger'
import type { MarketData } from './price-series'
import type { Transaction } from './transactions'
import { fxRateOn } from './valuation'

/**
 * The last move of an instrument's price, on the units held at the close before it: what the
 * last trading day did to them (docs/portfolio-math.md, "The last trading day's change").
 */
export interface PriceMove {
  instrumentCode: string
  /** The date of the latest close on or before the report date. */
  date: string
  /** The date of the close before it. */
  previousDate: string
  /** Units held at the end of `previousDate`. */
  quantity: Decimal
  /** The same units after the splits up to `date`. */
  latestQuantity: Decimal
  previousPrice: Decimal
  latestPrice: Decimal
  /** Base-currency units per unit of the instrument's currency on each date. */
  previousFxRate: Decimal
  latestFxRate: Decimal
  /** Those units at the earlier close, base currency at that date's FX rate. */
  previousValue: Decimal
  /** Those units (as split up to `date`) at the latest close, at its date's FX rate, − `previousValue`. */
  change: Decimal
}

/** The change of a set of moves, each on its own last day. */
export interface DayChange {
  /** Base currency. */
  change: Decimal
  /** Change ÷ the moves' previous values; null when those are not positive. */
  return: Fraction | null
  /** The latest of the moves' dates; null without a move. */
  date: string | null
  /** The earliest of them: before `date` when holdings last moved on different days. */
  earliestDate: string | null
}

/** An instrument with two closes, waiting for the pass to reach the earlier one. */
interface Closes {
  instrumentCode: string
  latest: Observation
  previous: Observation
  previousDay: number
  latestDay: number
  /** Units held at the earlier close, once the pass is past it. */
  quantity: Decimal | null
  /** The same units after the splits up to the latest close. */
  splitQuantity: Decimal | null
}

/**
 * Follows the pass over the transactions up to the report date to learn, for each instrument
 * with two closes up to that date, the units held at the earlier one: call {@link reach} before
 * each transaction and {@link applied} after it, then {@link moves}.
 */
export class MoveTracker {
  /** By the earlier close's day, ascending. */
  private readonly closes: Closes[] = []
  private readonly byCode = new Map<string, Closes>()
  /** How many of `closes` have their units. */
  private reached = 0

  constructor(instrumentCodes: Iterable<string>, market: MarketData, asOf: string) {
    for (const instrumentCode of instrumentCodes) {
      const series = market.priceSeries(instrumentCode)
      const latest = series?.at(asOf) ?? null
      if (series === null || latest === null) continue
      const latestDay = parseIsoDate(latest.date) ?? 0
      const previous = series.at(formatIsoDate(latestDay - 1))
      if (previous === null) continue
      const previousDay = parseIsoDate(previous.date) ?? 0
      const closes: Closes = {
        instrumentCode,
        latest,
        previous,
        previousDay,
        latestDay,
        quantity: null,
        splitQuantity: null,
      }
      this.closes.push(closes)
      this.byCode.set(instrumentCode, closes)
    }
    this.closes.sort((a, b) => a.previousDay - b.previousDay)
  }

  /**
   * Before a transaction of `day`: every transaction up to an earlier close before that day has
   * been applied and none after it, so the units held then are the ledger's now.
   */
  reach(day: number, ledger: Ledger): void {
    while (this.reached < this.closes.length) {
      const closes = this.closes[this.reached] as Closes
      if (closes.previousDay >= day) return
      closes.quantity = ledger.positions.get(closes.instrumentCode)?.basis.quantity ?? ZERO
      closes.splitQuantity = closes.quantity
      this.reached++
    }
  }

  /** After a transaction: a split between the two closes multiplies the units counted. */
  applied(transaction: Transaction): void {
    if (transaction.type !== 'SPLIT') return
    const closes = this.byCode.get(transaction.instrumentCode)
    const units = closes?.splitQuantity ?? null
    if (closes === undefined || units === null || transaction.day > closes.latestDay) return
    closes.splitQuantity = units.share(transaction.newShares, transaction.oldShares)
  }

  /** Once every transaction up to the report date is applied: the moves, by instrument code. */
  moves(ledger: Ledger, market: MarketData): PriceMove[] {
    this.reach(Infinity, ledger)
    const moves: PriceMove[] = []
    for (const { instrumentCode, latest, previous, quantity, splitQuantity } of this.closes) {
      const position = ledger.positions.get(instrumentCode)
      if (quantity === null || splitQuantity === null || quantity.sign() <= 0) continue
      if (position === undefined) continue
      const previousFxRate = fxRateOn(position.currency, previous.date, market, ledger)
      const latestFxRate = fxRateOn(position.currency, latest.date, market, ledger)
      const previousValue = quantity.times(previous.value).times(previousFxRate)
      const value = splitQuantity.times(latest.value).times(latestFxRate)
      moves.push({
        instrumentCode,
        date: latest.date,
        previousDate: previous.date,
        quantity,
        latestQuantity: splitQuantity,
        previousPrice: previous.value,
        latestPrice: latest.value,
        previousFxRate,
        latestFxRate,
        previousValue,
        change: value.minus(previousValue),
      })
    }
    return moves.sort((a, b) => (a.instrumentCode < b.instrumentCode ? -1 : 1))
  }
}

/**
 * The portfolio's change from the moves that count (the caller leaves out holdings without a
 * current price): their sum, its share of their previous values, and the span of their dates.
 */
export function dayChange(moves: readonly PriceMove[]): DayChange {
  const change = sum(moves.map((move) => move.change))
  const dates = moves.map((move) => move.date).sort()
  return {
    change,
    return: fractionOf(change, sum(moves.map((move) => move.previousValue))),
    date: dates[dates.length - 1] ?? null,
    earliestDate: dates[0] ?? null,
  }
}
