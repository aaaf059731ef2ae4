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
  profile: 'signed-out-page',
}
