import type { Locale } from '../../shared/i18n/locales'

export type LegalDocument = 'privacy' | 'terms'

/** Where a legal text lives; its loader and the worker's preload hints both read this. */
export function legalSourcePath(document: LegalDocument, locale: Locale): string {
  return `locales/legal/${document}.${locale}.md`
}
