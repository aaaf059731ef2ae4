import { LOCALES, type Locale } from '../i18n/locales'
import { PARAM_PATTERNS, ROUTE_NAMES, ROUTES, type ParamName, type RouteName } from './route-table'

export interface CompiledRoute {
  name: RouteName
  locale: Locale
  pattern: string
  regex: RegExp
  paramNames: ParamName[]
}

const PARAM_TOKEN = /\{(\w+)\}/g

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function isParamName(name: string): name is ParamName {
  return name in PARAM_PATTERNS
}

function compile(name: RouteName, locale: Locale): CompiledRoute {
  const pattern: string = ROUTES[name].paths[locale]
  const paramNames: ParamName[] = []
  let source = ''
  let last = 0
  for (const token of pattern.matchAll(PARAM_TOKEN)) {
    const param = token[1] ?? ''
    if (!isParamName(param)) throw new Error(`Route ${name}: unknown parameter {${param}}`)
    paramNames.push(param)
    source += `${escapeRegex(pattern.slice(last, token.index))}(${PARAM_PATTERNS[param]})`
    last = token.index + token[0].length
  }
  source += escapeRegex(pattern.slice(last))
  return { name, locale, pattern, regex: new RegExp(`^${source}$`), paramNames }
}

/** Every route in every language, compiled once per isolate. */
export const COMPILED_ROUTES: readonly CompiledRoute[] = ROUTE_NAMES.flatMap((name) =>
  LOCALES.map((locale) => compile(name, locale.code)),
)
