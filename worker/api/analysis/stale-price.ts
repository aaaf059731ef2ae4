import type { Instrument } from '../../../shared/api/schemas'
import {
  PRICE_PROVIDER_RULES,
  type MarketDays,
  type PriceProvider,
} from '../../../shared/portfolio/price-providers'
import { formatIsoDate, parseIsoDate } from '../../portfolio/iso-date'

/** A price more than this many trading days older than the report date is stale. */
export const STALE_AFTER_TRADING_DAYS = 5

// Day 0 (1970-01-01) was a Thursday: weekday 4 with Sunday as 0.
function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7
}

function isTradingDay(day: number): boolean {
  const dayOfWeek = weekday(day)
  return dayOfWeek !== 0 && dayOfWeek !== 6
}

/** Mondays to Fridays after `from` up to and including `to` (0 when `to` is not later). */
export function tradingDaysBetween(from: string, to: string): number {
  const start = parseIsoDate(from)
  const end = parseIsoDate(to)
  if (start === null || end === null || end <= start) return 0
  const days = end - start
  let count = Math.floor(days / 7) * 5
  for (let day = start + 1 + Math.floor(days / 7) * 7; day <= end; day++) {
    if (isTradingDay(day)) count++
  }
  return count
}

/**
 * How a holding's price is kept: by hand, or by a quote provider whose market closes every day
 * (crypto) or on weekdays (exchanges, Turkish funds).
 */
export type PriceFeed = 'manual' | MarketDays

/**
 * The feed of an instrument's price: its provider's market when it names a provider that runs
 * here (`enabled`), else by hand (no provider, or one without its key).
 */
export function priceFeedOf(
  instrument: Pick<Instrument, 'priceProvider'>,
  enabled: ReadonlySet<PriceProvider>,
): PriceFeed {
  const provider = instrument.priceProvider
  return provider !== null && enabled.has(provider)
    ? PRICE_PROVIDER_RULES[provider].market
    : 'manual'
}

/**
 * The last day a market has closed before `reportDate`: the day before (crypto), or the last
 * weekday before it (holidays are not known here). A provider's run after the close brings it.
 *
 * @example lastClosedDay('2024-01-08', 'weekdays') // '2024-01-05', the Friday before
 */
export function lastClosedDay(reportDate: string, market: MarketDays): string {
  let day = (parseIsoDate(reportDate) ?? 0) - 1
  while (market === 'weekdays' && !isTradingDay(day)) day--
  return formatIsoDate(day)
}

/**
 * Whether a holding's price is stale on the report date, or missing altogether (valued at
 * cost). A price entered by hand is stale when older than 5 trading days (Mon–Fri; exchange
 * holidays are not known here); a provider's, when older than its market's last closed day.
 *
 * @example isStalePrice('2024-01-05', '2024-01-12') // false: Friday to Friday is 5 trading days
 * @example isStalePrice('2024-01-10', '2024-01-12', 'weekdays') // true: Thursday's close is missing
 */
export function isStalePrice(
  priceDate: string | null,
  reportDate: string,
  feed: PriceFeed = 'manual',
): boolean {
  if (priceDate === null) return true
  if (feed !== 'manual') return priceDate < lastClosedDay(reportDate, feed)
  return tradingDaysBetween(priceDate, reportDate) > STALE_AFTER_TRADING_DAYS
}
