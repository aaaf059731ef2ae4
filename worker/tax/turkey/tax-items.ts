import type { Decimal } from '../../../shared/decimal/decimal'
import type {
  NotCoveredReason,
  TransactionType,
  TefasFundClass,
  TurkishTaxKind,
} from '../../../shared/portfolio/portfolio-kinds'
import type { Observation } from '../../portfolio/ledger'
import type { FundBand, FundRateReason } from './tax-rules'

// What the Turkish tax view lists for a year (docs/tax-turkey.md): every sale and payment of the
// portfolio, computed or named as not covered. Amounts are in lira, exact; only taxes are rounded.

/** What the Turkish tax needs to know of an instrument (rules 2, 3 and 6). */
export interface TurkishTaxInstrument {
  kind: TurkishTaxKind
  /**
   * A TEFAS fund's class; null when its words settle none (rule 3: named, never guessed).
   * Unused for other kinds.
   */
  fundClass: TefasFundClass | null
}

/** The part of one FIFO lot a sale takes (rule 10), in lira. */
export interface SaleLot {
  /** The BUY, RIGHTS_ISSUE or TRANSFER_IN that brought the units. */
  acquiredBy: string
  /** The purchase day (a transfer's acquisition date). */
  boughtOn: string
  units: Decimal
  /** What the units cost, fees included, at the TCMB rate of the purchase (rule 7). */
  cost: Decimal
  /** The sale's proceeds, less its costs, for these units: their share by units. */
  proceeds: Decimal
  gain: Decimal
}

interface SaleBase {
  transactionId: string
  instrumentCode: string
  date: string
  quantity: Decimal
  /** Units × price less the sale's costs, at the TCMB rate of the sale (rule 7). */
  proceeds: Decimal
  cost: Decimal
  gain: Decimal
}

/** A sale of Borsa İstanbul shares: listed, 0 % stopaj, nothing to declare (rules 1 and 2). */
export interface BistSale extends SaleBase {
  kind: 'bistSale'
  lots: SaleLot[]
  stopaj: Decimal
}

/** A fund lot's stopaj: the rate of its purchase band and class, and why (rule 3). */
export interface FundLot extends SaleLot {
  rate: Decimal
  reason: FundRateReason
  band: FundBand
  /** The lot's gain × its rate, exact; a lot sold at a loss bears none. */
  stopaj: Decimal
}

/** A sale of TEFAS fund units: stopaj withheld lot by lot, final (rules 1, 3 and 10). */
export interface FundSale extends SaleBase {
  kind: 'fundSale'
  fundClass: TefasFundClass
  lots: FundLot[]
  /** The lots' stopaj, rounded half up to the kuruş once for the sale (rule 13). */
  stopaj: Decimal
}

/** Yİ-ÜFE of the months before the purchase and the sale, and whether it indexes the cost (rule 8). */
export interface Indexation {
  purchaseMonth: string
  purchaseIndex: Decimal
  saleMonth: string
  saleIndex: Decimal
  /** The index rose at least 10 %. */
  applies: boolean
  /** The cost indexed when it applies, else the cost. */
  cost: Decimal
}

export interface ForeignLot extends SaleLot {
  /** The cost in the instrument's currency, fees included. */
  costInCurrency: Decimal
  /** The TCMB buying rate of the purchase (the bulletin before its day); null in lira. */
  costRate: Observation | null
  indexation: Indexation
  /** The gain after indexation: lowered at most to zero, a loss never deepened. */
  indexedGain: Decimal
}

/** A sale of foreign shares or fund units: a değer artış kazancı, declared (rules 6–10). */
export interface ForeignSale extends SaleBase {
  kind: 'foreignSale'
  currency: string
  /** Units × price less the sale's costs, in the instrument's currency. */
  proceedsInCurrency: Decimal
  /** The TCMB buying rate of the sale (the bulletin before its day); null in lira. */
  saleRate: Observation | null
  lots: ForeignLot[]
  indexedGain: Decimal
}

/** A dividend of a Turkish company, its stopaj by the payment date (rule 4). */
export interface TurkishDividend {
  kind: 'turkishDividend'
  transactionId: string
  instrumentCode: string
  date: string
  /** The gross dividend. */
  gross: Decimal
  rate: Decimal
  decision: string
  /** Gross × rate, rounded half up to the kuruş. */
  stopaj: Decimal
}

/** A dividend of a foreign company or fund, at the TCMB rate of its payment (rules 7, 11, 12). */
export interface ForeignDividend {
  kind: 'foreignDividend'
  transactionId: string
  instrumentCode: string
  date: string
  currency: string
  /** The gross dividend and the tax withheld abroad, in the dividend's currency. */
  amount: Decimal
  tax: Decimal
  /** Null for a dividend in lira. */
  rate: Observation | null
  gross: Decimal
  foreignTax: Decimal
}

export type { NotCoveredReason }

export interface NotCovered {
  kind: 'notCovered'
  reason: NotCoveredReason
  transactionId: string
  type: TransactionType
  instrumentCode: string | null
  date: string
}

export type TurkishTaxItem =
  BistSale | FundSale | ForeignSale | TurkishDividend | ForeignDividend | NotCovered
