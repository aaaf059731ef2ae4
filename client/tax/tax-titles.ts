import type { Portfolio } from '../../shared/api/schemas'
import type { Translator } from '../../shared/i18n/translator'

/**
 * A depot's German tax screen: the year and the portfolio's name, for the server's head and the
 * screen alike; null until the portfolio is known.
 */
export function germanTaxTitle(
  t: Translator['t'],
  portfolio: Portfolio | undefined,
  year: string,
): string | null {
  return portfolio ? t('pages.germanTax.namedTitle', { year, portfolio: portfolio.name }) : null
}

/** A portfolio's Turkish tax screen, as {@link germanTaxTitle} names the German one. */
export function turkishTaxTitle(
  t: Translator['t'],
  portfolio: Portfolio | undefined,
  year: string,
): string | null {
  return portfolio ? t('pages.turkishTax.namedTitle', { year, portfolio: portfolio.name }) : null
}
