import { decimal } from '../../../shared/decimal/decimal'
import type { Decimal } from '../../../shared/decimal/decimal'
import type { FundType } from '../../../shared/portfolio/portfolio-kinds'

// The figures of German capital-income tax (docs/tax-germany.md, "Rules and sources"). Each dated
// table gains one line a year.

/** Abgeltungsteuer: 25 % of capital income (§ 32d Abs. 1 Satz 1 EStG). */
export const ABGELTUNGSTEUER = decimal('0.25')

/** Solidaritätszuschlag: 5.5 % of the KapESt (§ 4 Satz 1 SolZG). */
export const SOLI = decimal('0.055')

// The church tax rates a bank withholds are the profile's choices (shared/tax/tax-settings.ts).
export { CHURCH_TAX_RATES, type ChurchTaxRate } from '../../../shared/tax/tax-settings'

/** The Sparer-Pauschbetrag from a year on: single, and a couple assessed jointly (§ 20 Abs. 9 EStG). */
const ALLOWANCES: readonly { from: number; single: string; joint: string }[] = [
  { from: 2009, single: '801', joint: '1602' },
  { from: 2023, single: '1000', joint: '2000' },
]

/** The Sparer-Pauschbetrag of `year`. */
export function allowanceOf(year: number, joint: boolean): Decimal {
  const rule = ALLOWANCES.findLast((entry) => entry.from <= year) ?? ALLOWANCES[0]
  if (rule === undefined) throw new Error('No allowance')
  return decimal(joint ? rule.joint : rule.single)
}

/** The part of each kind of fund income that is tax-free, by the fund's type (§ 20 InvStG). */
const TEILFREISTELLUNG: Readonly<Record<FundType, string>> = {
  equity: '0.3',
  mixed: '0.15',
  realEstate: '0.6',
  foreignRealEstate: '0.8',
  other: '0',
}

/** The share of a fund's income its type makes tax-free. */
export function teilfreistellungRate(fundType: FundType): Decimal {
  return decimal(TEILFREISTELLUNG[fundType])
}

/** A fund's income (distribution, Vorabpauschale, gain or loss on a sale) after its Teilfreistellung. */
export function afterTeilfreistellung(amount: Decimal, fundType: FundType): Decimal {
  return amount.minus(amount.times(teilfreistellungRate(fundType)))
}

/** The treaty rate most of Germany's tax treaties set on dividends for private investors. */
export const TREATY_RATE = decimal('0.15')

/**
 * The foreign tax withheld on a gross foreign dividend that Germany credits: what was withheld, at
 * most the treaty rate of the gross (the rest is reclaimed from the source country).
 */
export function creditableForeignTax(
  gross: Decimal,
  withheld: Decimal,
  treatyRate: Decimal = TREATY_RATE,
): Decimal {
  const cap = gross.times(treatyRate)
  return withheld.lt(cap) ? withheld : cap
}

/** The Basiszins of each year, for the Vorabpauschale (§ 18 Abs. 4 InvStG; the BMF's letters). */
export const BASISZINS: Readonly<Record<number, string>> = {
  2023: '0.0255',
  2024: '0.0229',
  2025: '0.0253',
  2026: '0.032',
}
