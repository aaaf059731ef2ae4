import type { Locale } from '../i18n/locales'
import { COMPILED_ROUTES } from './compiled-routes'
import type { RouteName } from './route-table'

export interface RouteMatch {
  name: RouteName
  locale: Locale
  params: Record<string, string>
}

/**
 * Finds the screen a path shows, or null for an unknown path (a 404).
 * @example matchRoute('/en/pricing') // { name: 'pricing', locale: 'en', params: {} }
 */
export function matchRoute(pathname: string): RouteMatch | null {
  for (const route of COMPILED_ROUTES) {
    const found = route.regex.exec(pathname)
    if (!found) continue
    const params: Record<string, string> = {}
    route.paramNames.forEach((param, index) => {
      params[param] = found[index + 1] ?? ''
    })
    return { name: route.name, locale: route.locale, params }
  }
  return null
}

/**
 * The language a path is in, judged by its prefix alone: used where no route matches
 * (the 404 screen still speaks the visitor's language).
 */
export function localeOfPath(pathname: string): Locale {
  if (pathname === '/en' || pathname.startsWith('/en/')) return 'en'
  if (pathname === '/de' || pathname.startsWith('/de/')) return 'de'
  return 'tr'
}
