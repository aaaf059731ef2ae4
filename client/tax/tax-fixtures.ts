import type { GermanTaxView, Instrument } from '../../shared/api/schemas'

/** A euro depot's 2025 as the German tax view answers it: shares, an equity ETF, a foreign dividend. */

export const DEPOT_ID = '11111111-2222-4333-8444-555555555555'

const instrument = (fields: Partial<Instrument> & Pick<Instrument, 'id' | 'code' | 'name'>) =>
  ({
    type: 'STOCK',
    currency: 'EUR',
    exchange: 'XETRA',
    isin: null,
    fundType: null,
    country: 'DE',
    tefasFundClass: null,
    shareMarket: 'foreign',
    slug: fields.code.toLowerCase(),
    own: false,
    priceProvider: null,
    priceSymbol: null,
    ...fields,
  }) satisfies Instrument

export const sap = instrument({
  id: 'bbbbbbbb-0000-4000-8000-000000000001',
  code: 'SAP',
  name: 'SAP SE',
  isin: 'DE0007164600',
})

export const msft = instrument({
  id: 'bbbbbbbb-0000-4000-8000-000000000002',
  code: 'MSFT',
  name: 'Microsoft Corp.',
  currency: 'USD',
  exchange: 'NASDAQ',
  isin: 'US5949181045',
  country: 'US',
})

export const world = instrument({
  id: 'bbbbbbbb-0000-4000-8000-000000000003',
  code: 'EUNL',
  name: 'iShares Core MSCI World UCITS ETF',
  type: 'ETF',
  isin: 'IE00B4L5Y983',
  fundType: 'equity',
  country: 'IE',
  shareMarket: null,
})

const TRANSACTION = 'cccccccc-0000-4000-8000-00000000000'

/**
 * Hand-checked: shares +1,500 − 400 = 1,100; general: the Vorabpauschale 100 × 70 % = 70, the
 * dividend 100, interest 30, the ETF's sale 200 × 70 % = 140: 340; income 1,440; FSA 1,000;
 * taxable 440; foreign tax 15 credited; KapESt (440 − 60) ÷ 4 = 95, Soli 5.22.
 */
export const year2025: GermanTaxView = {
  year: 2025,
  asOf: '2025-12-31',
  churchTaxRate: '0',
  jointAssessment: false,
  freistellungsauftrag: '1000.00',
  assessment: {
    shareGains: '1500',
    shareLosses: '-400',
    generalIncome: '340',
    carriedIn: { shares: '0', general: '0' },
    income: '1440',
    allowanceUsed: '1000',
    allowanceLeft: '0',
    taxable: '440',
    foreignTax: { creditable: '15', credited: '15', lapsed: '0' },
    kapESt: '95',
    soli: '5.22',
    churchTax: '0',
    carriedOut: { shares: '0', general: '0' },
  },
  items: [
    {
      date: '2025-01-02',
      kind: 'vorabpauschale',
      pot: 'general',
      gross: '100',
      amount: '70',
      creditableForeignTax: '0',
      transactionId: null,
      instrument: world,
    },
    {
      date: '2025-03-10',
      kind: 'sale',
      pot: 'shares',
      gross: '1500',
      amount: '1500',
      creditableForeignTax: '0',
      transactionId: `${TRANSACTION}1`,
      instrument: sap,
    },
    {
      date: '2025-05-15',
      kind: 'dividend',
      pot: 'general',
      gross: '100',
      amount: '100',
      creditableForeignTax: '15',
      transactionId: `${TRANSACTION}2`,
      instrument: msft,
    },
    {
      date: '2025-06-30',
      kind: 'interest',
      pot: 'general',
      gross: '30',
      amount: '30',
      creditableForeignTax: '0',
      transactionId: `${TRANSACTION}3`,
      instrument: null,
    },
    {
      date: '2025-09-01',
      kind: 'sale',
      pot: 'shares',
      gross: '-400',
      amount: '-400',
      creditableForeignTax: '0',
      transactionId: `${TRANSACTION}4`,
      instrument: msft,
    },
    {
      date: '2025-11-20',
      kind: 'sale',
      pot: 'general',
      gross: '200',
      amount: '140',
      creditableForeignTax: '0',
      transactionId: `${TRANSACTION}5`,
      instrument: world,
    },
  ],
  expectedVorabpauschalen: [],
  fundsWithoutType: [],
  notCapitalIncome: [],
  vorabpauschaleUnpriced: [],
}

/** The same depot in the year running: to 20 November, with a Vorabpauschale due in January. */
export const year2026: GermanTaxView = {
  ...year2025,
  year: 2026,
  asOf: '2026-11-20',
  churchTaxRate: '0.09',
  freistellungsauftrag: '800.00',
  assessment: {
    ...year2025.assessment,
    shareGains: '0',
    shareLosses: '0',
    generalIncome: '200',
    income: '200',
    allowanceUsed: '200',
    allowanceLeft: '600',
    taxable: '0',
    foreignTax: { creditable: '0', credited: '0', lapsed: '0' },
    kapESt: '0',
    soli: '0',
    churchTax: '0',
  },
  items: [],
  expectedVorabpauschalen: [
    {
      instrument: world,
      units: '12.5',
      amount: '112.3456',
      taxable: '78.64192',
      receivedOn: '2027-01-04',
    },
  ],
}
