import { LOCALES, DEFAULT_LOCALE } from '../../shared/i18n/locales'
import { buildPathLoose } from '../../shared/routes/build-path'
import { ROUTE_NAMES, routeAccess, type RouteName } from '../../shared/routes/route-table'

export interface PublicUrl {
  loc: string
  alternates: { hreflang: string; href: string }[]
}

/** Every public page in every language, each with its alternates (the sitemap's content). */
export function publicUrls(origin: string): PublicUrl[] {
  const publicRoutes = ROUTE_NAMES.filter((name) => routeAccess(name) === 'public')
  const urlOf = (name: RouteName, locale: (typeof LOCALES)[number]['code']) =>
    `${origin}${buildPathLoose(name, locale, {})}`
  return publicRoutes.flatMap((name) => {
    const alternates = [
      { hreflang: 'x-default', href: urlOf(name, DEFAULT_LOCALE) },
      ...LOCALES.map((locale) => ({ hreflang: locale.code, href: urlOf(name, locale.code) })),
      ...LOCALES.map((locale) => ({ hreflang: locale.iso, href: urlOf(name, locale.code) })),
    ]
    return LOCALES.map((locale) => ({ loc: urlOf(name, locale.code), alternates }))
  })
}
