import type { Locale } from '../../shared/i18n/locales'
import { legalSourcePath, type LegalDocument } from './legal-sources'

/** The legal documents and the date each was last changed (shown on the page). */
export const LEGAL_DOCUMENTS: Record<LegalDocument, { lastUpdated: string }> = {
  privacy: { lastUpdated: '2026-11-28' },
  terms: { lastUpdated: '2026-11-28' },
}

export type { LegalDocument }

const htmlLoaders = import.meta.glob<string>('/locales/legal/*.md', {
  query: '?html',
  import: 'default',
})

/** The document's body as HTML, rendered from Markdown at build time; loaded on demand. */
export async function loadLegalHtml(document: LegalDocument, locale: Locale): Promise<string> {
  const load = htmlLoaders[`/${legalSourcePath(document, locale)}`]
  if (!load) throw new Error(`No ${document} text in ${locale}`)
  return load()
}
