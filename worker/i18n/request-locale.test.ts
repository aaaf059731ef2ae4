import { describe, expect, it } from 'vitest'
import { acceptedFormats, acceptedLocale, pathOrAcceptedLocale } from './request-locale'

describe('acceptedLocale', () => {
  it('takes the spoken language with the highest q-value, then the first listed', () => {
    expect(acceptedLocale('fr, de-DE;q=0.9, en;q=0.8')).toBe('de')
    expect(acceptedLocale('en;q=0.5, de;q=0.7')).toBe('de')
    expect(acceptedLocale('EN-gb, de')).toBe('en')
    expect(acceptedLocale('de;q=0, en;q=0.1')).toBe('en')
  })

  it('falls back to Turkish', () => {
    expect(acceptedLocale(undefined)).toBe('tr')
    expect(acceptedLocale('fr, *')).toBe('tr')
    expect(acceptedLocale('den, english')).toBe('tr')
  })
})

describe('pathOrAcceptedLocale', () => {
  it('takes the language of an /en or /de path prefix first', () => {
    expect(pathOrAcceptedLocale('/en/pricing', 'de-DE')).toBe('en')
    expect(pathOrAcceptedLocale('/de', 'en')).toBe('de')
  })

  it('otherwise takes Accept-Language, else Turkish', () => {
    expect(pathOrAcceptedLocale('/fiyatlandirma', 'de-DE,de;q=0.9')).toBe('de')
    expect(pathOrAcceptedLocale('/english', 'fr, en;q=0.5')).toBe('en')
    expect(pathOrAcceptedLocale('/en', undefined)).toBe('en')
    expect(pathOrAcceptedLocale('/', undefined)).toBe('tr')
    expect(pathOrAcceptedLocale('/', 'fr')).toBe('tr')
  })
})

describe('acceptedFormats', () => {
  it('takes the English region of the highest q-value, then the first listed', () => {
    expect(acceptedFormats('en-GB,en;q=0.9', undefined).english).toBe('en-GB')
    expect(acceptedFormats('de-DE, en-GB;q=0.8, en-IE;q=0.9', undefined).english).toBe('en-IE')
    expect(acceptedFormats('en;q=1, en-US;q=0.5, en-TR;q=0.7', undefined).english).toBe('en-TR')
    expect(acceptedFormats('en-GB;q=0, en-AU;q=0.1', undefined).english).toBe('en-AU')
  })

  it('is en-US for a plain `en`, no English or no header', () => {
    expect(acceptedFormats('en', undefined)).toEqual({ english: 'en-US', chosen: false })
    expect(acceptedFormats('de-DE,de;q=0.9', undefined)).toEqual({
      english: 'en-US',
      chosen: false,
    })
    expect(acceptedFormats(undefined, undefined)).toEqual({ english: 'en-US', chosen: false })
  })

  it('takes the cookie’s choice over the header, and ignores a cookie it does not know', () => {
    expect(acceptedFormats('en-GB', 'en-DE')).toEqual({ english: 'en-DE', chosen: true })
    expect(acceptedFormats('en-GB', 'en-ZZ')).toEqual({ english: 'en-GB', chosen: false })
    expect(acceptedFormats('en-GB', '<script>')).toEqual({ english: 'en-GB', chosen: false })
  })
})
