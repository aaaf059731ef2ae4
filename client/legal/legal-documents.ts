import type { Locale } from '../i18n/locales'

/** The legal documents and the date each was last changed (shown on the page). */
export const LEGAL_DOCUMENTS = {
  privacy: { lastUpdated: '2026-11-22' },
  terms: { lastUpdated: '2026-11-22' },
} as const

export type LegalDocument = keyof typeof LEGAL_DOCUMENTS

const htmlLoaders = import.meta.glob<string>('/locales/legal/*.md', {
  query: '?html',
  import: 'default',
})

/** The document's body as HTML, rendered from Markdown at build time; loaded on demand. */
export async function loadLegalHtml(document: LegalDocument, locale: Locale): Promise<string> {
  const load = htmlLoaders[`/locales/legal/${document}.${locale}.md`]
  if (!load) throw new Error(`No ${document} text in ${locale}`)
  return load()
}
