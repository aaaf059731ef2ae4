import { createElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type {
  Instrument,
  Lot,
  Performance,
  Portfolio,
  PortfolioList,
  PortfolioReport,
  SalePage,
  TransactionPage,
} from '../../../shared/api/schemas'
import type { Locale } from '../../../shared/i18n/locales'
import { loadMessages } from '../../../shared/i18n/messages'
import { createTranslator } from '../../../shared/i18n/translator'
import { I18nContext } from '../../app/i18n-context'
import { PortfolioQueries } from '../data/query-client'

/** API answers for rendering the portfolio screens in tests: a FIFO portfolio in TRY. */
export const PORTFOLIO_ID = '11111111-2222-4333-8444-555555555555'

const thyao: Instrument = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  code: 'THYAO',
  name: 'Türk Hava Yolları',
  type: 'STOCK',
  currency: 'TRY',
  exchange: 'BIST',
  isin: 'TRATHYAO91M5',
  fundType: null,
  country: 'TR',
  tefasFundClass: null,
  shareMarket: 'BIST',
  slug: 'turk-hava-yollari',
  own: false,
  priceProvider: 'eodhd',
  priceSymbol: 'THYAO.IS',
}

const aapl: Instrument = {
  id: 'aaaaaaaa-0000-4000-8000-000000000002',
  code: 'AAPL',
  name: 'Apple Inc.',
  type: 'STOCK',
  currency: 'USD',
  exchange: 'NASDAQ',
  isin: 'US0378331005',
  fundType: null,
  country: 'US',
  tefasFundClass: null,
  shareMarket: 'foreign',
  slug: 'apple-inc',
  own: false,
  priceProvider: null,
  priceSymbol: null,
}

const zero = { instrument: '0', base: '0' }

export const portfolio: Portfolio = {
  id: PORTFOLIO_ID,
  name: 'Emeklilik',
  baseCurrency: 'TRY',
  costBasisMethod: 'FIFO',
  recordsCash: false,
  transactionCount: 4,
  createdAt: '2026-01-02T10:00:00Z',
  updatedAt: '2026-05-01T10:00:00Z',
}

export const portfolioList: PortfolioList = {
  portfolios: [
    {
      ...portfolio,
      summary: {
        asOf: '2026-05-29',
        value: '48500',
        investedCapital: '40000',
        peakInvestedCapital: '40000',
        totalGain: '9700',
        totalReturn: 0.2425,
        // On Friday before its close: THYAO's last move is Thursday's, a fund's Wednesday's.
        dayChange: {
          change: '-350.5',
          return: -0.0072,
          date: '2026-05-28',
          earliestDate: '2026-05-27',
        },
        staleHoldings: [{ instrument: aapl, priceDate: '2026-05-20' }],
        // TÜFE of May not yet published: April's carried forward.
        real: {
          index: 'TR-TUFE',
          gains: {
            measure: 'real',
            asOf: '2026-05-29',
            currency: 'TRY',
            value: '48500',
            investedCapital: '44000',
            peakInvestedCapital: '44000',
            totalGain: '4500',
            totalReturn: 4500 / 44000,
            index: { code: 'TR-TUFE', month: '2026-04' },
            rate: null,
            provisional: true,
          },
          reason: null,
        },
      },
      problem: null,
    },
  ],
  limits: { plan: 'free', portfolios: 1, transactionsPerPortfolio: 500 },
}

export const report: PortfolioReport = {
  asOf: '2026-05-29',
  baseCurrency: 'TRY',
  costBasisMethod: 'FIFO',
  holdings: [
    {
      instrument: thyao,
      currency: 'TRY',
      realizedGain: { instrument: '1200', base: '1200' },
      realizedCurrencyEffect: '0',
      realizedPriceEffect: '1200',
      dividends: { instrument: '100', base: '100' },
      interest: zero,
      fees: zero,
      taxes: zero,
      quantity: '100',
      averageCost: '250',
      price: '300',
      priceDate: '2026-05-29',
      priceSource: 'close',
      stale: false,
      fxRate: '1',
      costBasis: { instrument: '25000', base: '25000' },
      marketValue: { instrument: '30000', base: '30000' },
      unrealizedGain: { instrument: '5000', base: '5000' },
      unrealizedReturn: { instrument: 0.2, base: 0.2 },
      unrealizedCurrencyEffect: '0',
      unrealizedPriceEffect: '5000',
      shareOfValue: 0.6186,
    },
    {
      instrument: aapl,
      currency: 'USD',
      realizedGain: zero,
      realizedCurrencyEffect: '0',
      realizedPriceEffect: '0',
      dividends: zero,
      interest: zero,
      fees: zero,
      taxes: zero,
      quantity: '10',
      averageCost: '100',
      price: '110',
      priceDate: '2026-05-20',
      priceSource: 'close',
      stale: true,
      fxRate: '40',
      costBasis: { instrument: '1000', base: '30000' },
      marketValue: { instrument: '1100', base: '44000' },
      unrealizedGain: { instrument: '100', base: '14000' },
      unrealizedReturn: { instrument: 0.1, base: 0.4667 },
      unrealizedCurrencyEffect: '10000',
      unrealizedPriceEffect: '4000',
      shareOfValue: 0.3814,
    },
  ],
  closedPositions: [],
  saleCount: 1,
  income: [
    {
      transactionId: 'bbbbbbbb-0000-4000-8000-000000000004',
      type: 'DIVIDEND',
      date: '2026-04-15',
      instrument: thyao,
      currency: 'TRY',
      gross: { instrument: '111.11', base: '111.11' },
      tax: { instrument: '11.11', base: '11.11' },
      fee: zero,
      net: { instrument: '100', base: '100' },
    },
    {
      // At 40 TRY per USD.
      transactionId: 'bbbbbbbb-0000-4000-8000-000000000007',
      type: 'DIVIDEND',
      date: '2026-05-15',
      instrument: aapl,
      currency: 'USD',
      gross: { instrument: '5.2', base: '208' },
      tax: { instrument: '0.78', base: '31.2' },
      fee: zero,
      net: { instrument: '4.42', base: '176.8' },
    },
  ],
  totals: {
    value: '74000',
    securitiesValue: '74000',
    cashBalance: null,
    costBasis: '55000',
    // Paid for purchases 60,000 (THYAO 120 × 250, AAPL 10 × 100 × 30) less 6,200 from the sale
    // and 276.80 of dividends; the most invested at a day's end was the 60,000.
    investedCapital: '53523.2',
    investedCapitalParts: {
      deposits: '0',
      withdrawals: '0',
      purchases: '60000',
      sales: '-6200',
      income: '-276.8',
      costs: '0',
      transfersIn: '0',
      transfersOut: '0',
    },
    peakInvestedCapital: '60000',
    totalGain: '20476.8',
    totalReturn: 0.34128,
    unrealizedGain: '19000',
    unrealizedCurrencyEffect: '10000',
    unrealizedPriceEffect: '9000',
    realizedGain: '1200',
    realizedTax: '100',
    realizedGainBeforeTax: '1300',
    realizedCurrencyEffect: '0',
    realizedPriceEffect: '1200',
    cashCurrencyEffect: '0',
    dividends: '276.8',
    interest: '0',
    fees: '0',
    taxes: '100',
    otherCosts: '0',
  },
  // THYAO's 100 units, 294 to 300 today; AAPL's price is stale.
  dayChange: { change: '600', return: 0.0204, date: '2026-05-29', earliestDate: '2026-05-29' },
  negativeCash: [],
  years: [],
}

/** The lots the report's holdings still hold, by instrument id. */
export const openLots: Record<string, Lot[]> = {
  // 120 bought on 2026-01-05, 20 of them sold: 100 held for 144 days.
  [thyao.id]: [
    {
      acquiredBy: 'bbbbbbbb-0000-4000-8000-000000000001',
      acquiredDate: '2026-01-05',
      quantity: '100',
      cost: { instrument: '25000', base: '25000' },
      holdingPeriodDays: 144,
    },
  ],
  // Two purchases at 100 USD, USD/TRY 30: held for 480 and 117 days.
  [aapl.id]: [
    {
      acquiredBy: 'bbbbbbbb-0000-4000-8000-000000000005',
      acquiredDate: '2025-02-03',
      quantity: '6',
      cost: { instrument: '600', base: '18000' },
      holdingPeriodDays: 480,
    },
    {
      acquiredBy: 'bbbbbbbb-0000-4000-8000-000000000006',
      acquiredDate: '2026-02-01',
      quantity: '4',
      cost: { instrument: '400', base: '12000' },
      holdingPeriodDays: 117,
    },
  ],
}

/** The report's sales, newest first, as one page. */
export const salePage: SalePage = {
  sales: [
    {
      transactionId: 'bbbbbbbb-0000-4000-8000-000000000003',
      instrument: thyao,
      date: '2026-03-10',
      quantity: '20',
      // 20 × 315 = 6,300 before the 100 of tax withheld.
      proceeds: { instrument: '6200', base: '6200' },
      tax: { instrument: '100', base: '100' },
      cost: { instrument: '5000', base: '5000' },
      gain: { instrument: '1200', base: '1200' },
      gainBeforeTax: { instrument: '1300', base: '1300' },
      currencyEffect: '0',
      priceEffect: '1200',
      averageCost: null,
      lots: [
        {
          acquiredBy: 'bbbbbbbb-0000-4000-8000-000000000001',
          acquiredDate: '2026-01-05',
          quantity: '20',
          cost: { instrument: '5000', base: '5000' },
          holdingPeriodDays: 64,
        },
      ],
      holdingPeriodDays: 64,
    },
  ],
  nextCursor: null,
}

/** Every amount of `figures` as zero. */
function zeroed<T extends object>(figures: T): T {
  return Object.fromEntries(Object.keys(figures).map((name) => [name, '0'])) as T
}

/** A portfolio just created: no transaction, so every figure of its report is zero. */
export const EMPTY_PORTFOLIO_ID = '66666666-7777-4888-8999-aaaaaaaaaaaa'

export const emptyPortfolio: Portfolio = {
  ...portfolio,
  id: EMPTY_PORTFOLIO_ID,
  name: 'Yeni',
  transactionCount: 0,
}

export const emptyReport: PortfolioReport = {
  ...report,
  holdings: [],
  closedPositions: [],
  saleCount: 0,
  income: [],
  totals: {
    ...zeroed(report.totals),
    investedCapitalParts: zeroed(report.totals.investedCapitalParts),
    cashBalance: null,
    totalReturn: null,
  },
  dayChange: { change: '0', return: null, date: null, earliestDate: null },
  negativeCash: [],
}

export const performance: Performance = {
  baseCurrency: 'TRY',
  from: '2025-05-29',
  to: '2026-05-29',
  points: [
    { date: '2026-01-05', value: 30000, investedCapital: 30000 },
    { date: '2026-05-29', value: 74000, investedCapital: 60000 },
  ],
  valueChange: 44000,
  twr: { cumulative: 0.1834, annualized: null },
  mwr: { rate: 0.2511, reason: null },
}

export const thyaoTransactions: TransactionPage = {
  transactions: [
    {
      id: 'bbbbbbbb-0000-4000-8000-000000000003',
      portfolioId: PORTFOLIO_ID,
      sequence: 3,
      type: 'SELL',
      tradeDate: '2026-03-10',
      instrument: thyao,
      currency: 'TRY',
      fxRate: null,
      quantity: '20',
      unitPrice: '315',
      amount: null,
      fee: '0',
      tax: '100',
      splitRatio: null,
      acquiredDate: null,
      acquisitionFxRate: null,
      toCurrency: null,
      toAmount: null,
      note: null,
      createdAt: '2026-03-10T10:00:00Z',
      updatedAt: '2026-03-10T10:00:00Z',
    },
    {
      id: 'bbbbbbbb-0000-4000-8000-000000000001',
      portfolioId: PORTFOLIO_ID,
      sequence: 1,
      type: 'BUY',
      tradeDate: '2026-01-05',
      instrument: thyao,
      currency: 'TRY',
      fxRate: null,
      quantity: '120',
      unitPrice: '250',
      amount: null,
      fee: '0',
      tax: '0',
      splitRatio: null,
      acquiredDate: null,
      acquisitionFxRate: null,
      toCurrency: null,
      toAmount: null,
      note: null,
      createdAt: '2026-01-05T10:00:00Z',
      updatedAt: '2026-01-05T10:00:00Z',
    },
  ],
  nextCursor: null,
}

/** The portfolio's first page of transactions: THYAO's, and a deposit no instrument lists. */
export const portfolioTransactions: TransactionPage = {
  transactions: [
    ...thyaoTransactions.transactions,
    {
      ...thyaoTransactions.transactions[1]!,
      id: 'bbbbbbbb-0000-4000-8000-000000000000',
      sequence: 0,
      type: 'DEPOSIT',
      tradeDate: '2026-01-02',
      instrument: null,
      quantity: null,
      unitPrice: null,
      amount: '40000',
    },
  ],
  nextCursor: 'older',
}

/**
 * Markup without the attributes that lay a table's rows out as phone cards (`cardCell`), so a
 * test reads the cells' figures as a table shows them.
 */
export function withoutCardParts(html: string): string {
  return html
    .replaceAll(/ data-label="[^"]*"/g, '')
    .replaceAll(/ class="([^"]*)"/g, (_, names: string) => {
      const kept = names.split(' ').filter((name) => !name.startsWith('card-'))
      return kept.length > 0 ? ` class="${kept.join(' ')}"` : ''
    })
}

/**
 * A screen's part rendered as the server renders it, in `locale`'s texts: no-break spaces read as
 * spaces, and without the phone cards' attributes (withoutCardParts).
 */
/** `node` with the query cache holding `answers` (API path → body), as a screen's snapshot has it. */
export function withAnswers(answers: Record<string, unknown>, node: ReactNode): ReactNode {
  return createElement(PortfolioQueries, {
    api: { fetchedAt: 0, responses: answers },
    children: node,
  })
}

/**
 * The text of each body row's cells of the first table in `html`, tags dropped; the spans that
 * `noteStart` matches (a cell's note: `<span class="cell-note">`) start a ` | `-separated part.
 */
export function tableRows(html: string, noteStart = /<span[^>]*>/g): string[][] {
  const body = html.slice(html.indexOf('<tbody>'), html.indexOf('</tbody>'))
  return body
    .split('</tr>')
    .filter((row) => row.includes('<t'))
    .map((row) =>
      [...row.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) =>
        (cell[1] ?? '').replace(noteStart, ' | ').replace(/<[^>]+>/g, ''),
      ),
    )
}

export async function renderInLocale(locale: Locale, node: ReactNode): Promise<string> {
  const translator = createTranslator(locale, await loadMessages(locale))
  const html = renderToStaticMarkup(createElement(I18nContext, { value: translator }, node))
  return withoutCardParts(html.replaceAll('\u00a0', ' '))
}
