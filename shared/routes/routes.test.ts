import { describe, expect, it } from 'vitest'
import { LOCALE_CODES } from '../i18n/locales'
import { buildPath, buildPathLoose, switchLocalePath } from './build-path'
import { localeOfPath, matchRoute } from './match-route'
import { canonicalRedirect } from './redirects'
import { ALL_URLS, EXPECTED_URLS, SAMPLE_ID, SAMPLE_PARAMS } from './route-fixtures'
import { ROUTE_NAMES } from './route-table'

describe('route table round trip', () => {
  it('has exactly the screens written out, each with a path of its own in every language', () => {
    expect([...ROUTE_NAMES].sort()).toEqual(Object.keys(EXPECTED_URLS).sort())
    const built = ROUTE_NAMES.flatMap((name) =>
      LOCALE_CODES.map((locale) => buildPathLoose(name, locale, SAMPLE_PARAMS)),
    )
    expect(new Set(built)).toEqual(new Set(ALL_URLS))
    expect(new Set(built).size).toBe(built.length)
  })

  for (const name of ROUTE_NAMES) {
    for (const locale of LOCALE_CODES) {
      const url = EXPECTED_URLS[name][locale]
      it(`${url} matches ${name}/${locale} and builds back to itself`, () => {
        const match = matchRoute(url)
        expect(match).not.toBeNull()
        expect(match?.name).toBe(name)
        expect(match?.locale).toBe(locale)
        expect(buildPathLoose(name, locale, match?.params ?? {})).toBe(url)
      })
    }
  }

  it('reads the transaction parameters', () => {
    expect(matchRoute(`/en/portfolio/${SAMPLE_ID}/transaction-BRK.B-berkshire-hathaway`)).toEqual({
      name: 'transaction',
      locale: 'en',
      params: { id: SAMPLE_ID, code: 'BRK.B', name: 'berkshire-hathaway' },
    })
  })

  it('builds typed paths', () => {
    expect(buildPath('pricing', 'de')).toBe('/de/preise')
    expect(buildPath('portfolio', 'tr', { id: SAMPLE_ID })).toBe(`/portfoyum/${SAMPLE_ID}`)
  })

  it('refuses to build a path with bad parameters', () => {
    expect(() => buildPathLoose('portfolio', 'en', {})).toThrow(/missing parameter id/)
    expect(() => buildPathLoose('portfolio', 'en', { id: 'not-a-uuid' })).toThrow(/malformed/)
  })
})

describe('unknown and malformed paths', () => {
  it.each([
    '/nope',
    '/fr',
    '/en/portfoyum',
    '/portfoyum/not-a-uuid',
    `/portfoyum/${SAMPLE_ID}/transaction--turk-hava-yollari`,
    `/portfoyum/${SAMPLE_ID}/transaction-THYAO-`,
    `/portfoyum/${SAMPLE_ID}/transaction-THY AO-x`,
    `/portfoyum/${SAMPLE_ID}/transaction-.X-x`,
    `/en/portfolio/${SAMPLE_ID.toUpperCase()}`,
    '/en/pricing/',
    '/tr',
    '/EN/pricing',
    '/en/profile/german-tax/1999',
    '/de/profil/steuern/25',
  ])('%s matches nothing', (path) => {
    expect(matchRoute(path)).toBeNull()
  })
})

describe('language switch', () => {
  for (const name of ROUTE_NAMES) {
    for (const from of LOCALE_CODES) {
      for (const to of LOCALE_CODES) {
        it(`${name}: ${from} -> ${to} keeps the screen and its params`, () => {
          const match = matchRoute(EXPECTED_URLS[name][from])
          if (!match) throw new Error('fixture does not match')
          expect(switchLocalePath(match, to)).toBe(EXPECTED_URLS[name][to])
        })
      }
    }
  }
})

describe('locale of a path', () => {
  it.each([
    ['/', 'tr'],
    ['/whatever', 'tr'],
    ['/en', 'en'],
    ['/en/x', 'en'],
    ['/de/x/y', 'de'],
    ['/english', 'tr'],
  ])('%s is %s', (path, locale) => {
    expect(localeOfPath(path)).toBe(locale)
  })
})

describe('canonical redirects', () => {
  it.each([
    ['/en/pricing/', '/en/pricing'],
    ['/en/', '/en'],
    ['/fiyatlandirma///', '/fiyatlandirma'],
    ['/tr', '/'],
    ['/tr/', '/'],
    ['/tr/fiyatlandirma', '/fiyatlandirma'],
    ['/tr/portfoyum/', '/portfoyum'],
    ['//evil.example/', '/evil.example'],
  ])('%s -> %s', (from, to) => {
    expect(canonicalRedirect(from)).toBe(to)
  })

  it.each(['/', '/en', '/fiyatlandirma', '/track', '/trend'])('%s stays', (path) => {
    expect(canonicalRedirect(path)).toBeNull()
  })
})
