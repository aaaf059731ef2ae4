import type { MarketCalendar } from '../../shared/markets/market-calendar'
import { fail } from './errors'
import { parseIsoDate } from './iso-date'
import { MarketData } from './price-series'
import type { SeriesByKey } from './price-series'
import { checkSize } from './size-limit'
import { orderTransactions } from './transaction-order'
import type { KeyedTransaction } from './transaction-order'
import { validatePortfolioSettings } from './transactions'
import type { PortfolioSettings, TransactionInput } from './transactions'

/** Everything the engine reads about one portfolio. */
export interface PortfolioInput {
  portfolio: PortfolioSettings
  transactions: readonly TransactionInput[]
  /** Closing prices by instrument code, in the instrument's currency. */
  prices?: SeriesByKey
  /** FX rates by pair: `'USD/TRY'` holds TRY per 1 USD. The inverse pair is used when needed. */
  fxRates?: SeriesByKey
  /**
   * The calendar of each instrument's market by instrument code, for the days of the value
   * series; an instrument not named trades on weekdays.
   */
  markets?: Readonly<Record<string, MarketCalendar>>
}

/** The input checked: transactions in the order they apply, market data ready to read. */
export interface PreparedInput {
  settings: PortfolioSettings
  transactions: KeyedTransaction[]
  market: MarketData
}

/** Checks a portfolio's size, settings and transaction keys; throws a typed error on the first problem. */
export function prepareInput(input: PortfolioInput): PreparedInput {
  checkSize(input.transactions)
  validatePortfolioSettings(input.portfolio)
  return {
    settings: input.portfolio,
    transactions: orderTransactions(input.transactions),
    market: new MarketData(input.prices ?? {}, input.fxRates ?? {}, input.portfolio.baseCurrency),
  }
}

/** The day number of a date option; typed error naming the option when it is not a date. */
export function dayOption(date: string, field: string): number {
  const day = parseIsoDate(date)
  if (day === null)
    fail('invalid_range', `${field} "${String(date)}" is not a YYYY-MM-DD date`, null, field)
  return day
}
