import type { ExportFormat, PortfolioReport, TransactionPage } from '../../../shared/api/schemas'
import type { Locale } from '../../../shared/i18n/locales'
import { api } from '../../api/browser-api'
import type { ChartRange } from '../chart-ranges'

/** The range the detail screen opens with (and the server renders). */
export const DEFAULT_RANGE: ChartRange = '1Y'

/**
 * A portfolio's transactions as a CSV file, downloaded by a link (the session cookie signs it),
 * in the page's language: a link sends the browser's `Accept-Language`, not the page's.
 */
export const exportPath = (id: string, format: ExportFormat, locale: Locale) =>
  api.api.portfolios[':id'].export.$path({ param: { id }, query: { format, locale } })

/** Every cached GET of one portfolio starts with this (for invalidating after a change). */
export function portfolioPathPrefix(id: string): string {
  return api.api.portfolios[':id'].$path({ param: { id } })
}

/** Every cached GET of one instrument (its prices, where they come from) starts with this. */
export function instrumentPathPrefix(id: string): string {
  return `${api.api.instruments[':id'].$path({ param: { id } })}/`
}

/** The instrument a portfolio holds or held under a code (any case), from its report. */
export function instrumentInReport(report: PortfolioReport, code: string) {
  const wanted = code.toUpperCase()
  const positions = [...report.holdings, ...report.closedPositions]
  return positions.find((position) => position.instrument.code === wanted)?.instrument ?? null
}

/**
 * The dates an instrument's price chart spans: from its first transaction to the report's date.
 * Null until its transactions are known.
 */
export function priceRange(
  page: TransactionPage | undefined,
  asOf: string,
): { from: string; to: string } | null {
  if (!page || page.transactions.length === 0) return null
  const first = page.transactions.reduce(
    (oldest, transaction) => (transaction.tradeDate < oldest ? transaction.tradeDate : oldest),
    asOf,
  )
  return { from: first, to: asOf }
}
