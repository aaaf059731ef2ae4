import type { Locale } from '../i18n/locales'

/**
 * Facts about the product and its operator, in one place: the legal pages, the SEO head and the
 * layout read them. The public origin is taken from the request unless SITE_URL is configured.
 */
export const SITE = {
  brand: 'Kıymet',
  operator: 'Kıymet',
  contactEmail: 'hello@kiymet.app',
  url: 'https://kiymet.app',
  ogImageWidth: 1200,
  ogImageHeight: 630,
} as const

/** The social preview image of a language (rendered by scripts/images/render-images.ts). */
export function ogImagePath(locale: Locale): string {
  return `/og-image-${locale}.png`
}
