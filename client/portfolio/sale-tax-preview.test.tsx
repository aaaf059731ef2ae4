import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { GermanSalePreview } from '../../shared/api/schemas/tax'
import type { Locale } from '../../shared/i18n/locales'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { I18nContext } from '../app/i18n-context'
import { SaleTaxFigures, SaleTaxPreview, saleOfFields, type SaleFields } from './sale-tax-preview'

async function render(locale: Locale, node: ReactNode): Promise<string> {
  const translator = createTranslator(locale, await loadMessages(locale))
  return renderToStaticMarkup(<I18nContext value={translator}>{node}</I18nContext>)
}

/** The page's text, tags gone and no-break spaces plain. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')

const INSTRUMENT = '5b0f5f6e-9a4e-4d43-8f59-0c7b7b1f2a10'

describe('saleOfFields', () => {
  const fields: SaleFields = {
    instrumentId: INSTRUMENT,
    quantity: '1.200',
    unitPrice: '160,5',
    fee: '',
    tradeDate: '20.06.2025',
    fxRate: null,
  }

  it('reads the fields in the locale’s format, leaving out an empty fee and a rate not asked', () => {
    expect(saleOfFields(fields, 'de-DE', '2025-06-20')).toEqual({
      instrument: INSTRUMENT,
      quantity: '1200',
      price: '160.5',
      date: '2025-06-20',
    })
    expect(
      saleOfFields({ ...fields, fee: '4,9', fxRate: '0,92' }, 'de-DE', '2025-06-20'),
    ).toMatchObject({ fee: '4.9', fxRate: '0.92' })
  })

  it('asks nothing while a field does not read, or the date is after today', () => {
    const today = '2025-06-20'
    for (const change of [
      { instrumentId: '' },
      { quantity: '' },
      { quantity: '0' },
      { unitPrice: '12.5' },
      { fee: 'x' },
      { fee: '-1' },
      { fxRate: '0' },
      { tradeDate: '31.02.2025' },
      { tradeDate: '21.06.2025' },
    ]) {
      expect(saleOfFields({ ...fields, ...change }, 'de-DE', today), JSON.stringify(change)).toBe(
        null,
      )
    }
  })
})

/** Example 6 of docs/tax-germany.md previewed, with church tax at 9 %. */
const SHARES: GermanSalePreview = {
  date: '2025-06-20',
  fxRate: '1',
  held: '20',
  lots: [
    { transactionId: 'a', tradeDate: '2023-03-10', units: '10', cost: '1001' },
    { transactionId: 'b', tradeDate: '2024-04-12', units: '2', cost: '300.2' },
  ],
  proceeds: '1915',
  cost: '1301.2',
  vorabpauschalen: '0',
  grossGain: '613.8',
  teilfreistellung: null,
  taxableGain: '613.8',
  pot: 'shares',
  tax: { kapESt: '125.62', soli: '6.9', churchTax: '11.3', total: '143.82' },
  churchTaxRate: '0.09',
  freistellungsauftragLeft: { before: '100', after: '0' },
  taxFreeUnits: '1',
}

/** Example 23: an equity ETF, no church tax. */
const FUND: GermanSalePreview = {
  ...SHARES,
  held: '80',
  lots: [{ transactionId: 'c', tradeDate: '2025-02-03', units: '29', cost: '2320' }],
  proceeds: '3045',
  cost: '2320',
  grossGain: '725',
  teilfreistellung: { rate: '0.3', amount: '217.5' },
  taxableGain: '507.5',
  pot: 'general',
  tax: { kapESt: '1.88', soli: '0.1', churchTax: '0', total: '1.98' },
  churchTaxRate: '0',
  freistellungsauftragLeft: { before: '500', after: '0' },
  taxFreeUnits: '28',
}

describe('SaleTaxFigures', () => {
  it('reads as a settlement: the lots, the gain, each tax, their sum and the allowance left', async () => {
    const text = textOf(await render('en', <SaleTaxFigures preview={SHARES} />))
    expect(text).toContain('Lots sold, oldest first (FIFO) Acquired Units Cost')
    expect(text).toContain('03/10/23 10 €1,001.00 04/12/24 2 €300.20')
    expect(text).toContain('Gain €613.80')
    expect(text).toContain('Kapitalertragsteuer (capital gains tax) €125.62')
    expect(text).toContain('Solidaritätszuschlag (solidarity surcharge) €6.90')
    expect(text).toContain('Kirchensteuer (church tax) €11.30')
    expect(text).toContain('Total tax €143.82')
    expect(text).toContain('Freistellungsauftrag (exemption order) left after this sale €0.00')
    expect(text).toContain('Up to 1 unit can be sold without tax.')
    expect(text).not.toContain('Teilfreistellung')
  })

  it('gives a fund’s Teilfreistellung and leaves out church tax not due, in German', async () => {
    const text = textOf(await render('de', <SaleTaxFigures preview={FUND} />))
    expect(text).toContain('03.02.2025 29 2.320,00 €')
    expect(text).toContain('Veräußerungsgewinn 725,00 €')
    expect(text).toContain('Teilfreistellung (30 %) -217,50 €')
    expect(text).toContain('Steuerlich maßgeblich 507,50 €')
    expect(text).toContain('Kapitalertragsteuer 1,88 €')
    expect(text).toContain('Solidaritätszuschlag 0,10 €')
    expect(text).not.toContain('Kirchensteuer')
    expect(text).toContain('Steuer insgesamt 1,98 €')
    expect(text).toContain('Bis zu 28 Stück lassen sich steuerfrei verkaufen.')
  })

  it('says when every unit held, or none, can be sold without tax, and names a loss', async () => {
    const all = textOf(
      await render(
        'tr',
        <SaleTaxFigures preview={{ ...SHARES, grossGain: '-40', taxFreeUnits: '20' }} />,
      ),
    )
    expect(all).toContain('Zarar -€40,00')
    expect(all).toContain('Elinizdeki 20 adedin tamamı vergisiz satılabilir.')
    const none = textOf(
      await render('tr', <SaleTaxFigures preview={{ ...FUND, taxFreeUnits: '0' }} />),
    )
    expect(none).toContain('Teilfreistellung (kısmi muafiyet, %30) -€217,50')
    expect(none).toContain('Bu fiyattan tek bir adet satmak bile vergi doğurur.')
  })

  it('deducts a fund’s Vorabpauschalen before its gain', async () => {
    const text = textOf(
      await render('en', <SaleTaxFigures preview={{ ...FUND, vorabpauschalen: '287.07' }} />),
    )
    expect(text).toContain('Vorabpauschalen taxed before (advance lump sums) -€287.07 Gain')
  })
})

describe('SaleTaxPreview', () => {
  it('waits for the fields to settle, saying it estimates, with its heading and note', async () => {
    const sale = { instrument: INSTRUMENT, quantity: '2', price: '10', date: '2025-06-20' }
    const html = await render(
      'de',
      <QueryClientProvider client={new QueryClient()}>
        <SaleTaxPreview portfolioId="p" sale={sale} saving={false} />
      </QueryClientProvider>,
    )
    expect(html).toMatch(/<section class="sale-tax" aria-labelledby="([^"]+)" aria-busy="true">/)
    expect(textOf(html)).toBe(
      ' Steuer auf diesen Verkauf (Schätzung) Die Steuer wird geschätzt … Eine Schätzung dessen, was eine deutsche Bank einbehalten würde – keine Steuerberatung. ',
    )
  })
})
