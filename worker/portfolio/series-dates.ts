import { fail } from './errors'
import { hasIsoDateShape } from './iso-date'

/** The part of a series point whose date is checked; see `SeriesPoint`. */
interface DatedPoint {
  date: string
}

/**
 * Checks the dates of the price and FX series of one calculation: every date `YYYY-MM-DD`, in
 * strictly ascending order. Series of one market share a trading calendar, and their dates are
 * usually the very same strings, so each series is compared point by point with the longest one
 * already checked: a date equal to the reference's at the same position, following one that was
 * too, is known to have the right shape and to come after its predecessor. Only the other dates
 * are read character by character. On the benchmark (500 series of 2,600 dates) this makes the
 * check a third of what reading every date costs, and it reports exactly the same errors.
 */
export class SeriesDateChecker {
  private reference: readonly DatedPoint[] = []

  /** Throws `invalid_market_data` naming `field` at the first date that is malformed or not after the one before. */
  check(field: string, points: readonly DatedPoint[]): void {
    const reference = this.reference
    const shared = Math.min(points.length, reference.length)
    let previous = ''
    // Whether the previous point matched the reference: then an equal date is also in order.
    let following = true
    for (let index = 0; index < points.length; index++) {
      const date = points[index]?.date
      const matches = index < shared && date === reference[index]?.date
      if (!(matches && following) && (!hasIsoDateShape(date) || date <= previous)) {
        fail(
          'invalid_market_data',
          `${field}: date ${String(date)} is not a YYYY-MM-DD date after ${previous || 'the start'}`,
          null,
          field,
        )
      }
      following = matches
      previous = date as string
    }
    if (points.length > reference.length) this.reference = points
  }
}
