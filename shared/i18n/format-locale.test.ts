import { describe, expect, it } from 'vitest'
import { formatLocaleOf, formatPreference, isEnglishFormat } from './format-locale'

describe('formatPreference', () => {
  it('takes the first English tag of the browser whose region is offered', () => {
    expect(formatPreference(undefined, ['en-GB', 'en'])).toEqual({
      english: 'en-GB',
      chosen: false,
    })
    expect(formatPreference(undefined, ['de-DE', 'en-IE', 'en-US'])).toEqual({
      english: 'en-IE',
      chosen: false,
    })
    expect(formatPreference(undefined, ['en', 'en-CA', 'en-DE'])).toEqual({
      english: 'en-DE',
      chosen: false,
    })
    expect(formatPreference(undefined, ['EN-gb'])).toEqual({ english: 'en-GB', chosen: false })
  })

  it('is en-US without an offered English region: other languages never decide it', () => {
    expect(formatPreference(undefined, [])).toEqual({ english: 'en-US', chosen: false })
    expect(formatPreference(undefined, ['en', 'en-CA'])).toEqual({
      english: 'en-US',
      chosen: false,
    })
    expect(formatPreference(undefined, ['de-DE', 'tr-TR'])).toEqual({
      english: 'en-US',
      chosen: false,
    })
  })

  it('takes the profile’s choice over the browser', () => {
    expect(formatPreference('en-TR', ['en-GB'])).toEqual({ english: 'en-TR', chosen: true })
    expect(formatPreference('en-US', ['en-GB'])).toEqual({ english: 'en-US', chosen: true })
  })

  it('ignores a choice it does not offer', () => {
    for (const cookie of ['en-XX', 'de-DE', 'en-gb', 'en-GB ', '', 'en-GB;en-US']) {
      expect(formatPreference(cookie, ['en-GB']), cookie).toEqual({
        english: 'en-GB',
        chosen: false,
      })
    }
  })
})

describe('formatLocaleOf', () => {
  it('keeps tr-TR and de-DE whatever English follows', () => {
    const british = { english: 'en-GB', chosen: true } as const
    expect(formatLocaleOf('tr', british)).toBe('tr-TR')
    expect(formatLocaleOf('de', british)).toBe('de-DE')
    expect(formatLocaleOf('en', british)).toBe('en-GB')
  })
})

describe('isEnglishFormat', () => {
  it('names only the offered English regions', () => {
    expect(isEnglishFormat('en-IE')).toBe(true)
    expect(isEnglishFormat('tr-TR')).toBe(false)
    expect(isEnglishFormat(undefined)).toBe(false)
  })
})
