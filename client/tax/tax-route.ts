import type { Portfolio } from '../../shared/api/schemas'
import type { TaxSettings } from '../../shared/tax/tax-settings'
import { isGermanDepot } from './german-depot'

/**
 * The tax screen a portfolio has, by its owner's tax residence and its currency: a German
 * resident's euro depot the German one, any portfolio of a Turkish resident the Turkish one (its
 * amounts convert to lira whatever its currency); null for any other.
 */
export function taxRouteOf(
  portfolio: Pick<Portfolio, 'baseCurrency'>,
  tax: TaxSettings,
): 'germanTax' | 'turkishTax' | null {
  if (isGermanDepot(portfolio, tax)) return 'germanTax'
  if (tax.residence === 'TR') return 'turkishTax'
  return null
}

/** The tax panel's texts on the portfolio's screen, by its tax screen. */
export const TAX_PANEL_TEXTS = {
  germanTax: 'portfolio.detail.tax',
  turkishTax: 'portfolio.detail.turkishTax',
} as const
