import { describe, expect, it } from 'vitest'
import { COUNTRIES, isCountry, isinCountry } from './countries'

describe('COUNTRIES', () => {
  it('holds the 249 codes of ISO 3166-1, each once, in order', () => {
    expect(COUNTRIES).toHaveLength(249)
    expect([...COUNTRIES].sort()).toEqual([...COUNTRIES])
    expect(new Set(COUNTRIES).size).toBe(249)
  })

  it('names every code in each language the app speaks', () => {
    for (const locale of ['tr', 'en', 'de']) {
      const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' })
      for (const code of COUNTRIES) expect(names.of(code), `${locale} ${code}`).toBeTruthy()
    }
  })

  it('leaves out codes that name no country', () => {
    for (const code of ['XS', 'EU', 'UK', 'XK', 'ZZ', 'de', 'DEU', '']) {
      expect(isCountry(code), code).toBe(false)
    }
  })
})

describe('isinCountry', () => {
  it.each([
    ['IE00B4L5Y983', 'IE'],
    ['DE0007164600', 'DE'],
    ['TRATHYAO91M5', 'TR'],
    ['US0378331005', 'US'],
  ])('reads %s as issued in %s', (isin, country) => expect(isinCountry(isin)).toBe(country))

  it('gives null for a prefix that is no country, and for no ISIN', () => {
    for (const isin of ['XS2314659447', 'EU000A1G0DV5', null, undefined, '']) {
      expect(isinCountry(isin)).toBeNull()
    }
  })
})
