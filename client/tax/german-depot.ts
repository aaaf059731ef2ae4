import type { Portfolio } from '../../shared/api/schemas'
import type { TaxSettings } from '../../shared/tax/tax-settings'

/**
 * Whether a portfolio is a German resident's depot, whose German tax the screens show: in euros,
 * its owner tax resident in Germany.
 */
export function isGermanDepot(
  portfolio: Pick<Portfolio, 'baseCurrency'>,
  tax: TaxSettings,
): boolean {
  return portfolio.baseCurrency === 'EUR' && tax.residence === 'DE'
}
