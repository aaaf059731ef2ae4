import { ZERO, decimal, sum } from '../../../shared/decimal/decimal'
import type { Decimal } from '../../../shared/decimal/decimal'
import { ABGELTUNGSTEUER, SOLI } from './tax-rules'
import type { ChurchTaxRate } from './tax-rules'

/**
 * Where an item's amount goes: losses from selling shares offset only gains from selling shares
 * (the share pot, § 20 Abs. 6 Satz 4 EStG); everything else meets in the general pot.
 */
export type TaxPot = 'shares' | 'general'

/** One piece of a year's capital income: a dividend, interest, a sale's gain or loss, a Vorabpauschale. */
export interface TaxItem {
  date: string
  pot: TaxPot
  /** What is taxable, after any Teilfreistellung; a loss is negative. */
  amount: Decimal
  /** The foreign tax withheld on it that Germany credits (docs/tax-germany.md, rule 7). */
  creditableForeignTax: Decimal
}

/** Losses not yet used, carried from one year into the next: each pot zero or negative. */
export interface LossPots {
  shares: Decimal
  general: Decimal
}

export const NO_LOSSES: LossPots = { shares: ZERO, general: ZERO }

export interface YearSettings {
  churchTaxRate: ChurchTaxRate
  /** The part of the Sparer-Pauschbetrag given to this depot for the year. */
  freistellungsauftrag: Decimal
}

/** A depot's year as its bank withholds for it (docs/tax-germany.md, rules 1–7). */
export interface YearAssessment {
  /** The year's gains and losses from selling shares, and everything else, before the pots. */
  shareGains: Decimal
  shareLosses: Decimal
  generalIncome: Decimal
  carriedIn: LossPots
  /** What is left after the pots, before the Freistellungsauftrag. */
  income: Decimal
  allowanceUsed: Decimal
  allowanceLeft: Decimal
  taxable: Decimal
  foreignTax: { creditable: Decimal; credited: Decimal; lapsed: Decimal }
  kapESt: Decimal
  soli: Decimal
  churchTax: Decimal
  /** The pots carried into the next year (no Verlustbescheinigung requested). */
  carriedOut: LossPots
}

const FOUR = decimal('4')
const HUNDRED = decimal('100')

/** Cut to the cent, as the Soli and church tax are (§ 4 Satz 3 SolZG). */
function cutToCent(amount: Decimal): Decimal {
  return amount.times(HUNDRED).floor().div(HUNDRED)
}

const min = (a: Decimal, b: Decimal): Decimal => (a.lt(b) ? a : b)
const max = (a: Decimal, b: Decimal): Decimal => (a.gt(b) ? a : b)

/**
 * The taxes on a taxable amount with `credited` foreign tax: the KapESt (e − 4q) ÷ (4 + k)
 * (§ 32d Abs. 1 EStG) rounded half up to the cent, and the Soli and church tax of it cut to the
 * cent (docs/tax-germany.md, rules 1–3).
 * @example taxesOn(decimal('1234.58'), ZERO, '0') // { kapESt: 308.65, soli: 16.97, churchTax: 0 }
 */
export function taxesOn(
  taxable: Decimal,
  credited: Decimal,
  churchTaxRate: ChurchTaxRate,
): { kapESt: Decimal; soli: Decimal; churchTax: Decimal } {
  const churchRate = decimal(churchTaxRate)
  const kapESt = taxable
    .minus(FOUR.times(credited))
    .div(FOUR.plus(churchRate))
    .round(2, 'half-away-from-zero')
  return {
    kapESt,
    soli: cutToCent(kapESt.times(SOLI)),
    churchTax: cutToCent(kapESt.times(churchRate)),
  }
}

/**
 * The year's tax of one depot from its items, the pots carried in and its settings. Share gains
 * meet the share pot first, then the general pot; the Freistellungsauftrag takes what is left;
 * the KapESt is (e − 4q) ÷ (4 + k) (§ 32d Abs. 1 EStG), rounded half up to the cent, and the
 * Soli and church tax of it are cut to the cent. A bank does this as each item arrives; the
 * year's end comes to the same.
 *
 * @example assessYear(items, { churchTaxRate: '0', freistellungsauftrag: decimal('1000') }, NO_LOSSES)
 */
export function assessYear(
  items: readonly TaxItem[],
  settings: YearSettings,
  carriedIn: LossPots,
): YearAssessment {
  const shareItems = items.filter((item) => item.pot === 'shares').map((item) => item.amount)
  const shareGains = sum(shareItems.filter((amount) => amount.sign() > 0))
  const shareLosses = sum(shareItems.filter((amount) => amount.sign() < 0))
  const generalIncome = sum(
    items.filter((item) => item.pot === 'general').map((item) => item.amount),
  )
  const shareNet = shareGains.plus(shareLosses).plus(carriedIn.shares)
  const shareTaxable = max(shareNet, ZERO)
  const beforeAllowance = shareTaxable.plus(generalIncome).plus(carriedIn.general)
  const income = max(beforeAllowance, ZERO)
  const allowanceUsed = min(settings.freistellungsauftrag, income)
  const taxable = income.minus(allowanceUsed)
  const creditable = sum(items.map((item) => item.creditableForeignTax))
  // The credit is at most the German tax on the income: KapESt reaches 0 at q = e ÷ 4.
  const credited = min(creditable, taxable.times(ABGELTUNGSTEUER))
  return {
    shareGains,
    shareLosses,
    generalIncome,
    carriedIn,
    income,
    allowanceUsed,
    allowanceLeft: settings.freistellungsauftrag.minus(allowanceUsed),
    taxable,
    foreignTax: { creditable, credited, lapsed: creditable.minus(credited) },
    ...taxesOn(taxable, credited, settings.churchTaxRate),
    carriedOut: { shares: min(shareNet, ZERO), general: min(beforeAllowance, ZERO) },
  }
}
