import { describe, expect, it } from 'vitest'
import { ZERO, decimal } from '../../../shared/decimal/decimal'
import type { PortfolioInput } from '../../portfolio/portfolio-input'
import { rows, series, unwrap } from '../../portfolio/test-fixtures'
import type { Row } from '../../portfolio/test-fixtures'
import { germanTaxYears, taxPass } from './tax-years'
import type { TaxInstrument, TaxYear } from './tax-years'

// Worked examples of docs/tax-germany.md computed from a depot's transactions, as the view will.

const SHARE: TaxInstrument = { kind: 'share', fundType: 'other', domestic: true, treatyRate: null }
const US_SHARE: TaxInstrument = { ...SHARE, domestic: false }
const EQUITY_ETF: TaxInstrument = {
  kind: 'fund',
  fundType: 'equity',
  domestic: true,
  treatyRate: null,
}

function depot(method: 'FIFO' | 'AVERAGE', list: Row[], prices: PortfolioInput['prices'] = {}) {
  return {
    portfolio: { baseCurrency: 'EUR', costBasisMethod: method, recordsCash: false },
    transactions: rows(...list.map((row) => ({ currency: 'EUR', ...row }))),
    prices,
  } satisfies PortfolioInput
}

const noAllowance = () => ({ churchTaxRate: '0', freistellungsauftrag: ZERO }) as const

function yearOf(years: readonly TaxYear[], year: number): TaxYear {
  const found = years.find((each) => each.year === year)
  if (found === undefined) throw new Error(`No year ${year}`)
  return found
}

describe('a depot’s tax years from its transactions', () => {
  // Example 6: 10 at 100 + 1 (2023), 10 at 150 + 1 (2024), 12 sold at 160 − 5 (2025).
  const example6: Row[] = [
    {
      id: 'b1',
      type: 'BUY',
      tradeDate: '2023-03-10',
      instrumentCode: 'X',
      quantity: '10',
      unitPrice: '100',
      fee: '1',
    },
    {
      id: 'b2',
      type: 'BUY',
      tradeDate: '2024-04-12',
      instrumentCode: 'X',
      quantity: '10',
      unitPrice: '150',
      fee: '1',
    },
    {
      id: 's1',
      type: 'SELL',
      tradeDate: '2025-06-20',
      instrumentCode: 'X',
      quantity: '12',
      unitPrice: '160',
      fee: '5',
    },
  ]

  for (const method of ['FIFO', 'AVERAGE'] as const) {
    it(`Example 6: FIFO, whatever the portfolio shows (${method})`, () => {
      const years = unwrap(
        germanTaxYears(
          depot(method, example6),
          { X: SHARE },
          { asOf: '2025-12-31', settingsOf: noAllowance },
        ),
      )
      const year = yearOf(years, 2025)
      expect(year.items.map((item) => [item.kind, item.pot, item.amount.toString()])).toEqual([
        ['sale', 'shares', '613.8'],
      ])
      expect(year.assessment.kapESt.toString()).toBe('153.45')
      expect(year.assessment.soli.toString()).toBe('8.43')
      expect(years.map((each) => each.year)).toEqual([2023, 2024, 2025])
    })
  }

  it('Example 10: a foreign dividend has the tax withheld abroad credited, up to the treaty rate', () => {
    const years = unwrap(
      germanTaxYears(
        depot('FIFO', [
          {
            id: 'b',
            type: 'BUY',
            tradeDate: '2025-01-10',
            instrumentCode: 'US',
            quantity: '10',
            unitPrice: '100',
          },
          {
            id: 'd',
            type: 'DIVIDEND',
            tradeDate: '2025-05-15',
            instrumentCode: 'US',
            amount: '200',
            tax: '60',
          },
        ]),
        { US: US_SHARE },
        { asOf: '2025-12-31', settingsOf: noAllowance },
      ),
    )
    const year = yearOf(years, 2025)
    expect(year.assessment.foreignTax.credited.toString()).toBe('30')
    expect(year.assessment.kapESt.toString()).toBe('20')
    expect(year.assessment.soli.toString()).toBe('1.1')
  })

  it('Examples 16 and 21: the Vorabpauschale of 2025 is 2026 income, on 2 January, in that year’s allowance', () => {
    const input = depot(
      'FIFO',
      [
        {
          id: 'e',
          type: 'BUY',
          tradeDate: '2024-11-04',
          instrumentCode: 'ETF',
          quantity: '100',
          unitPrice: '95',
        },
        {
          id: 'b',
          type: 'BUY',
          tradeDate: '2025-03-03',
          instrumentCode: 'X',
          quantity: '20',
          unitPrice: '50',
        },
        {
          id: 's1',
          type: 'SELL',
          tradeDate: '2025-12-30',
          instrumentCode: 'X',
          quantity: '10',
          unitPrice: '110',
        },
        {
          id: 's2',
          type: 'SELL',
          tradeDate: '2026-01-02',
          instrumentCode: 'X',
          quantity: '10',
          unitPrice: '110',
        },
      ],
      {
        ETF: series(
          ['2024-12-30', '99'],
          ['2025-01-02', '100'],
          ['2025-12-30', '110'],
          ['2026-01-02', '111'],
        ),
      },
    )
    const years = unwrap(
      germanTaxYears(
        input,
        { ETF: EQUITY_ETF, X: SHARE },
        {
          asOf: '2026-01-31',
          // The allowance of 2025 went elsewhere; 2026's 1,000 is here.
          settingsOf: (year) => ({
            churchTaxRate: '0',
            freistellungsauftrag: decimal(year === 2026 ? '1000' : '0'),
          }),
        },
      ),
    )
    const y2025 = yearOf(years, 2025)
    expect(y2025.assessment.taxable.toString()).toBe('600')
    expect(y2025.assessment.kapESt.toString()).toBe('150')
    expect(y2025.assessment.soli.toString()).toBe('8.25')
    const y2026 = yearOf(years, 2026)
    expect(y2026.items.map((item) => [item.kind, item.date, item.amount.toString()])).toEqual([
      ['vorabpauschale', '2026-01-02', '123.97'],
      ['sale', '2026-01-02', '600'],
    ])
    expect(y2026.assessment.allowanceUsed.toString()).toBe('723.97')
    expect(y2026.assessment.allowanceLeft.toString()).toBe('276.03')
    expect(y2026.assessment.kapESt.toString()).toBe('0')
  })

  it('Example 22: a fund sold after years of Vorabpauschale: they are deducted in full', () => {
    const input = depot(
      'FIFO',
      [
        {
          id: 'b',
          type: 'BUY',
          tradeDate: '2023-01-02',
          instrumentCode: 'ETF',
          quantity: '100',
          unitPrice: '80',
        },
        {
          id: 's',
          type: 'SELL',
          tradeDate: '2025-10-15',
          instrumentCode: 'ETF',
          quantity: '100',
          unitPrice: '120',
        },
      ],
      {
        ETF: series(
          ['2023-01-02', '80'],
          ['2023-12-29', '90'],
          ['2024-01-02', '90'],
          ['2024-12-30', '100'],
          ['2025-10-15', '120'],
        ),
      },
    )
    const years = unwrap(
      germanTaxYears(input, { ETF: EQUITY_ETF }, { asOf: '2025-12-31', settingsOf: noAllowance }),
    )
    expect(yearOf(years, 2024).items.map((item) => item.gross.toString())).toEqual(['142.8'])
    const y2025 = yearOf(years, 2025)
    const sale = y2025.items.find((item) => item.kind === 'sale')
    expect(sale?.gross.toString()).toBe('3712.93')
    expect(sale?.amount.toString()).toBe('2599.051')
    // 2024's Vorabpauschale, received in 2025, is taxed in 2025 too.
    const vorabpauschale = y2025.items.find((item) => item.kind === 'vorabpauschale')
    expect(vorabpauschale?.gross.toString()).toBe('144.27')
  })

  it('Examples 16 and 18 in one fund: one Vorabpauschale of the fund, its lots’ own deducted on sale', () => {
    // 100 units held all of 2025 (Example 16: 177.10) and 60 bought in May (8/12: 70.84).
    const input = depot(
      'FIFO',
      [
        {
          id: 'b1',
          type: 'BUY',
          tradeDate: '2024-10-01',
          instrumentCode: 'ETF',
          quantity: '100',
          unitPrice: '96',
        },
        {
          id: 'b2',
          type: 'BUY',
          tradeDate: '2025-05-15',
          instrumentCode: 'ETF',
          quantity: '60',
          unitPrice: '104',
        },
        {
          id: 's',
          type: 'SELL',
          tradeDate: '2026-03-02',
          instrumentCode: 'ETF',
          quantity: '130',
          unitPrice: '115',
        },
      ],
      {
        ETF: series(
          ['2024-10-01', '96'],
          ['2025-01-02', '100'],
          ['2025-12-30', '110'],
          ['2026-03-02', '115'],
        ),
      },
    )
    const years = unwrap(
      germanTaxYears(input, { ETF: EQUITY_ETF }, { asOf: '2026-12-31', settingsOf: noAllowance }),
    )
    const y2026 = yearOf(years, 2026)
    // 60 × 100.00 × 2.53 % × 70 % = 106.26, × 8/12 = 70.84; with 177.10: 247.94, × 70 % = 173.558.
    expect(
      y2026.items.map((item) => [item.kind, item.gross.toString(), item.amount.toString()]),
    ).toEqual([
      ['vorabpauschale', '247.94', '173.558'],
      // 130 × 115 − 9,600 − 30 × 104 − 177.10 − 70.84 × 30/60 = 2,017.48; × 70 % = 1,412.236.
      ['sale', '2017.48', '1412.236'],
    ])
    // (173.558 + 1,412.236) × 25 % = 396.4485: 396.45; Soli 21.80475: 21.80.
    expect(y2026.assessment.kapESt.toString()).toBe('396.45')
    expect(y2026.assessment.soli.toString()).toBe('21.8')
  })

  it('carries a year’s share loss into the next, unless a loss certificate was asked for', () => {
    const input = depot('FIFO', [
      {
        id: 'b',
        type: 'BUY',
        tradeDate: '2024-02-01',
        instrumentCode: 'X',
        quantity: '10',
        unitPrice: '100',
      },
      {
        id: 's',
        type: 'SELL',
        tradeDate: '2024-06-01',
        instrumentCode: 'X',
        quantity: '5',
        unitPrice: '60',
      },
      {
        id: 's2',
        type: 'SELL',
        tradeDate: '2025-06-01',
        instrumentCode: 'X',
        quantity: '5',
        unitPrice: '180',
      },
    ])
    const carried = unwrap(
      germanTaxYears(input, { X: SHARE }, { asOf: '2025-12-31', settingsOf: noAllowance }),
    )
    expect(yearOf(carried, 2024).assessment.carriedOut.shares.toString()).toBe('-200')
    expect(yearOf(carried, 2025).assessment.taxable.toString()).toBe('200')
    const certified = unwrap(
      germanTaxYears(
        input,
        { X: SHARE },
        {
          asOf: '2025-12-31',
          settingsOf: (year) => ({ ...noAllowance(), lossCertificate: year === 2024 }),
        },
      ),
    )
    expect(yearOf(certified, 2025).assessment.taxable.toString()).toBe('400')
  })

  it('refuses a portfolio not in euros', () => {
    const input = {
      ...depot('FIFO', []),
      portfolio: { baseCurrency: 'TRY', costBasisMethod: 'FIFO', recordsCash: false },
    } as const
    const result = germanTaxYears(input, {}, { asOf: '2025-12-31', settingsOf: noAllowance })
    expect(result.ok ? null : result.error.code).toBe('invalid_currency')
  })

  it('leaves out crypto-assets and commodities: private sales, not capital income', () => {
    const coin: TaxInstrument = { ...SHARE, kind: 'private' }
    const years = unwrap(
      germanTaxYears(
        depot('FIFO', [
          {
            id: 't1',
            type: 'BUY',
            tradeDate: '2025-01-10',
            instrumentCode: 'BTC',
            quantity: '1',
            unitPrice: '40000',
          },
          {
            id: 't2',
            type: 'BUY',
            tradeDate: '2025-01-10',
            instrumentCode: 'X',
            quantity: '10',
            unitPrice: '100',
          },
          {
            id: 't3',
            type: 'INTEREST',
            tradeDate: '2025-03-01',
            instrumentCode: 'BTC',
            amount: '50',
          },
          {
            id: 't4',
            type: 'SELL',
            tradeDate: '2025-06-02',
            instrumentCode: 'BTC',
            quantity: '1',
            unitPrice: '60000',
          },
          {
            id: 't5',
            type: 'SELL',
            tradeDate: '2025-06-02',
            instrumentCode: 'X',
            quantity: '10',
            unitPrice: '110',
          },
        ]),
        { BTC: coin, X: SHARE },
        { asOf: '2025-12-31', settingsOf: noAllowance },
      ),
    )
    // The coin's 20,000 gain and its staking reward are in no pot; the share's 100 is.
    const year = yearOf(years, 2025)
    expect(year.items.map((item) => [item.instrumentCode, item.amount.toString()])).toEqual([
      ['X', '100'],
    ])
    expect(year.assessment.income.toString()).toBe('100')
  })

  it('a split of a fund not yet held opens no holding: a later dollar purchase keeps dollars', () => {
    // The split is written in euros (the portfolio's currency): were it to open the holding, the
    // Vorabpauschale would read as euros and not be converted.
    const usdFund: Row[] = [
      {
        id: 't6',
        type: 'SPLIT',
        tradeDate: '2024-03-01',
        instrumentCode: 'ETF',
        splitRatio: '2:1',
      },
      {
        id: 't7',
        type: 'BUY',
        tradeDate: '2024-01-02',
        instrumentCode: 'OTHER',
        quantity: '1',
        unitPrice: '1',
      },
      {
        id: 't8',
        type: 'BUY',
        tradeDate: '2024-06-03',
        instrumentCode: 'ETF',
        quantity: '10',
        unitPrice: '100',
        currency: 'USD',
        fxRate: '0.9',
      },
    ]
    const years = unwrap(
      germanTaxYears(
        {
          ...depot('FIFO', usdFund, {
            ETF: series(['2024-01-02', '100'], ['2024-12-31', '110']),
          }),
          fxRates: { 'USD/EUR': series(['2025-01-02', '0.95']) },
        },
        { ETF: EQUITY_ETF, OTHER: SHARE },
        { asOf: '2025-12-31', settingsOf: noAllowance },
      ),
    )
    // 10 × 100 × 2.29 % × 70 % = 16.03 dollars, 7/12 of it for June: 9.350833…, at 0.95 €.
    const [vorabpauschale] = yearOf(years, 2025).items
    expect(vorabpauschale?.kind).toBe('vorabpauschale')
    expect(vorabpauschale?.gross.toString()).toBe(
      decimal('16.03').times(decimal('7')).div(decimal('12')).times(decimal('0.95')).toString(),
    )
  })

  it('names a fund held at a year’s end whose prices of that year are missing', () => {
    const bought: Row[] = [
      {
        id: 'u1',
        type: 'BUY',
        tradeDate: '2024-06-03',
        instrumentCode: 'ETF',
        quantity: '10',
        unitPrice: '100',
      },
    ]
    // Without a close, 2024's Vorabpauschale (received in 2025) cannot be computed; 2025's is
    // the next year's.
    const without = taxPass(depot('FIFO', bought), { ETF: EQUITY_ETF }, '2025-12-31')
    expect(without.unpriced).toEqual([{ instrumentCode: 'ETF', year: 2024 }])
    const priced = taxPass(
      depot('FIFO', bought, {
        ETF: series(['2024-06-03', '100'], ['2024-12-30', '104'], ['2025-01-02', '104']),
      }),
      { ETF: EQUITY_ETF },
      '2025-12-31',
    )
    expect(priced.unpriced).toEqual([])
  })
})
