import type {
  ColumnMapping,
  ImportPreset,
  ImportReadOptions,
  SavedImportMapping,
} from '../../../shared/api/schemas'
import type { z } from 'zod'
import { IMPORT_FIELDS, type importRequestFieldsSchema } from '../../../shared/api/schemas/import'
import { detectPreset, presetMapping, presetReadOptions } from '../../../shared/import/presets'
import type { ImportTable } from '../../../shared/import/read-table'

/** How the file is read: what the user chose in the upload step (`auto` detects). */
export type ReadChoice = Pick<ImportReadOptions, 'encoding' | 'separator'>

export const AUTO_READ: ReadChoice = { encoding: 'auto', separator: 'auto' }

/** What the map step settles: the preset, each field's column, how numbers and dates read. */
export interface MapChoice {
  preset: ImportPreset
  mapping: ColumnMapping
  decimalSeparator: ImportReadOptions['decimalSeparator']
  dateOrder: ImportReadOptions['dateOrder']
}

/** A preset's mapping for the file's headers, with the number and date reading it implies. */
export function presetChoice(preset: ImportPreset, headers: string[]): MapChoice {
  const options = presetReadOptions(preset, headers)
  return {
    preset,
    mapping: presetMapping(preset, headers),
    decimalSeparator: options.decimalSeparator ?? 'auto',
    dateOrder: options.dateOrder ?? 'auto',
  }
}

/** Where the map step starts for a table: the preset its headers suggest, else the generic one. */
export function initialChoice(table: ImportTable): MapChoice {
  return presetChoice(detectPreset(table) ?? 'generic', table.headers)
}

/**
 * A saved mapping applied to this file: fields whose column the file lacks are left unmapped
 * (the map step then says which required ones are missing).
 */
export function savedChoice(
  saved: SavedImportMapping,
  preset: ImportPreset,
  headers: string[],
): MapChoice {
  const mapping: ColumnMapping = {}
  for (const field of IMPORT_FIELDS) {
    const column = saved.mapping[field]
    if (column !== undefined && headers.includes(column)) mapping[field] = column
  }
  return {
    preset,
    mapping,
    decimalSeparator: saved.options.decimalSeparator,
    dateOrder: saved.options.dateOrder,
  }
}

/** The multipart form of an import: the file and its reading options, as the API takes them. */
export type ImportForm = z.input<typeof importRequestFieldsSchema> & { file: File }

/** What the user decided about rows in the preview. */
export interface RowDecisions {
  /** Rows whose price, far from the known close, the user confirmed. */
  confirmedPrices: readonly number[]
  /** Deposits and withdrawals left out of a portfolio that records no cash. */
  leaveOutCash: boolean
}

export const NO_DECISIONS: RowDecisions = { confirmedPrices: [], leaveOutCash: false }

/**
 * The multipart form of a preview (`dryRun`) or of the import itself. The file goes with the
 * encoding and separator the dialog read it with, so the API reads it exactly as previewed, and
 * with what the user decided about rows.
 */
export function importForm(
  file: File,
  table: ImportTable,
  choice: MapChoice,
  dryRun: boolean,
  decisions: RowDecisions = NO_DECISIONS,
): ImportForm {
  const { confirmedPrices, leaveOutCash } = decisions
  return {
    file,
    encoding: table.encoding,
    separator: table.separator ?? undefined,
    decimalSeparator: choice.decimalSeparator,
    dateOrder: choice.dateOrder,
    preset: choice.preset,
    mapping: JSON.stringify(choice.mapping),
    confirmPrices: confirmedPrices.length > 0 ? confirmedPrices.join(',') : undefined,
    leaveOutCash: leaveOutCash ? 'true' : undefined,
    dryRun: dryRun ? 'true' : 'false',
  }
}
