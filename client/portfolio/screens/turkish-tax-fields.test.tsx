import { zodResolver } from '@hookform/resolvers/zod'
import type { ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { instrumentUpdateSchema, type Instrument } from '../../../shared/api/schemas'
import type { Locale } from '../../../shared/i18n/locales'
import { loadMessages } from '../../../shared/i18n/messages'
import { createTranslator } from '../../../shared/i18n/translator'
import { I18nContext } from '../../app/i18n-context'
import {
  TurkishTaxFacts,
  TurkishTaxFields,
  turkishTaxDetailsOf,
  type TaxDetailsValues,
  type TurkishTaxDetails,
} from './turkish-tax-fields'

const base: Instrument = {
  id: 'aaaaaaaa-0000-4000-8000-000000000010',
  code: 'TTE',
  name: 'İŞ PORTFÖY BIST TEKNOLOJİ AĞIRLIK SINIRLAMALI ENDEKSİ HİSSE SENEDİ FONU',
  type: 'FUND',
  currency: 'TRY',
  exchange: 'TEFAS',
  isin: null,
  fundType: 'equity',
  country: 'TR',
  tefasFundClass: 'equityIntensive',
  shareMarket: null,
  slug: 'is-portfoy-bist-teknoloji',
  own: false,
  priceProvider: 'tefas',
  priceSymbol: 'TTE',
}

const catalogFund = base
const ownFund: Instrument = { ...base, own: true, priceProvider: null, priceSymbol: null }
const catalogShare: Instrument = {
  ...base,
  code: 'THYAO',
  name: 'Türk Hava Yolları',
  type: 'STOCK',
  exchange: 'BIST',
  fundType: null,
  tefasFundClass: null,
  shareMarket: 'BIST',
  priceProvider: 'yahoo',
  priceSymbol: 'THYAO.IS',
}
const ownShare: Instrument = {
  ...catalogShare,
  own: true,
  exchange: null,
  shareMarket: null,
  priceProvider: null,
  priceSymbol: null,
}
const xetraEtf: Instrument = {
  ...base,
  code: 'EUNL',
  type: 'ETF',
  exchange: 'XETRA',
  tefasFundClass: null,
  priceProvider: 'yahoo',
  priceSymbol: 'EUNL.DE',
}

async function inLocale(locale: Locale, node: ReactNode): Promise<string> {
  const translator = createTranslator(locale, await loadMessages(locale))
  return renderToStaticMarkup(<I18nContext value={translator}>{node}</I18nContext>)
}

/** The fields in a form of their own, as the Tax details form holds them. */
function Fields(props: { instrument: Instrument; details: TurkishTaxDetails }) {
  const defaults: TaxDetailsValues = {
    ...(props.details.fundClass ? { tefasFundClass: props.instrument.tefasFundClass } : {}),
    ...(props.details.market ? { exchange: props.instrument.exchange } : {}),
  }
  const form = useForm<TaxDetailsValues, unknown, z.output<typeof instrumentUpdateSchema>>({
    resolver: zodResolver(instrumentUpdateSchema),
    defaultValues: defaults,
  })
  return <TurkishTaxFields form={form} instrument={props.instrument} details={props.details} />
}

/** The options of the select labelled `label`: [value, text]. */
function selectOptions(html: string, label: string): [string, string][] {
  const id = new RegExp(`<label for="([^"]+)">${label}</label>`).exec(html)?.[1]
  const select = new RegExp(`<select[^>]* id="${id}"[^>]*>(.*?)</select>`).exec(html)?.[1] ?? ''
  return [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]+)</g)].map(
    (match): [string, string] => [match[1] ?? '', match[2] ?? ''],
  )
}

describe('turkishTaxDetailsOf', () => {
  it('shows a Turkish resident the class of a fund TEFAS prices or of their own, and a share’s market', () => {
    expect(turkishTaxDetailsOf(catalogFund, 'TR')).toEqual({ fundClass: true, market: false })
    expect(turkishTaxDetailsOf({ ...ownFund, tefasFundClass: null }, 'TR')).toEqual({
      fundClass: true,
      market: false,
    })
    expect(turkishTaxDetailsOf(catalogShare, 'TR')).toEqual({ fundClass: false, market: true })
    expect(turkishTaxDetailsOf(ownShare, 'TR')).toEqual({ fundClass: false, market: true })
  })

  it('shows no class for a catalog fund TEFAS does not price: it is foreign', () => {
    expect(turkishTaxDetailsOf(xetraEtf, 'TR')).toEqual({ fundClass: false, market: false })
  })

  it('shows anyone else a class once it is set, and nothing else', () => {
    for (const residence of ['DE', null] as const) {
      expect(turkishTaxDetailsOf(catalogFund, residence)).toEqual({
        fundClass: true,
        market: false,
      })
      expect(turkishTaxDetailsOf({ ...ownFund, tefasFundClass: null }, residence)).toEqual({
        fundClass: false,
        market: false,
      })
      expect(turkishTaxDetailsOf(catalogShare, residence)).toEqual({
        fundClass: false,
        market: false,
      })
    }
  })
})

describe('TurkishTaxFields', () => {
  it('offers a fund every class by its official Turkish name', async () => {
    const html = await inLocale(
      'tr',
      <Fields instrument={ownFund} details={{ fundClass: true, market: false }} />,
    )
    const options = selectOptions(html, 'Stopaj için fon türü')
    expect(options).toHaveLength(16)
    expect(options.slice(0, 4)).toEqual([
      ['', 'Belirtilmedi'],
      ['equityIntensive', 'Hisse senedi yoğun fon'],
      ['variable', 'Değişken fon'],
      ['mixed', 'Karma fon'],
    ])
    expect(options).toContainEqual(['fx', 'Unvanında “döviz” geçen fon'])
    expect(options).toContainEqual(['gsyf', 'Girişim sermayesi yatırım fonu (GSYF)'])
    expect(html).toContain('stopajın oranı buna bağlıdır')
    expect(html).not.toContain('Borsa')
  })

  it('asks a share for its exchange and says the market it makes', async () => {
    const unknown = await inLocale(
      'en',
      <Fields instrument={ownShare} details={{ fundClass: false, market: true }} />,
    )
    expect(unknown).toContain('>Exchange</label>')
    expect(unknown).toContain(
      'BIST for Borsa İstanbul; for an exchange abroad its code, such as NASDAQ or XETRA. Until its exchange is given, Turkish tax cannot tell where it trades.',
    )
    const bist = await inLocale(
      'de',
      <Fields
        instrument={{ ...ownShare, exchange: 'BIST' }}
        details={{ fundClass: false, market: true }}
      />,
    )
    expect(bist).toContain('Für die türkische Steuer eine an der Borsa İstanbul gehandelte Aktie.')
    const abroad = await inLocale(
      'tr',
      <Fields
        instrument={{ ...ownShare, exchange: 'NASDAQ' }}
        details={{ fundClass: false, market: true }}
      />,
    )
    expect(abroad).toContain('Türk vergisi için yurt dışındaki bir borsada işlem gören bir pay.')
  })
})

describe('TurkishTaxFacts', () => {
  it('shows a catalog fund’s class and a share’s market, which the catalog sets', async () => {
    const fund = await inLocale(
      'tr',
      <TurkishTaxFacts instrument={catalogFund} details={{ fundClass: true, market: false }} />,
    )
    expect(fund).toContain('<dt>Stopaj için fon türü</dt><dd>Hisse senedi yoğun fon</dd>')
    expect(fund).toContain('bilgilerini katalog belirler; burada değiştirilemez.')
    const share = await inLocale(
      'en',
      <TurkishTaxFacts instrument={catalogShare} details={{ fundClass: false, market: true }} />,
    )
    expect(share).toContain('<dt>Where it trades</dt><dd>Borsa İstanbul</dd>')
    expect(share).not.toContain('Fund class')
  })

  it('says when the catalog does not know a fund’s class', async () => {
    const html = await inLocale(
      'de',
      <TurkishTaxFacts
        instrument={{ ...catalogFund, tefasFundClass: null }}
        details={{ fundClass: true, market: false }}
      />,
    )
    expect(html).toContain(
      '<dt>Fondsklasse für die türkische Quellensteuer</dt><dd>Nicht bekannt</dd>',
    )
  })
})
