import { listingVenue, type ListingVenue, type PriceProvider } from '../portfolio/price-providers'
import type { MarketCalendar } from './market-calendar'

/** The venues whose holidays are known; Börse Frankfurt keeps Xetra's calendar. */
const VENUE_CALENDARS: Partial<Record<ListingVenue, MarketCalendar>> = {
  bist: 'bist',
  xetra: 'xetra',
  frankfurt: 'xetra',
  us: 'nyse',
}

/** The calendar of each exchange as the catalog names it (docs/catalog.md). */
const EXCHANGE_CALENDARS: Readonly<Record<string, MarketCalendar>> = {
  BIST: 'bist',
  TEFAS: 'tefas',
  XETRA: 'xetra',
  FRANKFURT: 'xetra',
  NASDAQ: 'nyse',
  NYSE: 'nyse',
  NYSEAMER: 'nyse',
  NYSEARCA: 'nyse',
  CBOE: 'nyse',
  IEX: 'nyse',
  OTC: 'nyse',
}

/** What an instrument says about where its prices come from. */
export interface InstrumentSource {
  priceProvider: PriceProvider | null
  priceSymbol: string | null
  exchange: string | null
}

/**
 * The calendar of the market an instrument's prices come from: its provider's (CoinGecko every
 * day, TEFAS its business days, a listed symbol its exchange's), else its exchange's, else
 * weekdays with no holidays known.
 *
 * @example instrumentMarket({ priceProvider: 'yahoo', priceSymbol: 'SAP.DE', exchange: 'XETRA' }) // 'xetra'
 * @example instrumentMarket({ priceProvider: null, priceSymbol: null, exchange: 'BIST' }) // 'bist'
 */
export function instrumentMarket(instrument: InstrumentSource): MarketCalendar {
  const { priceProvider: provider, priceSymbol: symbol } = instrument
  if (provider === 'coingecko') return 'daily'
  if (provider === 'tefas') return 'tefas'
  const venue = provider !== null && symbol !== null ? listingVenue(provider, symbol) : null
  if (venue !== null) return VENUE_CALENDARS[venue] ?? 'weekdays'
  return EXCHANGE_CALENDARS[instrument.exchange ?? ''] ?? 'weekdays'
}
