import type { Decimal } from '../../shared/decimal/decimal'
import type { TransactionKeys, TransactionType } from './transactions'

/**
 * Cash of one currency that ended a day below zero: something was paid from cash that no
 * recorded deposit brought in (docs/portfolio-math.md, "Cash below zero").
 */
export interface NegativeCash {
  currency: string
  /** The transaction after which the balance first ended a day below zero, and its date. */
  transactionId: string
  type: TransactionType
  date: string
  /** The lowest balance at the end of any day (in `currency`), and the first day it stood there. */
  lowest: Decimal
  lowestDate: string
}

/** The transaction moving cash. */
type Mover = Pick<TransactionKeys, 'id' | 'type'>

/**
 * Watches the cash balances for days that end below zero. Only a day's closing balance counts,
 * so a deposit recorded after a purchase on the same day leaves no warning.
 */
export class NegativeCashWatch {
  /** Currencies whose cash moved on the open day, each with the last transaction that took it below zero. */
  private readonly moved = new Map<string, Mover | null>()
  private readonly found = new Map<string, NegativeCash>()

  /** A move of `currency`'s cash by the transaction `mover`, from `before` to `after`. */
  note(currency: string, before: Decimal, after: Decimal, mover: Mover): void {
    if (after.sign() < 0 && before.sign() >= 0) this.moved.set(currency, mover)
    else if (!this.moved.has(currency)) this.moved.set(currency, null)
  }

  /** Ends the day `date`, reading each moved currency's closing balance. */
  closeDay(date: string, balanceOf: (currency: string) => Decimal): void {
    for (const [currency, crossedBy] of this.moved) {
      const balance = balanceOf(currency)
      const seen = this.found.get(currency)
      if (seen !== undefined) {
        if (balance.lt(seen.lowest))
          this.found.set(currency, { ...seen, lowest: balance, lowestDate: date })
      } else if (crossedBy !== null && balance.sign() < 0) {
        this.found.set(currency, {
          currency,
          transactionId: crossedBy.id,
          type: crossedBy.type,
          date,
          lowest: balance,
          lowestDate: date,
        })
      }
    }
    this.moved.clear()
  }

  /** Each currency that ended a day below zero, in the order they first did. */
  get list(): NegativeCash[] {
    return [...this.found.values()]
  }
}
