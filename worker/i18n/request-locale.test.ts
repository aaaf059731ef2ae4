import { describe, expect, it } from 'vitest'
import { acceptedLocale, pathOrAcceptedLocale } from './request-locale'

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
