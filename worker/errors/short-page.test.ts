import { describe, expect, it } from 'vitest'
import { refusalLocale } from './short-page'

describe('refusalLocale', () => {
  it('takes the language of an /en or /de path prefix first', () => {
    expect(refusalLocale('/en/pricing', 'de-DE')).toBe('en')
    expect(refusalLocale('/de', 'en')).toBe('de')
  })

  it('otherwise takes Accept-Language, else Turkish', () => {
    expect(refusalLocale('/fiyatlandirma', 'de-DE,de;q=0.9')).toBe('de')
    expect(refusalLocale('/english', 'fr, en;q=0.5')).toBe('en')
    expect(refusalLocale('/en', undefined)).toBe('en')
    expect(refusalLocale('/', undefined)).toBe('tr')
    expect(refusalLocale('/', 'fr')).toBe('tr')
  })
})
