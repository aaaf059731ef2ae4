import type { PortfolioList } from '../../../shared/api/schemas'

/**
 * The portfolios the list shows, and the plan's limit when they reach it (null while the plan
 * has room for another, or no limit). Those being deleted
 * (waiting for "Undo", or on their way to the API) are gone from both, so the screen never says
 * "no portfolio yet" under a banner that the plan's portfolios are used up.
 */
export function listedPortfolios(
  list: PortfolioList,
  leaving: ReadonlySet<string>,
): { portfolios: PortfolioList['portfolios']; limitReached: number | null } {
  const portfolios = list.portfolios.filter((portfolio) => !leaving.has(portfolio.id))
  const limit = list.limits.portfolios
  return { portfolios, limitReached: limit !== null && portfolios.length >= limit ? limit : null }
}
