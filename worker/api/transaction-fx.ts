import type { TransactionType } from '../../shared/portfolio/portfolio-kinds'
import { decimal } from '../portfolio'

/**
 * The rate to the base currency a transaction in another currency needs, and where it comes from
 * before the reference rates are asked: the API's writes and the import use these alike.
 */

/**
 * Whether it converts money to the base currency (a transfer out, a bonus issue or a bare split
 * does not).
 */
export function movesMoney(type: TransactionType, amount: string | null | undefined): boolean {
  if (type === 'TRANSFER_OUT' || type === 'BONUS_ISSUE') return false
  if (type === 'SPLIT') return /[1-9]/.test(amount ?? '')
  return true
}

/**
 * An exchange into the base currency carries its own rate: what each unit given fetched
 * (base currency per unit of its currency). Null for any other transaction.
 * @example exchangeRate({ type: 'EXCHANGE', currency: 'USD', amount: '937.60', toCurrency: 'EUR', toAmount: '860.03' }, 'EUR') // '0.91726749146757679181'
 */
export function exchangeRate(
  transaction: {
    type: TransactionType
    currency: string
    amount?: string | null
    toCurrency?: string | null
    toAmount?: string | null
  },
  base: string,
): string | null {
  const { type, currency, amount, toCurrency, toAmount } = transaction
  if (type !== 'EXCHANGE' || currency === base || toCurrency !== base || !amount || !toAmount) {
    return null
  }
  return decimal(toAmount).div(decimal(amount)).toString()
}
