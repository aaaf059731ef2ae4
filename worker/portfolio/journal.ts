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

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list === undefined) map.set(key, [value])
  else list.push(value)
}

/**
 * What the ledger added to each sum, transaction by transaction: kept only when a figure is to be
 * explained, so every explained sum lists exactly the amounts that made it.
 */
export class Journal {
  readonly bookings = new Map<BookingField, JournalEntry[]>()
  readonly capital = new Map<CapitalPart, JournalEntry[]>()
  /** By instrument code. */
  readonly basis = new Map<string, BasisEntry[]>()
  /** By currency. */
  readonly cash = new Map<string, CashEntry[]>()

  booking(field: BookingField, entry: JournalEntry): void {
    push(this.bookings, field, entry)
  }

  capitalPart(part: CapitalPart, entry: JournalEntry): void {
    push(this.capital, part, entry)
  }

  basisChange(instrumentCode: string, entry: BasisEntry): void {
    push(this.basis, instrumentCode, entry)
  }

  cashChange(currency: string, entry: CashEntry): void {
    push(this.cash, currency, entry)
  }
}

export function entryTransaction(keys: TransactionKeys): EntryTransaction {
  return { id: keys.id, type: keys.type, date: keys.date }
}
