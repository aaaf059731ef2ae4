import { fail } from './errors'
import { parseIsoDate } from './iso-date'
import { TRANSACTION_TYPES } from './transactions'
import type { TransactionInput, TransactionKeys, TransactionType } from './transactions'

/** A transaction as given, with its checked keys. */
export interface KeyedTransaction {
  keys: TransactionKeys
  input: TransactionInput
}

function checkedKeys(input: TransactionInput, seen: Set<string>): TransactionKeys {
  const { id, type, tradeDate, sequence } = input
  if (typeof id !== 'string' || id === '') {
    fail('invalid_transaction_id', 'Every transaction needs a non-empty string id', null, 'id')
  }
  if (seen.has(id)) fail('duplicate_transaction_id', `Transaction id ${id} is used twice`, id, 'id')
  seen.add(id)
  if (!(TRANSACTION_TYPES as readonly string[]).includes(type)) {
    fail(
      'unknown_type',
      `Transaction ${id}: type "${String(type)}" is not one of ${TRANSACTION_TYPES.join(', ')}`,
      id,
      'type',
    )
  }
  const day = parseIsoDate(tradeDate)
  if (day === null) {
    fail(
      'invalid_date',
      `Transaction ${id}: tradeDate "${String(tradeDate)}" is not a YYYY-MM-DD date`,
      id,
      'tradeDate',
    )
  }
  if (typeof sequence !== 'number' || !Number.isFinite(sequence)) {
    fail('invalid_number', `Transaction ${id}: sequence must be a finite number`, id, 'sequence')
  }
  return { id, sequence, type: type as TransactionType, day, date: tradeDate }
}

/** The documented order: trade date, then sequence, then id (the database's `ORDER BY`). */
function compareKeys(a: TransactionKeys, b: TransactionKeys): number {
  return a.day - b.day || a.sequence - b.sequence || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}

/**
 * Checks every transaction's id, type, trade date and sequence, and returns them in the order
 * they apply, whatever order they came in.
 */
export function orderTransactions(inputs: readonly TransactionInput[]): KeyedTransaction[] {
  const seen = new Set<string>()
  const keyed = inputs.map((input) => ({ keys: checkedKeys(input, seen), input }))
  // Rows read with the database's ORDER BY are already in order: checking costs one pass.
  const ordered = keyed.every(
    (entry, index) =>
      index === 0 || compareKeys((keyed[index - 1] as KeyedTransaction).keys, entry.keys) <= 0,
  )
  return ordered ? keyed : keyed.sort((a, b) => compareKeys(a.keys, b.keys))
}
