import type { Portfolio } from '../../shared/api/schemas'
import type { TaxSettings } from '../../shared/tax/tax-settings'

/**
 * Whether Turkish tax applies to a portfolio as the screens show it: in lira, its owner tax
 * resident in Türkiye (docs/tax-turkey.md rule 1: the view reads lira portfolios only).
 */
export function isTurkishTaxed(
  portfolio: Pick<Portfolio, 'baseCurrency'>,
  tax: TaxSettings,
): boolean {
  return portfolio.baseCurrency === 'TRY' && tax.residence === 'TR'
}
