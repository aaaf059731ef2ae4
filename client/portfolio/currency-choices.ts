import { CURRENCIES } from '../../shared/api/schemas/currencies'
import { BASE_CURRENCIES } from '../profile/account-preferences'

/**
 * The currencies a form offers: every one the app takes, the given ones first (the portfolio's,
 * the instrument's), then the usual base currencies, then the rest in code order.
 * @example currencyChoices(['USD']) // ['USD', 'TRY', 'EUR', 'GBP', 'CHF', 'JPY', 'AED', 'AUD', …]
 */
export function currencyChoices(first: readonly string[] = []): string[] {
  return [...new Set([...first, ...BASE_CURRENCIES, ...CURRENCIES])]
}
