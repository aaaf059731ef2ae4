/**
 * The kinds the portfolio engine, the database's check constraints, the API and the forms all
 * share: one list each, here, because the browser may not import the worker.
 */
export const TRANSACTION_TYPES = [
  'BUY',
  'SELL',
  'DIVIDEND',
  'INTEREST',
  'FEE',
  'FEE_REFUND',
  'TAX',
  'TAX_REFUND',
  'DEPOSIT',
  'WITHDRAWAL',
  'EXCHANGE',
  'SPLIT',
  'BONUS_ISSUE',
  'RIGHTS_ISSUE',
  'TRANSFER_IN',
  'TRANSFER_OUT',
] as const

export type TransactionType = (typeof TRANSACTION_TYPES)[number]

/** `AVERAGE`: weighted average cost (Turkish brokers). `FIFO`: oldest lots first (German tax law). */
export const COST_BASIS_METHODS = ['AVERAGE', 'FIFO'] as const

export type CostBasisMethod = (typeof COST_BASIS_METHODS)[number]

export const INSTRUMENT_TYPES = [
  'STOCK',
  'ETF',
  'FUND',
  'BOND',
  'CRYPTO',
  'COMMODITY',
  'OTHER',
] as const

export type InstrumentType = (typeof INSTRUMENT_TYPES)[number]

/**
 * A fund's type for tax (§ 20 InvStG, docs/tax-germany.md rule 8): an equity fund (at least 51 %
 * in shares), a mixed fund (at least 25 %), a real-estate fund, one mainly in foreign real estate,
 * or any other fund. Only funds and ETFs have one.
 */
export const FUND_TYPES = ['equity', 'mixed', 'realEstate', 'foreignRealEstate', 'other'] as const

export type FundType = (typeof FUND_TYPES)[number]

/** The instrument types that are funds, and so may have a fund type. */
export const FUND_INSTRUMENT_TYPES = ['FUND', 'ETF'] as const satisfies readonly InstrumentType[]

/** Whether an instrument of `type` is a fund (a fund type belongs to it). */
export function isFundInstrumentType(type: InstrumentType): boolean {
  return (FUND_INSTRUMENT_TYPES as readonly InstrumentType[]).includes(type)
}

/**
 * What the Turkish tax reads of an instrument (docs/tax-turkey.md, rules 2, 3 and 6): a share on
 * Borsa İstanbul (0 % stopaj), a share or a fund on a foreign exchange (declared, in lira, indexed),
 * a TEFAS fund (stopaj by purchase date and class), or something the Turkish view does not cover
 * (crypto, bonds, derivatives, …: its sales and income are listed, not computed).
 */
export const TURKISH_TAX_KINDS = [
  'bistShare',
  'foreignShare',
  'tefasFund',
  'foreignFund',
  'other',
] as const

export type TurkishTaxKind = (typeof TURKISH_TAX_KINDS)[number]

/**
 * A Turkish fund's class for its stopaj (docs/tax-turkey.md rule 3), as its category and title
 * say it: equity-intensive (`hisse senedi yoğun`, 0 %); the group the reduced rates left out
 * (variable, mixed, eurobond, foreign, hedge, a title saying `döviz`, external debt); money-market,
 * debt, gold and other precious metals, participation; venture-capital (GSYF) and real-estate
 * (GYF) funds, at 0 % after two years; any other fund. Only funds and ETFs have one: the catalog's
 * TEFAS funds and one's own.
 */
export const TEFAS_FUND_CLASSES = [
  'equityIntensive',
  'variable',
  'mixed',
  'eurobond',
  'foreign',
  'hedge',
  'fx',
  'externalDebt',
  'moneyMarket',
  'debt',
  'gold',
  'participation',
  'gsyf',
  'gyf',
  'other',
] as const

export type TefasFundClass = (typeof TEFAS_FUND_CLASSES)[number]

/**
 * Why a fund lot bears its stopaj rate (docs/tax-turkey.md rule 3): an equity-intensive fund's
 * 0 %, a GSYF's or GYF's held more than two years or not, the excluded group's rate of its band,
 * or the band's rate for other funds.
 */
export const FUND_RATE_REASONS = [
  'equityIntensive',
  'heldMoreThanTwoYears',
  'heldTwoYearsOrLess',
  'excludedGroup',
  'otherFunds',
] as const

export type FundRateReason = (typeof FUND_RATE_REASONS)[number]

/**
 * Why the Turkish tax view lists a sale or payment without a computation: an instrument of a kind
 * it does not cover, interest, a fund's distribution, a fund without a class, units bought or a
 * dividend paid before the rates' tables begin (docs/tax-turkey.md, "What this view does not
 * cover").
 */
export const NOT_COVERED_REASONS = [
  'instrument',
  'interest',
  'fundDistribution',
  'unclassifiedFund',
  'boughtBeforeTable',
  'paidBeforeTable',
] as const

export type NotCoveredReason = (typeof NOT_COVERED_REASONS)[number]
