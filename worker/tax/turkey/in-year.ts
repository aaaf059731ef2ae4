import type { Decimal } from '../../../shared/decimal/decimal'
import { toResult } from '../../portfolio/errors'
import type { Result } from '../../portfolio/errors'
import type { PortfolioInput } from '../../portfolio/portfolio-input'
import type { TransactionInput } from '../../portfolio/transactions'
import { assessTurkishYear } from './assess-year'
import type { TurkishYearAssessment } from './assess-year'
import type {
  BistSale,
  ForeignSale,
  FundSale,
  NotCovered,
  TurkishTaxInstrument,
  TurkishTaxItem,
} from './tax-items'
import { turkishTaxPass } from './tax-years'

/** The id the previewed sale has in the pass; no stored transaction has it (they are UUIDs). */
const PREVIEWED = 'sale-preview'

/** A sale the investor considers: `quantity` units at `unitPrice` less `fee`, in `currency`. */
export interface TurkishSaleIdea {
  instrumentCode: string
  /** The instrument's trading currency, which the price and fee are in. */
  currency: string
  quantity: Decimal
  unitPrice: Decimal
  fee: Decimal
  date: string
}

export type PreviewedSale = BistSale | FundSale | ForeignSale | NotCovered

export interface TurkishSalePreview {
  /** The sale as its year takes it: with its FIFO lots and stopaj or gain, or not covered and why. */
  item: PreviewedSale
  /** Units held on the date before the sale; null for an instrument the view keeps no lots of. */
  held: Decimal | null
  /** The sale's year without the sale and with it. */
  before: TurkishYearAssessment
  after: TurkishYearAssessment
}

const isPreviewed = (item: TurkishTaxItem): item is PreviewedSale =>
  item.transactionId === PREVIEWED

/**
 * What a sale would cause in Turkish tax (docs/tax-turkey.md, Examples 24–26): the portfolio's own
 * pass to `sale.date` with the sale added after everything else of that day, so every rule is the
 * year's (the TCMB bulletin before the day, FIFO lots, the fund's band, Yİ-ÜFE), and its year
 * assessed without and with it. Fails as the pass does: more than is held is `insufficient_quantity`; a rate or an
 * index month missing is named.
 */
export function turkishSalePreview(
  input: PortfolioInput,
  instruments: Readonly<Record<string, TurkishTaxInstrument>>,
  sale: TurkishSaleIdea,
  yiUfe: Readonly<Record<string, string>>,
): Result<TurkishSalePreview> {
  return toResult(() => {
    const foreign = sale.currency !== input.portfolio.baseCurrency
    const row: TransactionInput = {
      id: PREVIEWED,
      sequence: Number.MAX_SAFE_INTEGER,
      type: 'SELL',
      tradeDate: sale.date,
      instrumentCode: sale.instrumentCode,
      currency: sale.currency,
      // Read, never used: the pass converts at the TCMB bulletin before the day (rule 7).
      fxRate: foreign ? '1' : null,
      quantity: sale.quantity.toString(),
      unitPrice: sale.unitPrice.toString(),
      fee: sale.fee.toString(),
    }
    const pass = turkishTaxPass(
      { ...input, transactions: [...input.transactions, row] },
      instruments,
      { asOf: sale.date, yiUfe },
    )
    const year = Number(sale.date.slice(0, 4))
    const items = pass.itemsByYear.get(year) ?? []
    const item = items.find(isPreviewed)
    if (item === undefined) throw new Error('The previewed sale is missing from its year')
    const remaining = pass.holdings.get(sale.instrumentCode)?.basis.quantity
    return {
      item,
      held: remaining === undefined ? null : remaining.plus(sale.quantity),
      before: assessTurkishYear(
        year,
        items.filter((each) => !isPreviewed(each)),
      ),
      after: assessTurkishYear(year, items),
    }
  })
}
