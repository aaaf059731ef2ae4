import type { SessionView } from '../../shared/auth/viewer'
import type { MessageGroup } from '../../shared/i18n/message-groups'
import { legalSourcePath } from '../legal/legal-sources'
import type { RouteMatch } from '../../shared/routes/match-route'
import { routeAccess, type RouteName } from '../../shared/routes/route-table'

/**
 * Which page module (`client/pages/<file>.tsx`) shows each screen. Each module is its own chunk;
 * the worker reads this map to preload the chunk of the page it renders.
 */
export const PAGE_FILES: Record<RouteName, string> = {
  home: 'home-page',
  privacy: 'legal-page',
  terms: 'legal-page',
  pricing: 'pricing-page',
  portfolios: 'portfolios-page',
  portfolio: 'portfolio-page',
  transaction: 'transaction-page',
  germanTax: 'german-tax-page',
  turkishTax: 'turkish-tax-page',
  profile: 'profile-page',
  germanTaxPerson: 'german-tax-person-page',
  turkishTaxPerson: 'turkish-tax-person-page',
}

/**
 * The message groups (shared/i18n/message-groups.ts) each screen shows besides `core`; private
 * screens get the sign-in texts (`auth`) too, and any screen while the sign-in dialog is open.
 */
const PAGE_MESSAGES: Record<RouteName, readonly MessageGroup[]> = {
  home: ['home'],
  privacy: [],
  terms: [],
  pricing: ['pricing'],
  portfolios: ['portfolio'],
  portfolio: ['portfolio'],
  transaction: ['portfolio'],
  germanTax: ['portfolio', 'tax'],
  turkishTax: ['portfolio', 'tax'],
  profile: ['profile'],
  germanTaxPerson: ['portfolio', 'tax'],
  turkishTaxPerson: ['portfolio', 'tax'],
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

/**
 * The message groups a page screen shows: the shared ones, its page's own, and the sign-in
 * texts when the sign-in dialog is open or the screen is private (its gate, the second step).
 * The worker renders with exactly these and the browser hydrates with the same.
 */
export function pageMessageGroups(match: RouteMatch, session: SessionView): MessageGroup[] {
  const groups = new Set<MessageGroup>(['core', ...PAGE_MESSAGES[match.name]])
  if (session.dialog || routeAccess(match.name) === 'private') groups.add('auth')
  return [...groups]
}
