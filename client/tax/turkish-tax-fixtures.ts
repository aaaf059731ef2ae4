import type { Instrument, TurkishTaxView } from '../../shared/api/schemas'

/**
 * A lira portfolio's 2025 as the Turkish tax view answers it, from docs/tax-turkey.md's worked
 * examples: a Borsa İstanbul share sale (Example 1), a debt fund sold over two lots in two bands
 * (Example 11), a Turkish dividend below the amount (Example 12), a US share indexed by Yİ-ÜFE
 * (Example 15), and an interest payment the view does not cover.
 */

export const PORTFOLIO_ID = '22222222-3333-4444-8555-666666666666'

const instrument = (fields: Partial<Instrument> & Pick<Instrument, 'id' | 'code' | 'name'>) =>
  ({
    type: 'STOCK',
    currency: 'TRY',
    exchange: 'BIST',
    isin: null,
    fundType: null,
    country: 'TR',
    tefasFundClass: null,
    shareMarket: 'BIST',
    slug: fields.code.toLowerCase(),
    own: false,
    priceProvider: null,
    priceSymbol: null,
    ...fields,
  }) satisfies Instrument

const thyao = instrument({
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  code: 'THYAO',
  name: 'Türk Hava Yolları',
  isin: 'TRATHYAO91M5',
})
const fund = instrument({
  id: 'aaaaaaaa-0000-4000-8000-000000000002',
  code: 'TTE',
  name: 'İş Portföy Borçlanma Araçları Fonu',
  type: 'FUND',
  exchange: 'TEFAS',
  tefasFundClass: 'debt',
  shareMarket: null,
})
const aapl = instrument({
  id: 'aaaaaaaa-0000-4000-8000-000000000003',
  code: 'AAPL',
  name: 'Apple Inc.',
  currency: 'USD',
  exchange: 'NASDAQ',
  isin: 'US0378331005',
  country: 'US',
  shareMarket: 'foreign',
})

const TX = 'dddddddd-0000-4000-8000-00000000000'
const band = (from: string, through: string, otherFunds: string, decision: string) => ({
  from,
  through,
  otherFunds,
  excludedGroup: otherFunds,
  decision,
})

export const turkish2025: TurkishTaxView = {
  year: 2025,
  asOf: '2025-12-31',
  items: [
    {
      kind: 'turkishDividend',
      transactionId: `${TX}1`,
      date: '2025-05-20',
      instrument: thyao,
      gross: '40000.00',
      rate: '0.15',
      decision: 'CK 9286 (RG 22.12.2024, no. 32760)',
      stopaj: '6000.00',
    },
    {
      kind: 'bistSale',
      transactionId: `${TX}2`,
      date: '2025-06-04',
      instrument: thyao,
      quantity: '200',
      proceeds: '63074.76',
      cost: '56022.40',
      gain: '7052.36',
      lots: [
        {
          acquiredBy: `${TX}7`,
          boughtOn: '2025-02-12',
          units: '200',
          cost: '56022.40',
          proceeds: '63074.76',
          gain: '7052.36',
        },
      ],
      stopaj: '0.00',
    },
    {
      kind: 'foreignSale',
      transactionId: `${TX}3`,
      date: '2025-06-10',
      instrument: aapl,
      quantity: '10',
      proceeds: '82280.80',
      cost: '48032.00',
      gain: '34248.80',
      currency: 'USD',
      proceedsInCurrency: '2099.00',
      saleRate: { date: '2025-06-05', value: '39.2' },
      lots: [
        {
          acquiredBy: `${TX}8`,
          boughtOn: '2024-03-15',
          units: '10',
          cost: '48032.00',
          proceeds: '82280.80',
          gain: '34248.80',
          costInCurrency: '1501.00',
          costRate: { date: '2024-03-14', value: '32' },
          indexation: {
            purchaseMonth: '2024-02',
            purchaseIndex: '3000',
            saleMonth: '2025-05',
            saleIndex: '4125',
            applies: true,
            cost: '66044.00',
          },
          indexedGain: '16236.80',
        },
      ],
      indexedGain: '16236.80',
    },
    {
      kind: 'fundSale',
      transactionId: `${TX}4`,
      date: '2025-09-15',
      instrument: fund,
      quantity: '4000',
      proceeds: '19200.00',
      cost: '16550.00',
      gain: '2650.00',
      fundClass: 'debt',
      lots: [
        {
          acquiredBy: `${TX}9`,
          boughtOn: '2025-01-20',
          units: '3000',
          cost: '12300.00',
          proceeds: '14400.00',
          gain: '2100.00',
          rate: '0.1',
          reason: 'otherFunds',
          band: band('2024-11-01', '2025-01-31', '0.1', 'CK 9075'),
          stopaj: '210',
        },
        {
          acquiredBy: `${TX}a`,
          boughtOn: '2025-03-10',
          units: '1000',
          cost: '4250.00',
          proceeds: '4800.00',
          gain: '550.00',
          rate: '0.15',
          reason: 'otherFunds',
          band: band('2025-02-01', '2025-07-09', '0.15', 'CK 9512'),
          stopaj: '82.5',
        },
      ],
      stopaj: '292.50',
    },
    {
      kind: 'notCovered',
      transactionId: `${TX}5`,
      date: '2025-10-01',
      instrument: null,
      reason: 'interest',
      type: 'INTEREST',
    },
  ],
  assessment: {
    year: 2025,
    bistShares: { gain: '7052.36' },
    funds: { gain: '2650.00', stopaj: '292.50' },
    turkishDividends: {
      gross: '40000.00',
      stopaj: '6000.00',
      test: { amount: '20000.00', threshold: '330000', declared: false },
    },
    foreignSales: {
      gains: '16236.80',
      losses: '0.00',
      net: '16236.80',
      netWithoutIndexation: '34248.80',
    },
    foreignDividends: {
      gross: '0.00',
      foreignTax: '0.00',
      test: { amount: '0.00', threshold: '18000', declared: false },
    },
    declaration: {
      foreignGains: '16236.80',
      foreignDividends: '0.00',
      turkishDividends: '0.00',
      income: '16236.80',
      // The 2025 tariff's first bracket: 16,236.80 × 15 % = 2,435.52.
      estimate: {
        tax: '2435.52',
        turkishStopajCredited: '0.00',
        foreignTaxCredited: '0.00',
        foreignTaxNotCredited: '0.00',
        balance: '2435.52',
      },
    },
  },
}
