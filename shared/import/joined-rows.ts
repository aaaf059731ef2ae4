import type { ImportField } from '../api/schemas/import'
import { trimDecimal } from './decimal-text'
import type { DraftRow } from './map-rows'
import { settleTrade, type ConventionNotes } from './row-conventions'

/**
 * Events brokers write as two rows, joined into the one transaction they are:
 * - a split given as the old units taken out and the new booked in (close and reopen): one split
 *   of new:old;
 * - a bond's redemption given as the units taken out and the money paid in: one sale, its price
 *   from the money;
 * - a currency exchange given as the money out of one currency's cash and into another's (DEGIRO's
 *   `FX Debit` and `FX Credit`): one exchange.
 * The other row of each pair is left out, naming the row it was read into; a half left alone
 * lacks what the other would have given. A split given as units alone (added or taken out) keeps
 * them: its ratio needs the holding that day, which the import API knows (see plan-import).
 */

function gcd(a: bigint, b: bigint): bigint {
  return b === 0n ? a : gcd(b, a % b)
}

/**
 * A split's ratio, new units for old, in lowest terms when both are whole (as splits are
 * announced): 25 for 10 is 5:2. Parts with decimals stay as they are.
 * @example splitRatioOf('25', '10') // '5:2'
 */
export function splitRatioOf(newUnits: string, oldUnits: string): string {
  const after = trimDecimal(newUnits)
  const before = trimDecimal(oldUnits)
  if (!/^\d+$/.test(after) || !/^\d+$/.test(before)) return `${after}:${before}`
  const divisor = gcd(BigInt(after), BigInt(before))
  return `${BigInt(after) / divisor}:${BigInt(before) / divisor}`
}

/** Whether two rows name the same instrument: by ISIN when both have one, else by code. */
export function sameInstrument(a: DraftRow, b: DraftRow): boolean {
  const x = a.instrument
  const y = b.instrument
  if (x === null || y === null) return false
  if (x.isin !== null && y.isin !== null) return x.isin === y.isin
  return x.code !== null && x.code === y.code
}

/** The conventions' notes of a row already read: problems and notices on its columns. */
class DraftNotes implements ConventionNotes {
  constructor(
    private readonly row: DraftRow,
    private readonly columnOf: (field: ImportField) => string | null,
  ) {}

  private at(field: ImportField) {
    const column = this.columnOf(field)
    return column === null ? { column, field } : { column }
  }

  report(code: Parameters<ConventionNotes['report']>[0], field: ImportField, params = {}) {
    this.row.problems.push({ code, ...this.at(field), params })
  }

  excuse() {}

  notice(code: Parameters<ConventionNotes['notice']>[0], field: ImportField | null, params = {}) {
    this.row.notices.push({ code, ...(field ? this.at(field) : { column: null }), params })
  }

  reverses() {}
}

/** Rows still open to a join: read without problems and not left out. */
function open(row: DraftRow): boolean {
  return row.leftOut === null && row.problems.length === 0
}

/** The row's other half: the same day (and instrument, where it has one), the nearest in the file. */
function partnerOf(
  row: DraftRow,
  rows: readonly DraftRow[],
  taken: ReadonlySet<DraftRow>,
  fits: (other: DraftRow) => boolean,
): DraftRow | undefined {
  const distance = (other: DraftRow) => Math.abs(other.row - row.row)
  return rows
    .filter(
      (other) =>
        other !== row &&
        !taken.has(other) &&
        open(other) &&
        other.transaction.tradeDate === row.transaction.tradeDate &&
        (row.instrument === null || sameInstrument(row, other)) &&
        fits(other),
    )
    .sort((a, b) => distance(a) - distance(b))[0]
}

/** An exchange's half: the money given (no currency received yet), or the money received. */
function exchangeHalf(row: DraftRow): 'given' | 'received' | null {
  const tx = row.transaction
  if (tx.type !== 'EXCHANGE') return null
  if (tx.amount !== null && tx.toAmount === null) return 'given'
  if (tx.amount === null && tx.toAmount !== null) return 'received'
  return null
}

function join(kept: DraftRow, other: DraftRow, taken: Set<DraftRow>) {
  taken.add(kept)
  taken.add(other)
  other.leftOut = 'joined_row'
  other.joinedTo = kept.row
  other.notices = []
  kept.notices.push({ code: 'joined_row', column: null, params: { other: String(other.row) } })
}

export function joinRows(
  rows: readonly DraftRow[],
  columnOf: (field: ImportField) => string | null,
  tradeAmount: 'net' | 'gross',
): void {
  const taken = new Set<DraftRow>()
  for (const out of rows) {
    if (out.splitUnits?.direction !== 'out' || !open(out) || taken.has(out)) continue
    const into = partnerOf(out, rows, taken, (other) => other.splitUnits?.direction === 'in')
    if (into?.splitUnits === undefined) continue
    into.transaction.splitRatio = splitRatioOf(into.splitUnits.quantity, out.splitUnits.quantity)
    delete into.splitUnits
    join(into, out, taken)
  }
  for (const units of rows) {
    if (!units.redemption || !open(units) || taken.has(units)) continue
    const { transaction: tx } = units
    if (tx.quantity === null || tx.unitPrice !== null) continue
    const money = partnerOf(
      units,
      rows,
      taken,
      (other) =>
        other.redemption === true &&
        other.transaction.quantity === null &&
        other.transaction.amount !== null &&
        (tx.currency === null ||
          other.transaction.currency === null ||
          other.transaction.currency === tx.currency),
    )
    if (money === undefined) continue
    tx.currency ??= money.transaction.currency
    tx.fxRate ??= money.transaction.fxRate
    tx.amount = money.transaction.amount
    tx.fee ??= money.transaction.fee
    tx.tax ??= money.transaction.tax
    settleTrade(tx, new DraftNotes(units, columnOf), tradeAmount)
    join(units, money, taken)
  }
  for (const given of rows) {
    if (exchangeHalf(given) !== 'given' || !open(given) || taken.has(given)) continue
    const received = partnerOf(given, rows, taken, (other) => exchangeHalf(other) === 'received')
    if (received === undefined) continue
    given.transaction.toCurrency = received.transaction.toCurrency
    given.transaction.toAmount = received.transaction.toAmount
    join(given, received, taken)
  }
  // A half left alone lacks what the other half would have given.
  for (const row of rows) {
    if (!open(row) || taken.has(row)) continue
    const notes = new DraftNotes(row, columnOf)
    const tx = row.transaction
    if (row.redemption) {
      if (tx.quantity === null) notes.report('missing_value', 'quantity')
      else if (tx.unitPrice === null) notes.report('missing_value', 'price')
    }
    const half = exchangeHalf(row)
    if (half === 'given') notes.report('missing_value', 'toAmount')
    if (half === 'received') notes.report('missing_value', 'amount')
  }
}
