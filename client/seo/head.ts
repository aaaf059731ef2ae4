import { LOCALES, DEFAULT_LOCALE, localeInfo, type Locale } from '../../shared/i18n/locales'
import { switchLocalePath } from '../../shared/routes/build-path'
import type { RouteMatch } from '../../shared/routes/match-route'
import { SITE, ogImagePath } from '../../shared/site/site'

export interface HeadInput {
  /** The screen shown, or null for an error screen (which has no other-language versions). */
  match: RouteMatch | null
  locale: Locale
  /** This page's path, without query: canonical and og:url are built from it. */
  path: string
  /** The public origin, e.g. https://kiymet.app (no trailing slash). */
  origin: string
  title: string
  description: string
  indexable: boolean
}

export interface HeadLink {
  rel: 'canonical' | 'alternate'
  href: string
  hreflang?: string
}

export interface HeadMeta {
  /** `name` for standard meta tags, `property` for Open Graph. */
  key: 'name' | 'property'
  id: string
  content: string
}

/** Everything the document head says about a page; rendered by the worker, applied by the client. */
export interface Head {
  lang: string
  title: string
  links: HeadLink[]
  meta: HeadMeta[]
}

function alternateLinks(match: RouteMatch, origin: string): HeadLink[] {
  const urlIn = (locale: Locale) => `${origin}${switchLocalePath(match, locale)}`
  return [
    { rel: 'alternate', hreflang: 'x-default', href: urlIn(DEFAULT_LOCALE) },
    ...LOCALES.map((l): HeadLink => ({ rel: 'alternate', hreflang: l.code, href: urlIn(l.code) })),
    ...LOCALES.map((l): HeadLink => ({ rel: 'alternate', hreflang: l.iso, href: urlIn(l.code) })),
  ]
}

/**
 * Builds a page's SEO head: lang, title, description, canonical, hreflang alternates
 * (x-default, language-only and full tags), Open Graph, and robots for pages not to index.
 */
export function buildHead(input: HeadInput): Head {
  const info = localeInfo(input.locale)
  const canonical = `${input.origin}${input.path}`
  const meta: HeadMeta[] = [
    { key: 'name', id: 'description', content: input.description },
    { key: 'property', id: 'og:type', content: 'website' },
    { key: 'property', id: 'og:site_name', content: SITE.brand },
    { key: 'property', id: 'og:title', content: input.title },
    { key: 'property', id: 'og:description', content: input.description },
    { key: 'property', id: 'og:url', content: canonical },
    { key: 'property', id: 'og:image', content: `${input.origin}${ogImagePath(input.locale)}` },
    { key: 'property', id: 'og:image:width', content: String(SITE.ogImageWidth) },
    { key: 'property', id: 'og:image:height', content: String(SITE.ogImageHeight) },
    { key: 'property', id: 'og:locale', content: info.ogLocale },
    ...LOCALES.filter((l) => l.code !== input.locale).map((l): HeadMeta => ({
      key: 'property',
      id: 'og:locale:alternate',
      content: l.ogLocale,
    })),
    { key: 'name', id: 'twitter:card', content: 'summary_large_image' },
  ]
  if (!input.indexable) meta.push({ key: 'name', id: 'robots', content: 'noindex' })
  return {
    lang: info.iso,
    title: input.title,
    links: [
      { rel: 'canonical', href: canonical },
      ...(input.match ? alternateLinks(input.match, input.origin) : []),
    ],
    meta,
  }
}
