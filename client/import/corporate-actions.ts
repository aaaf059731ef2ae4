import type { ImportField } from '../api/schemas/import'
import { trimDecimal } from './decimal-text'
import type { DraftRow } from './map-rows'
import { settleTrade, type ConventionNotes } from './row-conventions'

/**
 * Corporate actions brokers write as two rows, joined into the one transaction they are:
 * - a split given as the old units taken out and the new booked in (close and reopen): one split
 *   of new:old;
 * - a bond's redemption given as the units taken out and the money paid in: one sale, its price
 *   from the money.
 * The other row of each pair is left out, naming the row it was read into. A split given as units
 * alone (added or taken out) keeps them: its ratio needs the holding that day, which the import
 * API knows (see plan-import).
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

function partnerOf(
  row: DraftRow,
  rows: readonly DraftRow[],
  taken: ReadonlySet<DraftRow>,
  fits: (other: DraftRow) => boolean,
): DraftRow | undefined {
  return rows.find(
    (other) =>
      other !== row &&
      !taken.has(other) &&
      open(other) &&
      other.transaction.tradeDate === row.transaction.tradeDate &&
      sameInstrument(row, other) &&
      fits(other),
  )
}

function join(kept: DraftRow, other: DraftRow, taken: Set<DraftRow>) {
  taken.add(kept)
  taken.add(other)
  other.leftOut = 'joined_row'
  other.joinedTo = kept.row
  other.notices = []
  kept.notices.push({ code: 'joined_row', column: null, params: { other: String(other.row) } })
}

export function joinCorporateActions(
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
        other.transaction.amount !== null,
    )
    if (money === undefined) continue
    tx.amount = money.transaction.amount
    tx.fee ??= money.transaction.fee
    tx.tax ??= money.transaction.tax
    settleTrade(tx, new DraftNotes(units, columnOf), tradeAmount)
    join(units, money, taken)
  }
  // A redemption's half left alone lacks what the other half would have given.
  for (const row of rows) {
    if (!row.redemption || !open(row) || taken.has(row)) continue
    const notes = new DraftNotes(row, columnOf)
    if (row.transaction.quantity === null) notes.report('missing_value', 'quantity')
    else if (row.transaction.unitPrice === null) notes.report('missing_value', 'price')
  }
}
