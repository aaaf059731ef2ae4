import type {
  ImportField,
  ImportLeaveOut,
  ImportReadOptions,
  ImportRowNotice,
  ImportRowProblem,
} from '../../api/schemas/import'
import type { TransactionType } from '../../portfolio/portfolio-kinds'
import { foldKey } from '../fold-key'
import type { DraftRow } from '../map-rows'
import type { ConventionParams, NumberField } from '../row-conventions'
import type { ImportTable } from '../read-table'
import type { CorporateActionKind } from '../type-words'

/**
 * What a preset knows of one program's files: which column holds each field, how to tell its
 * files apart, and what its rows mean where they differ from the conventions every file is read
 * with (signs, totals, minor currency units; see map-rows).
 */

/** Field → the headers it may have, compared folded (case, accents, punctuation). */
export type HeaderNames = Partial<Record<ImportField, readonly string[]>>

/** A file's header with its folded key, folded once however many fields look for it. */
export interface FoldedHeader {
  header: string
  key: string
}

export function foldHeaders(headers: readonly string[]): FoldedHeader[] {
  return headers.map((header) => ({ header, key: foldKey(header) }))
}

export function findFolded(
  headers: readonly FoldedHeader[],
  names: readonly string[],
): string | null {
  const wanted = new Set(names.map(foldKey))
  return headers.find(({ key }) => wanted.has(key))?.header ?? null
}

/** Whether every group of alternatives names a header of the file. */
export function hasAll(
  headers: readonly FoldedHeader[],
  names: readonly (readonly string[])[],
): boolean {
  return names.every((alternatives) => findFolded(headers, alternatives) !== null)
}

/**
 * A column a preset reads beside the fields: by its header, or (`next`) the unnamed one right
 * after that header, where programs such as DEGIRO and flatex put a value's currency or unit.
 */
export interface ExtraColumn {
  names: readonly string[]
  next?: true
  /** Holds numbers, counted when the file's decimal separator is decided. */
  number?: true
}

/** A row as a preset's hooks see it: its transaction so far, and the cells around it. */
export interface PresetRow {
  /** Canonical values read so far; numbers are magnitudes once the type is known. */
  readonly transaction: DraftRow['transaction']
  /**
   * The instrument's cells as read; a hook may fill or correct them. `manual`: an asset the user
   * made up in the other program, matched only among the user's own instruments.
   */
  readonly instrument: {
    code: string | null
    isin: string | null
    name: string | null
    /** As written; upper-cased when the instrument is built. */
    exchange: string | null
    manual: boolean
  }
  /**
   * The account currency a row's `fxRate` is quoted against, when it is not the base currency's
   * rate per the row's currency (Portfolio Performance's rate is its account's per the security's).
   */
  bookingCurrency: string | null
  /** The header of a field's column, to name it in a problem. */
  column(field: ImportField): string | null
  /** An extra column's text, trimmed; null when empty or not in the file. */
  extra(name: string): string | null
  /** An extra column's decimal, signed; null (and a problem on the row) when not a number. */
  extraNumber(name: string): string | null
  /** An extra column's currency code; null (and a problem on the row) when not a known one. */
  extraCurrency(name: string): string | null
  /** The header of an extra column, to name it in a problem; null when the file has none. */
  extraColumn(name: string): string | null
  /**
   * A problem of the row, with the figures its message names; `field` names the cell when it
   * has no column (in the caller's words).
   */
  report(
    code: ImportRowProblem,
    column: string | null,
    field?: ImportField,
    params?: ConventionParams,
  ): void
  notice(code: ImportRowNotice, column: string | null, params?: ConventionParams): void
  /** The row is not a transaction to write (an order never executed, say); shown with why. */
  leaveOut(reason: ImportLeaveOut): void
  /**
   * The row undoes an earlier payment of this type (`isReversible`), as the sign in `column`
   * tells: matched by the import.
   */
  reverses(type: TransactionType, column: string | null): void
}

/** A row that undoes an earlier booking, of the type it names when it does. */
export interface Cancellation {
  cancels: TransactionType | null
}

/** A corporate action the row books (type-words' `CORPORATE_ACTIONS`). */
export interface CorporateAction {
  corporate: CorporateActionKind
}

export interface PresetDefinition {
  headers: HeaderNames
  /** Fields that may take a column another field already has (DEGIRO's type is the quantity's sign). */
  sharedColumns?: readonly ImportField[]
  /** Whether a table is this program's file; presets are tried most specific first. */
  detect(table: ImportTable, headers: readonly FoldedHeader[]): boolean
  /** What this program's files always are; the rest is detected. */
  readOptions: Partial<ImportReadOptions>
  /**
   * What a file is beyond `readOptions`, as its headers tell (the language this app's
   * spreadsheet export was written in gives its decimal mark and its dates' order).
   */
  readOptionsOf?(headers: readonly FoldedHeader[]): Partial<ImportReadOptions>
  /** This app wrote the file: its text cells were neutralized against formulas (write-csv). */
  neutralizedCells?: true
  extraColumns?: Readonly<Record<string, ExtraColumn>>
  /**
   * Extra columns (by name, the first with a value wins) that hold the row's currency when no
   * column is mapped to it, as DEGIRO and flatex write it beside the price; read like a currency
   * column (minor units scaled).
   */
  currencyColumns?: readonly string[]
  /**
   * Number fields whose sign follows the program's own view rather than the cash account's (so
   * it is read as a magnitude, never as a contradiction of the type).
   */
  ownSigns?: readonly ImportField[]
  /**
   * How the program writes the sign of money and units out, where it always does so: `signed`
   * (with a minus, so a plus is a refund or a reversal) or `magnitudes` (without, so a minus is
   * one). Fields not listed are judged by their column's majority (row-conventions).
   */
  signs?: Readonly<Partial<Record<NumberField, 'signed' | 'magnitudes'>>>
  /**
   * The type a row's type cell means, where the program's words or signs say more than the
   * shared type words; undefined falls back to them; `{ cancels }` for a row that cancels or
   * reverses an earlier booking of that type (null: of a type the row does not say), matched to
   * it by the import or refused by name; `{ corporate }` for a corporate action (see map-rows).
   * Sees the cell alone (the columns' signs are counted from it before rows are read).
   */
  typeOf?(cell: string): TransactionType | Cancellation | CorporateAction | null | undefined
  /**
   * A trade row's amount: `net` (the default: cash paid with fees and taxes, received after
   * them) or `gross` (quantity × price alone, fees and taxes beside it).
   */
  tradeAmount?: 'net' | 'gross'
  /**
   * The program books each trade in the currency of the listing it used (a German broker trades
   * US shares in euros): an ISIN known only in other currencies gets the user's own listing in
   * the row's, where elsewhere the mismatch is the row's problem.
   */
  listsInRowCurrency?: true
  /** Meaning the program gives a row beyond its fields, once the type is known. */
  adjust?(row: PresetRow): void
}
