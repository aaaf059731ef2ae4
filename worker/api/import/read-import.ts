import type { z } from 'zod'
import { fieldIssues } from '../field-issues'
import {
  columnMappingSchema,
  IMPORT_LIMITS,
  type ColumnMapping,
  type ImportPreset,
  type ImportReadOptions,
  type importRequestFieldsSchema,
} from '../../../shared/api/schemas'
import type { Locale } from '../../../shared/i18n/locales'
import { mapImportRows, type DraftRow } from '../../../shared/import/map-rows'
import { detectPreset, presetMapping, presetReadOptions } from '../../../shared/import/presets'
import { readImportTable, type ImportTable } from '../../../shared/import/read-table'
import { ApiProblem } from '../api-problem'

export type ImportFields = z.infer<typeof importRequestFieldsSchema>

/** A file read and mapped: what the rows say, before anything is looked up. */
export interface ReadImport {
  table: ImportTable
  preset: ImportPreset | null
  mapping: ColumnMapping
  rows: DraftRow[]
  decimalSeparator: '.' | ','
  dateOrder: 'DMY' | 'MDY'
  /** Rows whose far-off price the caller confirmed. */
  confirmedPrices: ReadonlySet<number>
  /** Deposits and withdrawals are left out of a portfolio that records no cash. */
  leaveOutCash: boolean
}

/** Dates such as 03/04/2024 read month first for English (en-US), day first for tr and de. */
const FALLBACK_DATE_ORDER: Record<Locale, 'DMY' | 'MDY'> = { en: 'MDY', tr: 'DMY', de: 'DMY' }

/** The size limit in words, for the message (`5 MB`). */
export const IMPORT_SIZE_TEXT = `${IMPORT_LIMITS.bytes / 1024 / 1024} MB`

/**
 * A reading option the caller left on `auto`, filled from the preset's where it has one (and
 * from what the file's `headers` tell it, once they are read).
 */
function withPreset<K extends keyof ImportReadOptions>(
  fields: ImportFields,
  preset: ImportPreset | null,
  key: K,
  headers: readonly string[] = [],
): ImportReadOptions[K] {
  if (fields[key] !== 'auto' || preset === null) return fields[key]
  return presetReadOptions(preset, headers)[key] ?? fields[key]
}

/** The mapping the caller sent (JSON text), validated as the saved mappings are. */
function sentMapping(text: string): ColumnMapping {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new ApiProblem('validation_failed', {}, [{ path: 'mapping', code: 'invalid_format' }])
  }
  const parsed = columnMappingSchema.safeParse(json)
  if (!parsed.success) {
    // A header that is not well-formed Unicode makes the request malformed, as in a JSON body.
    const malformed = fieldIssues(parsed.error).some(({ code }) => code === 'unpaired_surrogate')
    throw malformed
      ? new ApiProblem('invalid_text', {}, [{ path: 'mapping', code: 'unpaired_surrogate' }])
      : new ApiProblem('validation_failed', {}, [{ path: 'mapping', code: 'invalid_format' }])
  }
  return parsed.data
}

/**
 * Reads an uploaded file into draft rows: the table (encoding and separator detected unless
 * given), the preset (given, else detected from the headers; without one a mapping must be
 * sent), the mapping (sent, else the preset's) and every data row mapped to a draft transaction.
 * A file that cannot be read throws its file problem (422; 413 when too large).
 */
export function readImport(bytes: Uint8Array, fields: ImportFields, locale: Locale): ReadImport {
  if (bytes.byteLength > IMPORT_LIMITS.bytes) {
    throw new ApiProblem({ importFile: 'file_too_large' }, { limit: IMPORT_SIZE_TEXT })
  }
  const given = fields.preset ?? null
  const read = readImportTable(bytes, {
    encoding: withPreset(fields, given, 'encoding'),
    separator: withPreset(fields, given, 'separator'),
  })
  if (!read.ok) {
    const params = {
      ...(read.row === undefined ? {} : { row: read.row }),
      ...(read.problem === 'file_too_large' ? { limit: IMPORT_SIZE_TEXT } : {}),
      ...(read.problem === 'file_too_many_rows' ? { limit: IMPORT_LIMITS.rows } : {}),
      ...(read.problem === 'file_too_many_columns' ? { limit: IMPORT_LIMITS.columns } : {}),
    }
    throw new ApiProblem({ importFile: read.problem }, params)
  }
  const { table } = read
  const preset = given ?? detectPreset(table)
  if (preset === null && fields.mapping === undefined) {
    throw new ApiProblem({ importFile: 'file_unknown_layout' })
  }
  const mapping =
    fields.mapping === undefined
      ? presetMapping(preset as ImportPreset, table.headers)
      : sentMapping(fields.mapping)
  const mapped = mapImportRows(table, mapping, {
    decimalSeparator: withPreset(fields, preset, 'decimalSeparator', table.headers),
    dateOrder: withPreset(fields, preset, 'dateOrder', table.headers),
    fallbackDateOrder: FALLBACK_DATE_ORDER[locale],
    preset,
  })
  if (!mapped.ok) {
    throw new ApiProblem(
      { importFile: 'mapping_incomplete' },
      { fields: { fields: mapped.missing } },
    )
  }
  return {
    table,
    preset,
    mapping,
    rows: mapped.rows,
    decimalSeparator: mapped.decimalSeparator,
    dateOrder: mapped.dateOrder,
    leaveOutCash: fields.leaveOutCash === 'true',
    confirmedPrices: new Set(
      fields.confirmPrices ? fields.confirmPrices.split(',').map(Number) : [],
    ),
  }
}
