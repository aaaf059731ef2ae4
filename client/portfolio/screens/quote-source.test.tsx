import { describe, expect, it } from 'vitest'
import type { QuoteStatus } from '../../api/schemas'
import { loadMessages } from '../../i18n/messages'
import { createTranslator } from '../../i18n/translator'
import { quoteSourceText } from './quote-source'

const tefas: QuoteStatus = {
  provider: 'tefas',
  symbol: 'TTE',
  enabled: true,
  lastSuccessAt: '2026-11-25T15:20:00.000Z',
  lastError: null,
}

describe('quoteSourceText', async () => {
  const turkish = createTranslator('tr', await loadMessages('tr'))
  const german = createTranslator('de', await loadMessages('de'))
  const english = createTranslator('en', await loadMessages('en'))

  it('names the provider and when it last updated', () => {
    const { text, failed } = quoteSourceText(english, tefas)
    expect(text).toMatch(/^Prices from TEFAS · updated 11\/25\/26, \d{1,2}:20\s?[AP]M$/)
    expect(failed).toBe(false)
    expect(quoteSourceText(german, tefas).text).toMatch(
      /^Kurse von TEFAS · aktualisiert am 25\.11\.26, \d\d:20$/,
    )
  })

  it('says when and why the last attempt failed, when that is newer than the last success', () => {
    const status: QuoteStatus = {
      ...tefas,
      lastError: { at: '2026-11-26T01:00:00.000Z', code: 'server_error' },
    }
    const { text, failed } = quoteSourceText(turkish, status)
    expect(failed).toBe(true)
    expect(text).toMatch(/^Fiyatlar TEFAS kaynağından · 26\.11\.2026 \d\d:00 tarihli son deneme/)
    expect(text).toMatch(/sağlayıcının sunucuları hata verdi$/)
    const older = { ...status, lastError: { ...status.lastError!, at: '2026-11-24T01:00:00.000Z' } }
    expect(quoteSourceText(turkish, older).failed).toBe(false)
  })

  it('says prices are entered by hand without a provider, or with one that does not run here', () => {
    const manual: QuoteStatus = { ...tefas, provider: null, symbol: null, enabled: false }
    expect(quoteSourceText(english, manual).text).toBe('Prices are entered by hand.')
    const off: QuoteStatus = { ...tefas, provider: 'eodhd', symbol: 'AAPL.US', enabled: false }
    expect(quoteSourceText(german, off).text).toBe(
      'Automatische Kurse von EODHD sind hier nicht eingerichtet; Kurse werden von Hand erfasst.',
    )
  })

  it('says when a provider has not fetched yet', () => {
    expect(quoteSourceText(english, { ...tefas, lastSuccessAt: null }).text).toBe(
      'Prices from TEFAS · not fetched yet',
    )
  })
})
