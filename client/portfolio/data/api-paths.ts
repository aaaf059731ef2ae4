import type { PortfolioReport, TransactionPage } from '../../../shared/api/schemas'
import type { EXPORT_FORMATS } from '../../../shared/api/schemas/import'
import { rangeStart, type ChartRange } from '../chart-ranges'

/** The range the detail screen opens with (and the server renders). */
export const DEFAULT_RANGE: ChartRange = '1Y'

/**
 * The API GET paths of the portfolio screens. Each path is also its query's key in the browser's
 * query cache, so the server's snapshot and the browser's fetches meet under the same name.
 */
export const apiPaths = {
  portfolios: () => '/api/portfolios',
  portfolio: (id: string) => `/api/portfolios/${id}`,
  report: (id: string) => `/api/portfolios/${id}/report`,
  /** A range ending on the report's date (`asOf`), which server and browser agree on. */
  performance: (id: string, range: ChartRange, asOf: string) => {
    const from = rangeStart(range, asOf)
    const query = new URLSearchParams(from ? { from, to: asOf } : { to: asOf })
    return `/api/portfolios/${id}/performance?${query.toString()}`
  },
  /** One instrument's transactions, newest first; its screen shows them all (up to 500). */
  instrumentTransactions: (id: string, instrumentId: string) =>
    `/api/portfolios/${id}/transactions?${new URLSearchParams({ instrumentId, limit: '500' }).toString()}`,
  prices: (instrumentId: string, range: { from: string; to: string }) =>
    `/api/instruments/${instrumentId}/prices?${new URLSearchParams(range).toString()}`,
  /** Where an instrument's prices come from; fetched by the browser (its times are local). */
  quoteStatus: (instrumentId: string) => `/api/instruments/${instrumentId}/quote-status`,
  importMappings: () => '/api/import-mappings',
  /** What the price services list under a query (looking up what the catalog lacks). */
  instrumentLookup: (q: string) =>
    `/api/instruments/lookup?${new URLSearchParams({ q }).toString()}`,
}

/** Where a file is previewed or imported into a portfolio (a multipart POST). */
export const importPath = (id: string) => `/api/portfolios/${id}/imports`

/** A portfolio's transactions as a CSV file, downloaded by a link (the session cookie signs it). */
export const exportPath = (id: string, format: (typeof EXPORT_FORMATS)[number]) =>
  `/api/portfolios/${id}/export?${new URLSearchParams({ format }).toString()}`

/** Every cached GET of one portfolio starts with this (for invalidating after a change). */
export function portfolioPathPrefix(id: string): string {
  return `/api/portfolios/${id}`
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
