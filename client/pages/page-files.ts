import { legalSourcePath } from '../legal/legal-sources'
import type { RouteMatch } from '../routes/match-route'
import type { RouteName } from '../routes/route-table'

/**
 * Which page module (`client/pages/<file>.tsx`) shows each screen. Each module is its own chunk;
 * the worker reads this map to preload the chunk of the page it renders.
 */
export const PAGE_FILES: Record<RouteName, string> = {
  home: 'home-page',
  privacy: 'legal-page',
  terms: 'legal-page',
  pricing: 'pricing-page',
  portfolios: 'signed-out-page',
  portfolio: 'signed-out-page',
  transaction: 'signed-out-page',
  profile: 'profile-page',
}

/**
 * The source modules a screen loads before it can render (as keys of Vite's manifest): its page
 * module and, for legal screens, the text. The worker preloads their chunks with the page.
 */
export function pageSources(match: RouteMatch): string[] {
  const sources = [`client/pages/${PAGE_FILES[match.name]}.tsx`]
  if (match.name === 'privacy' || match.name === 'terms') {
    sources.push(`${legalSourcePath(match.name, match.locale)}?html`)
  }
  return sources
}
