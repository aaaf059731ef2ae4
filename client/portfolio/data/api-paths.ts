import type { PortfolioReport } from '../../api/schemas'

/**
 * The API GET paths of the portfolio screens. Each path is also its query's key in the browser's
 * query cache, so the server's snapshot and the browser's fetches meet under the same name.
 */
export const apiPaths = {
  portfolios: () => '/api/portfolios',
  portfolio: (id: string) => `/api/portfolios/${id}`,
  report: (id: string) => `/api/portfolios/${id}/report`,
  performance: (id: string, range: { from: string | null; to: string }) =>
    `/api/portfolios/${id}/performance?${new URLSearchParams(
      range.from ? { from: range.from, to: range.to } : { to: range.to },
    ).toString()}`,
  /** One instrument's transactions, newest first; its screen shows them all (up to 500). */
  instrumentTransactions: (id: string, instrumentId: string) =>
    `/api/portfolios/${id}/transactions?${new URLSearchParams({ instrumentId, limit: '500' }).toString()}`,
  prices: (instrumentId: string, range: { from: string; to: string }) =>
    `/api/instruments/${instrumentId}/prices?${new URLSearchParams(range).toString()}`,
}

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
