import type { DayChange } from '../../../shared/api/schemas'
import { dayChange, type PriceMove } from '../../portfolio'
import { asJson } from './as-json'
import { isStalePrice, type PriceFeed } from './stale-price'

/**
 * Whether an instrument's last move counts in the day's change on `asOf`: only when its price is
 * current. A stale price's last move may be months old, so it is left out (and the holding is
 * named as stale instead).
 */
export function countsInDayChange(
  asOf: string,
  feedOf: (instrumentId: string) => PriceFeed,
): (move: PriceMove) => boolean {
  return (move) => !isStalePrice(move.date, asOf, feedOf(move.instrumentCode))
}

/** The last trading day's change as the API answers it: of the moves that count. */
export function dayChangeJson(
  moves: readonly PriceMove[],
  asOf: string,
  feedOf: (instrumentId: string) => PriceFeed,
): DayChange {
  return asJson(dayChange(moves.filter(countsInDayChange(asOf, feedOf))))
}
