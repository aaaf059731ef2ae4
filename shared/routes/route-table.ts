import type { Locale } from '../i18n/locales'

/**
 * The one route table: every screen, its path in each language, and who may see it.
 * Matching, link building, language switching, hreflang and the sitemap all derive from it.
 * `{param}` marks a parameter; its allowed shape is in PARAM_PATTERNS.
 */
export const ROUTES = {
  home: { access: 'public', paths: { tr: '/', en: '/en', de: '/de' } },
  privacy: {
    access: 'public',
    paths: {
      tr: '/legal/gizlilik-politikasi',
      en: '/en/legal/privacy-policies',
      de: '/de/legal/datenschutzrichtlinien',
    },
  },
  terms: {
    access: 'public',
    paths: {
      tr: '/legal/kullanim-sartlari',
      en: '/en/legal/terms-of-use',
      de: '/de/legal/nutzungsbedingungen',
    },
  },
  pricing: {
    access: 'public',
    paths: { tr: '/fiyatlandirma', en: '/en/pricing', de: '/de/preise' },
  },
  portfolios: {
    access: 'private',
    paths: { tr: '/portfoyum', en: '/en/portfolio', de: '/de/portfolio' },
  },
  portfolio: {
    access: 'private',
    paths: { tr: '/portfoyum/{id}', en: '/en/portfolio/{id}', de: '/de/portfolio/{id}' },
  },
  transaction: {
    access: 'private',
    paths: {
      tr: '/portfoyum/{id}/transaction-{code}-{name}',
      en: '/en/portfolio/{id}/transaction-{code}-{name}',
      de: '/de/portfolio/{id}/transaction-{code}-{name}',
    },
  },
  /** A portfolio's year as a German depot, laid out as the bank's Jahressteuerbescheinigung. */
  germanTax: {
    access: 'private',
    paths: {
      tr: '/portfoyum/{id}/almanya-vergisi/{year}',
      en: '/en/portfolio/{id}/german-tax/{year}',
      de: '/de/portfolio/{id}/steuern/{year}',
    },
  },
  /** A portfolio's year as the Turkish tax sees it: stopaj withheld and the beyanname. */
  turkishTax: {
    access: 'private',
    paths: {
      tr: '/portfoyum/{id}/vergi/{year}',
      en: '/en/portfolio/{id}/turkish-tax/{year}',
      de: '/de/portfolio/{id}/tuerkische-steuer/{year}',
    },
  },
  profile: { access: 'private', paths: { tr: '/profil', en: '/en/profile', de: '/de/profil' } },
  germanTaxPerson: {
    access: 'private',
    paths: {
      tr: '/profil/almanya-vergisi/{year}',
      en: '/en/profile/german-tax/{year}',
      de: '/de/profil/steuern/{year}',
    },
  },
  /** A Turkish resident's year across their portfolios: one beyanname for the person. */
  turkishTaxPerson: {
    access: 'private',
    paths: {
      tr: '/profil/vergi/{year}',
      en: '/en/profile/turkish-tax/{year}',
      de: '/de/profil/tuerkische-steuer/{year}',
    },
  },
} as const satisfies Record<string, RouteDefinition>

interface RouteDefinition {
  /** Private screens show personal data: never indexed, never cached by shared caches. */
  access: 'public' | 'private'
  paths: Record<Locale, string>
}

/**
 * What each parameter may look like. `id` is a portfolio's UUID, `code` an instrument code
 * (letters, digits and inner dots: THYAO, BRK.B), `name` a lower-case slug of its name, `year` a
 * calendar year (the API takes those from 2009).
 */
export const PARAM_PATTERNS = {
  id: '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
  code: '[A-Za-z0-9](?:[A-Za-z0-9.]{0,30}[A-Za-z0-9])?',
  name: '[a-z0-9]+(?:-[a-z0-9]+){0,20}',
  year: '20[0-9]{2}',
} as const

export type RouteName = keyof typeof ROUTES
export type ParamName = keyof typeof PARAM_PATTERNS

type ParamsIn<Path extends string> = Path extends `${string}{${infer Param}}${infer Rest}`
  ? Param | ParamsIn<Rest>
  : never

/** The parameters a route takes, read from its Turkish path (all languages take the same). */
export type RouteParams<Name extends RouteName> = {
  [Param in ParamsIn<(typeof ROUTES)[Name]['paths']['tr']>]: string
}

export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[]

export function routeAccess(name: RouteName): 'public' | 'private' {
  return ROUTES[name].access
}
