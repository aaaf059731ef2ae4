import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { TurkishSalePreview } from '../../shared/api/schemas/tax'
import type { Locale } from '../../shared/i18n/locales'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { I18nContext } from '../app/i18n-context'
import { TurkishSaleTaxFigures } from './turkish-sale-preview'

// The Turkish sale preview's figures as docs/tax-turkey.md's Examples 24–26 give them.

/** The figures rendered as the panel shows them, with every text of the language loaded. */
async function render(locale: Locale, preview: TurkishSalePreview): Promise<string> {
  const translator = createTranslator(locale, await loadMessages(locale))
  return renderToStaticMarkup(
    <I18nContext value={translator}>
      <TurkishSaleTaxFigures preview={preview} taxTexts={translator} />
    </I18nContext>,
  )
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')

const band = (from: string, through: string, otherFunds: string, decision: string) => ({
  from,
  through,
  otherFunds,
  excludedGroup: otherFunds === '0.075' ? '0.1' : otherFunds,
  decision,
})

const YEAR = { year: 2025, foreignGains: { before: '12800', after: '12800' }, tax: null }

/** Example 24: a money-market fund, two lots of two bands. */
const FUND: TurkishSalePreview = {
  held: '2000',
  indexEstimate: null,
  sale: {
    kind: 'fundSale',
    date: '2025-09-12',
    quantity: '1500',
    proceeds: '39600',
    cost: '31750',
    gain: '7850',
    fundClass: 'moneyMarket',
    lots: [
      {
        acquiredBy: 'a',
        boughtOn: '2024-10-15',
        units: '1000',
        cost: '20000',
        proceeds: '26400',
        gain: '6400',
        rate: '0.075',
        reason: 'otherFunds',
        band: band('2024-08-01', '2024-10-31', '0.075', 'CK 8775 (RG 01.08.2024)'),
        stopaj: '480',
      },
      {
        acquiredBy: 'b',
        boughtOn: '2025-02-20',
        units: '500',
        cost: '11750',
        proceeds: '13200',
        gain: '1450',
        rate: '0.15',
        reason: 'otherFunds',
        band: band('2025-02-01', '2025-07-08', '0.15', 'CK 9487 (RG 31.01.2025)'),
        stopaj: '217.5',
      },
    ],
    stopaj: '697.5',
  },
  year: YEAR,
}

const indexation = (
  purchaseMonth: string,
  purchaseIndex: string,
  applies: boolean,
  cost: string,
) => ({
  purchaseMonth,
  purchaseIndex,
  saleMonth: '2025-04',
  saleIndex: '4100',
  applies,
  cost,
})

/** Example 25: a US share, one lot indexed and one not. */
const FOREIGN: TurkishSalePreview = {
  held: '20',
  indexEstimate: null,
  sale: {
    kind: 'foreignSale',
    date: '2025-05-19',
    quantity: '15',
    proceeds: '115500',
    cost: '80400',
    gain: '35100',
    currency: 'USD',
    proceedsInCurrency: '3000',
    saleRate: { date: '2025-05-16', value: '38.5' },
    lots: [
      {
        acquiredBy: 'a',
        boughtOn: '2024-03-15',
        units: '10',
        cost: '48000',
        proceeds: '77000',
        gain: '29000',
        costInCurrency: '1500',
        costRate: { date: '2024-03-14', value: '32' },
        indexation: indexation('2024-02', '3000', true, '65600'),
        indexedGain: '11400',
      },
      {
        acquiredBy: 'b',
        boughtOn: '2025-02-03',
        units: '5',
        cost: '32400',
        proceeds: '38500',
        gain: '6100',
        costInCurrency: '900',
        costRate: { date: '2025-01-31', value: '36' },
        indexation: indexation('2025-01', '3850', false, '32400'),
        indexedGain: '6100',
      },
    ],
    indexedGain: '17500',
  },
  year: {
    ...YEAR,
    foreignGains: { before: '12800', after: '30300' },
    tax: { before: '1920', after: '4545' },
  },
}

describe('TurkishSaleTaxFigures', () => {
  it('Example 24: each fund lot at its band’s rate, and the stopaj, final', async () => {
    const text = textOf(await render('tr', FUND))
    expect(text).toContain('Alış tarihi Adet Maliyet (₺) Oran')
    expect(text).toContain('15.10.2024 1.000 20.000,00 %7,5 20.02.2025 500 11.750,00 %15')
    expect(text).toContain('(diğer fonlar; CK 8775 (RG 01.08.2024)), stopaj ₺480,00')
    expect(text).toContain('Kazanç ₺7.850,00')
    expect(text).toContain('Kesilecek stopaj (nihai) ₺697,50')
    expect(text).toContain('Stopaj nihai vergidir; beyan edilmez.')
  })

  it('Example 25: the indexed lot, the TCMB rate and the year before and after, in English', async () => {
    const text = textOf(await render('en', FOREIGN))
    expect(text).toContain('Acquired Units Cost (TRY) Indexed')
    expect(text).toContain('03/15/24 10 48,000.00 yes 02/03/25 5 32,400.00 no')
    expect(text).toContain('up 10 % or more: cost indexed to TRY 65,600.00')
    expect(text).toContain('TCMB buying rate of 05/16/25 38.5000')
    expect(text).toContain('Gain after indexation, to declare TRY 17,500.00')
    expect(text).toContain('Değer artış kazancı of 2025 before this sale TRY 12,800.00')
    expect(text).toContain('Değer artış kazancı of 2025 with this sale TRY 30,300.00')
    expect(text).toContain('return (if it is your only income) TRY 2,625.00')
    expect(text).not.toContain('not published')
  })

  it('names an index month estimated, in German', async () => {
    const text = textOf(
      await render('de', { ...FOREIGN, indexEstimate: { month: '2025-04', used: '2025-03' } }),
    )
    expect(text).toContain(
      'Der Yİ-ÜFE für April 2025 ist noch nicht veröffentlicht: Diese Schätzung nimmt den Wert für März 2025.',
    )
  })

  it('Example 26 and a sale not covered: not taxed, or why not', async () => {
    const bist = textOf(
      await render('tr', {
        held: '200',
        indexEstimate: null,
        sale: {
          kind: 'bistSale',
          date: '2025-06-04',
          quantity: '120',
          proceeds: '37845',
          cost: '33613.44',
          gain: '4231.56',
          lots: [
            {
              acquiredBy: 'a',
              boughtOn: '2025-02-12',
              units: '120',
              cost: '33613.44',
              proceeds: '37845',
              gain: '4231.56',
            },
          ],
          stopaj: '0',
        },
        year: YEAR,
      }),
    )
    expect(bist).toContain('Kazanç ₺4.231,56')
    expect(bist).toContain('vergilenmez (%0 stopaj)')
    const other = textOf(
      await render('en', {
        held: null,
        indexEstimate: null,
        sale: { kind: 'notCovered', date: '2025-06-04', reason: 'instrument' },
        year: YEAR,
      }),
    )
    expect(other).toContain('An instrument this view does not cover')
  })
})
