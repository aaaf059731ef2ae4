import type { Locale } from '../i18n/locales'
import { COMPILED_ROUTES, type CompiledRoute } from './compiled-routes'
import type { RouteName, RouteParams } from './route-table'
import type { RouteMatch } from './match-route'

const byNameAndLocale = new Map<string, CompiledRoute>(
  COMPILED_ROUTES.map((route) => [`${route.name}:${route.locale}`, route]),
)

/**
 * Builds the path of a screen in a language. Throws when a parameter is missing or malformed,
 * because a link to a path that cannot match is a programming error.
 * @example buildPath('portfolio', 'de', { id }) // '/de/portfolio/<id>'
 */
export function buildPath<Name extends RouteName>(
  name: Name,
  locale: Locale,
  ...[params]: keyof RouteParams<Name> extends never ? [] : [RouteParams<Name>]
): string {
  return buildPathLoose(name, locale, (params ?? {}) as Record<string, string>)
}

/** buildPath for callers that hold a route name only at run time (a matched route). */
export function buildPathLoose(
  name: RouteName,
  locale: Locale,
  params: Record<string, string>,
): string {
  const route = byNameAndLocale.get(`${name}:${locale}`)
  if (!route) throw new Error(`No route ${name} in ${locale}`)
  const path = route.pattern.replace(/\{(\w+)\}/g, (_, param: string) => {
    const value = params[param]
    if (value === undefined) throw new Error(`Route ${name}: missing parameter ${param}`)
    return value
  })
  if (!route.regex.test(path)) throw new Error(`Route ${name}: malformed parameters in ${path}`)
  return path
}

/**
 * The same screen, with the same parameters, in another language.
 * @example switchLocalePath({ name: 'pricing', locale: 'tr', params: {} }, 'de') // '/de/preise'
 */
export function switchLocalePath(match: RouteMatch, locale: Locale): string {
  return buildPathLoose(match.name, locale, match.params)
}
