import type { Instrument } from '../../../shared/api/schemas'
import { instrumentMarket } from '../../../shared/markets/instrument-market'
import {
  lastOpenDayBefore,
  openDaysBetween,
  type MarketCalendar,
} from '../../../shared/markets/market-calendar'
import type { PriceProvider } from '../../../shared/portfolio/price-providers'

/** A price more than this many trading days older than the report date is stale. */
export const STALE_AFTER_TRADING_DAYS = 5

/**
 * How a holding's price is kept: by hand or by a quote provider that runs here (`fetched`), and
 * the calendar of the market it trades on (shared/markets/market-calendar.ts).
 */
export interface PriceFeed {
  fetched: boolean
  market: MarketCalendar
}

/**
 * The feed of an instrument's price: fetched when it names a provider that runs here
 * (`enabled`), else by hand (no provider, or one without its key); either way on the calendar of
 * the market its prices come from.
 */
export function priceFeedOf(
  instrument: Pick<Instrument, 'priceProvider' | 'priceSymbol' | 'exchange'>,
  enabled: ReadonlySet<PriceProvider>,
): PriceFeed {
  const provider = instrument.priceProvider
  return {
    fetched: provider !== null && enabled.has(provider),
    market: instrumentMarket(instrument),
  }
}

/**
 * Whether a holding's price is stale on the report date, or missing altogether (valued at
 * cost). A price entered by hand is stale when its market has traded on more than 5 days since
 * (weekends and its holidays do not count); a fetched one, when older than its market's last
 * trading day before the report date (a provider's run after the close brings that day's).
 *
 * @example isStalePrice('2024-01-05', '2024-01-12', { fetched: false, market: 'weekdays' }) // false: Friday to Friday is 5 trading days
 * @example isStalePrice('2024-04-09', '2024-04-15', { fetched: true, market: 'bist' }) // false: 10–12 April is Ramazan Bayramı
 */
export function isStalePrice(
  priceDate: string | null,
  reportDate: string,
  feed: PriceFeed,
): boolean {
  if (priceDate === null) return true
  if (feed.fetched) return priceDate < lastOpenDayBefore(feed.market, reportDate)
  return openDaysBetween(feed.market, priceDate, reportDate) > STALE_AFTER_TRADING_DAYS
}
