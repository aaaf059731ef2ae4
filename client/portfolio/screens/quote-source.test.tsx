import { describe, expect, it } from 'vitest'
import type { QuoteStatus } from '../../../shared/api/schemas'
import { loadMessages } from '../../../shared/i18n/messages'
import { createTranslator } from '../../../shared/i18n/translator'
import { quoteSourceText, refreshOutcomeText } from './quote-source'

const thyao: QuoteStatus = {
  provider: 'yahoo',
  symbol: 'THYAO.IS',
  enabled: true,
  lastSuccessAt: '2026-11-28T01:20:00.000Z',
  lastError: null,
  latestClose: { date: '2026-11-27' },
}

describe('quoteSourceText', async () => {
  const turkish = createTranslator('tr', await loadMessages('tr'))
  const german = createTranslator('de', await loadMessages('de'))
  const english = createTranslator('en', await loadMessages('en'))

  it("names the listing's market and the day of the newest close, the provider after it", () => {
    expect(quoteSourceText(turkish, thyao)).toEqual({
      text: 'Borsa İstanbul kapanış fiyatı, 27.11.2026 (Yahoo Finance üzerinden)',
      failed: false,
    })
    expect(quoteSourceText(english, thyao).text).toBe(
      'Borsa Istanbul closing price, 11/27/26 (via Yahoo Finance)',
    )
    const vwce: QuoteStatus = { ...thyao, symbol: 'VWCE.DE' }
    expect(quoteSourceText(german, vwce).text).toBe(
      'Schlusskurs Xetra, 27.11.2026 (über Yahoo Finance)',
    )
    const apple: QuoteStatus = { ...thyao, provider: 'eodhd', symbol: 'AAPL.US' }
    expect(quoteSourceText(german, apple).text).toBe(
      'Schlusskurs US-Börsen, 27.11.2026 (über EODHD)',
    )
    expect(quoteSourceText(english, { ...thyao, symbol: 'BRK-B' }).text).toBe(
      'US exchanges closing price, 11/27/26 (via Yahoo Finance)',
    )
    // An EODHD exchange the app does not name: still plain words.
    const vienna: QuoteStatus = { ...thyao, provider: 'eodhd', symbol: 'EBS.VI' }
    expect(quoteSourceText(english, vienna).text).toBe(
      'Closing price on the exchange, 11/27/26 (via EODHD)',
    )
  })

  it("says a fund's price is its daily unit price published by TEFAS", () => {
    const fund: QuoteStatus = { ...thyao, provider: 'tefas', symbol: 'TTE' }
    expect(quoteSourceText(turkish, fund).text).toBe(
      "Fonun TEFAS'ta yayımlanan günlük birim fiyatı, 27.11.2026",
    )
    expect(quoteSourceText(english, fund).text).toBe(
      "The fund's daily unit price as published by TEFAS, 11/27/26",
    )
  })

  it("says a coin's price is the one at the end of the UTC day", () => {
    const coin: QuoteStatus = { ...thyao, provider: 'coingecko', symbol: 'bitcoin' }
    expect(quoteSourceText(german, coin).text).toBe(
      'Kryptokurs zum Ende des UTC-Tages, 27.11.2026 (über CoinGecko)',
    )
    expect(quoteSourceText(english, coin).text).toBe(
      'Crypto price at the end of the UTC day, 11/27/26 (via CoinGecko)',
    )
  })

  it('says the first price will arrive when none has been fetched yet', () => {
    const fresh: QuoteStatus = { ...thyao, lastSuccessAt: null, latestClose: null }
    expect(quoteSourceText(english, fresh)).toEqual({
      text: 'Borsa Istanbul closing price (via Yahoo Finance): no price yet — it arrives automatically with the next nightly update.',
      failed: false,
    })
    expect(quoteSourceText(turkish, fresh).text).toBe(
      'Borsa İstanbul kapanış fiyatı (Yahoo Finance üzerinden): henüz fiyat yok; ilk fiyat bir sonraki gece güncellemesiyle otomatik olarak gelecek.',
    )
  })

  it('says why the last attempt failed, that it is tried again, and what to do meanwhile', () => {
    const status: QuoteStatus = {
      ...thyao,
      lastError: { at: '2026-11-29T01:00:00.000Z', code: 'unreachable' },
    }
    const { text, failed } = quoteSourceText(english, status)
    expect(failed).toBe(true)
    expect(text).toMatch(
      /^Borsa Istanbul closing price, 11\/27\/26 \(via Yahoo Finance\)\. The last update, on 11\/2[89]\/26, \d{1,2}:00\s?[AP]M, failed: the price service could not be reached\. /,
    )
    expect(text).toMatch(
      /Kıymet tries again every night; meanwhile you can enter a price by hand under “Enter a price”\.$/,
    )
    const german429 = quoteSourceText(german, {
      ...status,
      lastError: { ...status.lastError!, code: 'rate_limited' },
    }).text
    expect(german429).toMatch(/^Schlusskurs Borsa Istanbul, 27\.11\.2026 \(über Yahoo Finance\)\. /)
    expect(german429).toMatch(
      /fehlgeschlagen: der Kursdienst war überlastet und hat die Anfrage abgewiesen\. Kıymet versucht es jede Nacht erneut; bis dahin können Sie unter „Kurs eingeben“ einen Kurs von Hand erfassen\.$/,
    )
    // A failure before the last success is over.
    const older = { ...status, lastError: { ...status.lastError!, at: '2026-11-24T01:00:00.000Z' } }
    expect(quoteSourceText(turkish, older).failed).toBe(false)
  })

  it('says a failed first attempt without a date, and the failure in Turkish', () => {
    const status: QuoteStatus = {
      ...thyao,
      provider: 'tefas',
      symbol: 'TTE',
      lastSuccessAt: null,
      latestClose: null,
      lastError: { at: '2026-11-29T01:00:00.000Z', code: 'server_error' },
    }
    const { text, failed } = quoteSourceText(turkish, status)
    expect(failed).toBe(true)
    expect(text).toMatch(
      /^Fonun TEFAS'ta yayımlanan günlük birim fiyatı\. 29\.11\.2026 \d\d:00 tarihindeki son güncelleme başarısız oldu: fiyat servisinde teknik bir sorun oluştu\. Kıymet her gece yeniden dener; bu arada “Fiyat girin” bölümünden fiyatı elle girebilirsiniz\.$/,
    )
  })

  it('says automatic prices are not available here, and prices are entered by hand', () => {
    const off: QuoteStatus = { ...thyao, provider: 'eodhd', symbol: 'AAPL.US', enabled: false }
    expect(quoteSourceText(english, off)).toEqual({
      text: 'Automatic prices are not available on this installation, so prices are entered by hand under “Enter a price”.',
      failed: false,
    })
    expect(quoteSourceText(german, off).text).toBe(
      'Automatische Kurse sind in dieser Installation nicht verfügbar; Kurse werden unter „Kurs eingeben“ von Hand erfasst.',
    )
  })

  it('says prices are entered by hand without a provider, and where', () => {
    const manual: QuoteStatus = {
      ...thyao,
      provider: null,
      symbol: null,
      enabled: false,
      lastSuccessAt: null,
      latestClose: null,
    }
    expect(quoteSourceText(english, manual).text).toBe(
      "Prices are entered by hand: add a day's closing price under “Enter a price”.",
    )
    expect(quoteSourceText(turkish, manual).text).toBe(
      'Fiyatlar elle giriliyor: bir günün kapanış fiyatını “Fiyat girin” bölümünden ekleyin.',
    )
  })
})

describe('refreshOutcomeText', async () => {
  const turkish = createTranslator('tr', await loadMessages('tr'))
  const english = createTranslator('en', await loadMessages('en'))

  it('says what asking the price service now did', () => {
    expect(refreshOutcomeText(english, { changed: 3, error: null })).toBe(
      'Prices updated: 3 new or changed.',
    )
    expect(refreshOutcomeText(turkish, { changed: 0, error: null })).toBe(
      'Fiyatlar zaten günceldi.',
    )
    expect(refreshOutcomeText(english, { changed: 0, error: 'rate_limited' })).toBe(
      'The prices could not be updated: the price service was too busy and turned the request away. Try again later.',
    )
  })
})
