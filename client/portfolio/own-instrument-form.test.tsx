import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { I18nContext } from '../app/i18n-context'
import type { Locale } from '../../shared/i18n/locales'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { instrumentCreateSchema } from '../../shared/api/schemas/instrument'
import { OwnInstrumentForm, withFundSymbol } from './own-instrument-form'
import type { PriceProvider } from '../../shared/portfolio/price-providers'

async function render(locale: Locale, priceProvider?: PriceProvider): Promise<string> {
  const translator = createTranslator(locale, await loadMessages(locale))
  return renderToStaticMarkup(
    <I18nContext value={translator}>
      <OwnInstrumentForm
        currency="TRY"
        priceProvider={priceProvider}
        currencies={['TRY', 'EUR', 'USD']}
        createInstrument={() => new Promise(() => {})}
        onCreated={() => {}}
        onCancel={() => {}}
      />
    </I18nContext>,
  )
}

describe('OwnInstrumentForm', () => {
  it('offers a price source, by hand unless one is chosen', async () => {
    const html = await render('de')
    expect(html).toContain('>Kursquelle</label>')
    const options = [
      ...html.matchAll(/<option value="(yahoo|tefas|coingecko|eodhd|)"[^>]*>([^<]+)</g),
    ]
    expect(options.map((match) => [match[1], match[2]])).toEqual([
      ['', 'Keine: Kurse von Hand erfassen'],
      ['yahoo', 'Yahoo Finance (Aktien und ETFs)'],
      ['tefas', 'TEFAS (türkische Fonds)'],
      ['coingecko', 'CoinGecko (Kryptowährungen)'],
      ['eodhd', 'EODHD (Aktien und ETFs, kostenpflichtiger Dienst)'],
    ])
    // The symbol is asked for only once a source is chosen.
    expect(html).not.toContain('Symbol bei der Quelle')
  })

  it("asks for a Yahoo Finance symbol with examples of each market's spelling", async () => {
    const english = await render('en', 'yahoo')
    expect(english).toContain('<option value="yahoo">Yahoo Finance (shares and ETFs)</option>')
    expect(english).toContain('>Symbol at the source</label>')
    expect(english).toContain(
      'The Yahoo Finance symbol: THYAO.IS for Borsa Istanbul, VWCE.DE for Xetra, AAPL for the US.',
    )
    expect(await render('tr', 'yahoo')).toContain(
      'Yahoo Finance sembolü: Borsa İstanbul için THYAO.IS, Xetra için VWCE.DE, ABD için AAPL.',
    )
  })

  it('asks for a TEFAS fund’s code once: it is the symbol too', async () => {
    const html = await render('tr', 'tefas')
    expect(html).not.toContain('Kaynaktaki sembol')
    expect(html).toContain('Fonun TEFAS kodu, örneğin TTE.')
    expect(html).toContain('Fiyatlar, yukarıda girdiğiniz fon koduyla TEFAS’tan alınır.')
    const fund = {
      code: 'tte',
      name: 'İş Portföy Teknoloji Fonu',
      type: 'FUND' as const,
      currency: 'TRY',
      priceProvider: 'tefas' as const,
      priceSymbol: '',
    }
    expect(instrumentCreateSchema.parse(withFundSymbol(fund))).toMatchObject({
      code: 'TTE',
      priceProvider: 'tefas',
      priceSymbol: 'TTE',
    })
    // Other sources have symbols of their own.
    const coin = {
      ...fund,
      code: 'BTC',
      priceProvider: 'coingecko' as const,
      priceSymbol: 'bitcoin',
    }
    expect(withFundSymbol(coin)).toBe(coin)
  })

  it('speaks Turkish', async () => {
    const html = await render('tr')
    expect(html).toContain('>Fiyat kaynağı</label>')
    expect(html).toContain('TEFAS (yatırım ve emeklilik fonları)')
  })
})
