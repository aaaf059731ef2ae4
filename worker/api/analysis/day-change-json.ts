import type { DayChange } from '../../../shared/api/schemas'
import { dayChange, type PriceMove } from '../../portfolio'
import { asJson } from './as-json'
import { isStalePrice, type PriceFeed } from './stale-price'

/**
 * The last trading day's change as the API answers it: the moves of the instruments whose price
 * is current on `asOf`. A stale price's last move may be months old, so it is left out (and the
 * holding is named as stale instead).
 */
export function dayChangeJson(
  moves: readonly PriceMove[],
  asOf: string,
  feedOf: (instrumentId: string) => PriceFeed,
): DayChange {
  const current = moves.filter(
    (move) => !isStalePrice(move.date, asOf, feedOf(move.instrumentCode)),
  )
  return asJson(dayChange(current))
}
