import type { Portfolio } from '../../shared/api/schemas'
import type { TaxSettings } from '../../shared/tax/tax-settings'
import { isGermanDepot } from './german-depot'
import { isTurkishTaxed } from './turkish-taxed'

/**
 * The tax screen a portfolio has, by its owner's tax residence and its currency: a German
 * resident's euro depot the German one, a Turkish resident's lira portfolio the Turkish one;
 * null for any other.
 */
export function taxRouteOf(
  portfolio: Pick<Portfolio, 'baseCurrency'>,
  tax: TaxSettings,
): 'germanTax' | 'turkishTax' | null {
  if (isGermanDepot(portfolio, tax)) return 'germanTax'
  if (isTurkishTaxed(portfolio, tax)) return 'turkishTax'
  return null
}

/** The tax panel's texts on the portfolio's screen, by its tax screen. */
export const TAX_PANEL_TEXTS = {
  germanTax: 'portfolio.detail.tax',
  turkishTax: 'portfolio.detail.turkishTax',
} as const
