import { describe, expect, it } from 'vitest'
import type { Holding, Instrument, Transaction } from '../../../shared/api/schemas'
import type { Locale } from '../../../shared/i18n/locales'
import { HoldingsTable } from './holdings-table'
import { PositionPanel } from './position-panel'
import { portfolioQueries } from '../data/portfolio-queries'
import { PORTFOLIO_ID, renderInLocale, report, withAnswers } from './screen-fixtures'
import { TransactionsTable } from './transactions-table'

const fundInstrument: Instrument = {
  id: 'aaaaaaaa-0000-4000-8000-000000000009',
  code: 'AFT',
  name: 'Ak Portföy Yeni Teknolojiler Yabancı Hisse Senedi Fonu',
  type: 'FUND',
  currency: 'TRY',
  exchange: 'TEFAS',
  isin: null,
  fundType: 'equity',
  country: 'TR',
  tefasFundClass: 'foreign',
  shareMarket: null,
  slug: 'ak-portfoy-yeni-teknolojiler',
  own: false,
  priceProvider: 'tefas',
  priceSymbol: 'AFT',
}

// 10.000 units bought at 0,812345 with a fee of 1,50 (0,812495 a unit); the last close 0,823456.
const fund: Holding = {
  ...report.holdings[0]!,
  instrument: fundInstrument,
  quantity: '10000',
  averageCost: '0.812495',
  price: '0.823456',
  priceDate: '2026-05-29',
  costBasis: { instrument: '8124.95', base: '8124.95' },
  marketValue: { instrument: '8234.56', base: '8234.56' },
  unrealizedGain: { instrument: '109.61', base: '109.61' },
  unrealizedPriceEffect: '109.61',
}

// Its one lot.
const fundLots = {
  lots: [
    {
      acquiredBy: 'bbbbbbbb-0000-4000-8000-000000000009',
      acquiredDate: '2026-01-05',
      quantity: '10000',
      cost: { instrument: '8124.95', base: '8124.95' },
      holdingPeriodDays: 144,
    },
  ],
}

const buy: Transaction = {
  id: 'bbbbbbbb-0000-4000-8000-000000000009',
  portfolioId: PORTFOLIO_ID,
  sequence: 1,
  type: 'BUY',
  tradeDate: '2026-01-05',
  instrument: fundInstrument,
  currency: 'TRY',
  fxRate: null,
  quantity: '10000',
  unitPrice: '0.812345',
  amount: null,
  fee: '1.50',
  tax: '0',
  splitRatio: null,
  acquiredDate: null,
  acquisitionFxRate: null,
  toCurrency: null,
  toAmount: null,
  note: null,
  createdAt: '2026-01-05T10:00:00Z',
  updatedAt: '2026-01-05T10:00:00Z',
}

const formats = {
  tr: { close: '₺0,823456', average: '₺0,812495', price: '₺0,812345', fee: '₺1,50' },
  en: { close: 'TRY 0.823456', average: 'TRY 0.812495', price: 'TRY 0.812345', fee: 'TRY 1.50' },
  de: { close: '0,823456 TRY', average: '0,812495 TRY', price: '0,812345 TRY', fee: '1,50 TRY' },
} as const

describe.each(Object.entries(formats) as [Locale, (typeof formats)[Locale]][])(
  'a TEFAS fund’s six-decimal prices in %s',
  (locale, shown) => {
    const cost = locale === 'en' ? 'TRY 8,124.95' : locale === 'tr' ? '₺8.124,95' : '8.124,95 TRY'

    it('keep their decimals in the holdings table; its values stay at two', async () => {
      const html = await renderInLocale(
        locale,
        <HoldingsTable
          holdings={[fund]}
          baseCurrency="TRY"
          portfolioId={PORTFOLIO_ID}
          asOf="2026-11-27"
        />,
      )
      expect(html).toContain(shown.close)
      expect(html).toContain(`<td>${shown.average}</td>`)
      expect(html).not.toContain('0,81<')
      expect(html).toContain(locale === 'en' ? 'TRY 8,234.56' : '8.234,56')
    })

    it('keep their decimals in the position, the cost basis and lot cost at two', async () => {
      const html = await renderInLocale(
        locale,
        withAnswers(
          {
            [portfolioQueries.openLots(PORTFOLIO_ID, fund.instrument.id, report.asOf).queryKey[0]]:
              fundLots,
          },
          <PositionPanel
            portfolioId={PORTFOLIO_ID}
            holding={fund}
            method="FIFO"
            baseCurrency="TRY"
            asOf={report.asOf}
          />,
        ),
      )
      expect(html).toContain(`<dd>${shown.average}</dd>`)
      expect(html).toContain(`<dd>${shown.close} `)
      // The lot: 8.124,95 for 10.000 units, 0,812495 a unit.
      expect(html).toContain(`<td>${shown.average}</td><td>${cost}</td>`)
    })

    it('keep their decimals in the transactions, the fee at two', async () => {
      const html = await renderInLocale(
        locale,
        <TransactionsTable
          transactions={[buy]}
          negativeCash={[]}
          online
          onEdit={() => {}}
          onDelete={() => {}}
        />,
      )
      expect(html).toContain(`<td>${shown.price}</td><td></td><td>${shown.fee}</td>`)
    })
  },
)
