import { describe, expect, it } from 'vitest'
import { instrumentSlug } from './instrument-slug'

describe('instrumentSlug', () => {
  it('transliterates Turkish letters, capitals included', () => {
    expect(instrumentSlug('Türk Hava Yolları')).toBe('turk-hava-yollari')
    expect(instrumentSlug('ŞİŞECAM ĞÜÖÇ')).toBe('sisecam-guoc')
    expect(instrumentSlug('Işık Çağ')).toBe('isik-cag')
  })

  it('transliterates German letters', () => {
    expect(instrumentSlug('Münchener Rück Straße')).toBe('munchener-ruck-strasse')
    expect(instrumentSlug('GROẞ Öl')).toBe('gross-ol')
  })

  it('joins words with single hyphens and trims the ends', () => {
    expect(instrumentSlug('  Apple Inc. (Class A) — 2024 ')).toBe('apple-inc-class-a-2024')
  })

  it('is empty for a name without letters or digits', () => {
    expect(instrumentSlug('€ / $')).toBe('')
  })
})
