import type { RouteName } from '../../shared/routes/route-table'
import type { PageDefinition } from './page-definition'
import { PAGE_FILES } from './page-files'

const modules = import.meta.glob<PageDefinition>('./*-page.tsx', { import: 'default' })

/** The page of a screen, loaded on first use; rejects when its chunk cannot be fetched. */
export async function loadPage(name: RouteName): Promise<PageDefinition> {
  const load = modules[`./${PAGE_FILES[name]}.tsx`]
  if (!load) throw new Error(`No page module for ${name}`)
  return load()
}
