import type { RouteName } from '../routes/route-table'
import type { PageDefinition } from './page-definition'

/**
 * Which page module shows each screen. Each module is its own chunk, loaded when first needed;
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

const modules = import.meta.glob<PageDefinition>('./*-page.tsx', { import: 'default' })

/** The page of a screen; rejects when its chunk cannot be loaded (e.g. after a deploy). */
export async function loadPage(name: RouteName): Promise<PageDefinition> {
  const load = modules[`./${PAGE_FILES[name]}.tsx`]
  if (!load) throw new Error(`No page module for ${name}`)
  return load()
}
