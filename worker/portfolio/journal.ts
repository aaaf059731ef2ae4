import type { Decimal } from '../../shared/decimal/decimal'
import type { CapitalPart } from './invested-capital'
import type { TransactionKeys } from './transactions'

/** The income and cost sums the ledger books (see `Bookings`). */
export type BookingField = 'dividends' | 'interest' | 'fees' | 'taxes' | 'otherCosts'

/** The transaction an entry was booked for. */
export interface EntryTransaction {
  id: string
  type: TransactionKeys['type']
  date: string
}

/** One amount added to a sum, as the ledger added it. */
export interface JournalEntry {
  transaction: EntryTransaction
  /** The instrument it was booked to; null for the portfolio's own (cash, FEE without one). */
  instrumentCode: string | null
  /** In `currency`, signed as it counts. */
  amount: Decimal
  currency: string
  /** In the base currency, signed as it counts. */
  base: Decimal
}

/** A change to a position's units and cost basis. */
export interface BasisEntry {
  transaction: EntryTransaction
  quantity: Decimal
  cost: Decimal
  costBase: Decimal
}

/** A change to the cash in one currency, and to what it cost in the base currency. */
export interface CashEntry {
  transaction: EntryTransaction
  amount: Decimal
  costBase: Decimal
}

/**
 * What a journal records: only what one figure's explanation reads, so recording costs the
 * report's pass next to nothing. Income and cost sums (all of them, or one instrument's), one part
 * of invested capital, one position's units and cost, one currency's cash.
 */
export interface JournalScope {
  bookings?: { fields: readonly BookingField[]; instrumentCode?: string }
  capital?: CapitalPart
  /** An instrument code. */
  basis?: string
  /** A currency. */
  cash?: string
}

/**
 * What the ledger added to the sums in its scope, transaction by transaction, in order: every
 * explained sum lists exactly the amounts that made it. Amounts of zero are not listed.
 */
export class Journal {
  readonly bookings = new Map<BookingField, JournalEntry[]>()
  readonly capital: JournalEntry[] = []
  readonly basis: BasisEntry[] = []
  readonly cash: CashEntry[] = []

  constructor(readonly scope: JournalScope) {}

  /** Whether an amount added to `field` of `instrumentCode` (null: the portfolio's) is recorded. */
  recordsBooking(field: BookingField, instrumentCode: string | null): boolean {
    const wanted = this.scope.bookings
    if (wanted === undefined || !wanted.fields.includes(field)) return false
    return wanted.instrumentCode === undefined || wanted.instrumentCode === instrumentCode
  }

  booking(field: BookingField, entry: JournalEntry): void {
    let list = this.bookings.get(field)
    if (list === undefined) this.bookings.set(field, (list = []))
    list.push(entry)
  }

  recordsCapital(part: CapitalPart): boolean {
    return this.scope.capital === part
  }

  recordsBasis(instrumentCode: string): boolean {
    return this.scope.basis === instrumentCode
  }

  recordsCash(currency: string): boolean {
    return this.scope.cash === currency
  }
}

export function entryTransaction(keys: TransactionKeys): EntryTransaction {
  return { id: keys.id, type: keys.type, date: keys.date }
}
