import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { I18nContext } from '../app/i18n-context'
import type { Locale } from '../../shared/i18n/locales'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { instrumentCreateSchema } from '../../shared/api/schemas/instrument'
import { OwnInstrumentForm, withFundSymbol, withFundTypeOfFunds } from './own-instrument-form'
import { CountryOptions, countryChoices } from './tax-attribute-options'
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

/** The visible labels, in order. */
function labels(html: string): string[] {
  return [...html.matchAll(/<label for="[^"]+">([^<]+)<\/label>/g)].map((match) => match[1] ?? '')
}

/** The options of the select labelled `label`: [value, text]. */
function selectOptions(html: string, label: string): [string, string][] {
  const id = new RegExp(`<label for="([^"]+)">${label}</label>`).exec(html)?.[1]
  const select = new RegExp(`<select[^>]* id="${id}"[^>]*>(.*?)</select>`).exec(html)?.[1] ?? ''
  return [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]+)</g)].map(
    (match): [string, string] => [match[1] ?? '', match[2] ?? ''],
  )
}

describe('OwnInstrumentForm', () => {
  it('offers a price source, by hand unless one is chosen', async () => {
    const html = await render('de')
    expect(html).toContain('>Kursquelle</label>')
    expect(selectOptions(html, 'Kursquelle')).toEqual([
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

  it('asks for the issuer’s country and a fund’s type, each may stay unset', async () => {
    const html = await render('de')
    expect(labels(html)).toEqual(
      expect.arrayContaining(['Sitzland des Emittenten (optional)', 'Fondsart (optional)']),
    )
    expect(html).toContain(
      'Für die Teilfreistellung: Ein Aktienfonds legt mindestens 51 % in Aktien an, ein Mischfonds mindestens 25 %.',
    )
    expect(selectOptions(html, 'Fondsart \\(optional\\)')).toEqual([
      ['', 'Nicht angegeben'],
      ['equity', 'Aktienfonds'],
      ['mixed', 'Mischfonds'],
      ['realEstate', 'Immobilienfonds'],
      ['foreignRealEstate', 'Auslands-Immobilienfonds'],
      ['other', 'Sonstiger Fonds'],
    ])
    // The browser names the countries once the page runs (useCountryChoices): the server's
    // markup offers none yet.
    expect(selectOptions(html, 'Sitzland des Emittenten \\(optional\\)')).toEqual([
      ['', 'Nicht angegeben'],
    ])
  })

  it('offers every country by its name, in the language’s order', async () => {
    const translator = createTranslator('de', await loadMessages('de'))
    const html = renderToStaticMarkup(
      <I18nContext value={translator}>
        <label htmlFor="land">Land</label>
        <select id="land">
          <CountryOptions choices={countryChoices('de')} />
        </select>
      </I18nContext>,
    )
    const countries = selectOptions(html, 'Land')
    expect(countries).toHaveLength(250)
    expect(countries).toContainEqual(['DE', 'Deutschland'])
    expect(countries.slice(0, 3)).toEqual([
      ['', 'Nicht angegeben'],
      ['AF', 'Afghanistan'],
      ['EG', 'Ägypten'],
    ])
  })

  it('names the countries in the page’s language', () => {
    const name = (locale: string, code: string) =>
      countryChoices(locale).find((choice) => choice.code === code)?.name
    expect([name('tr', 'DE'), name('en', 'DE'), name('de', 'DE')]).toEqual([
      'Almanya',
      'Germany',
      'Deutschland',
    ])
    expect(name('tr', 'TR')).toBe('Türkiye')
  })

  it('sends a fund type for funds and ETFs only; the API refuses one on a share', () => {
    const share = {
      code: 'PAY',
      name: 'Bir pay',
      type: 'STOCK' as const,
      currency: 'TRY',
      fundType: 'equity' as const,
      country: 'tr',
    }
    expect(withFundTypeOfFunds(share)).toEqual({ ...share, fundType: null })
    expect(instrumentCreateSchema.parse(withFundTypeOfFunds(share))).toMatchObject({
      fundType: null,
      country: 'TR',
    })
    const refused = instrumentCreateSchema.safeParse(share)
    expect(refused.error?.issues.map(({ path, message }) => [path, message])).toEqual([
      [['fundType'], 'fund_type_not_fund'],
    ])
    const etf = { ...share, type: 'ETF' as const }
    expect(withFundTypeOfFunds(etf)).toBe(etf)
    const unknownCountry = instrumentCreateSchema.safeParse({ ...etf, country: 'XS' })
    expect(unknownCountry.error?.issues.map(({ path, message }) => [path, message])).toEqual([
      [['country'], 'country'],
    ])
  })

  it('speaks Turkish', async () => {
    const html = await render('tr')
    expect(html).toContain('>Fiyat kaynağı</label>')
    expect(html).toContain('TEFAS (yatırım ve emeklilik fonları)')
  })
})
