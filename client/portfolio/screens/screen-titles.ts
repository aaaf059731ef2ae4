import type { Instrument, Portfolio } from '../../../shared/api/schemas'
import type { Translator } from '../../../shared/i18n/translator'

// The titles of one portfolio's screens, shared by the server's head (from the page's API
// answers) and the screens themselves (from their queries), so both say the same.

/** The detail screen: the portfolio's name; null until it is known. */
export function portfolioTitle(
  t: Translator['t'],
  portfolio: Portfolio | undefined,
): string | null {
  return portfolio ? t('pages.portfolio.namedTitle', { portfolio: portfolio.name }) : null
}

/** An instrument's screen: its code and the portfolio's name; null until both are known. */
export function instrumentTitle(
  t: Translator['t'],
  portfolio: Portfolio | undefined,
  instrument: Instrument | null,
): string | null {
  return portfolio && instrument
    ? t('pages.transaction.namedTitle', { code: instrument.code, portfolio: portfolio.name })
    : null
}
