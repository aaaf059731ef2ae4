import type { ImportField } from '../api/schemas/import'

/**
 * What every import needs a column for: the date and the type, and the code or the ISIN to find
 * each row's instrument. The one rule the dialog, the presets and the API's mapping share.
 */
export const REQUIRED_IMPORT_FIELDS = ['date', 'type'] as const satisfies readonly ImportField[]

/** Either names a row's instrument; a missing pair is reported as `code`. */
export const INSTRUMENT_FIELDS = ['code', 'isin'] as const satisfies readonly ImportField[]

/**
 * The required fields without a column in `columns` (a mapping to headers, or to column indexes).
 * @example missingImportFields({ date: 'Datum', isin: 'ISIN' }) // ['type']
 */
export function missingImportFields(
  columns: Partial<Record<ImportField, string | number>>,
): ImportField[] {
  const has = (field: ImportField) => columns[field] !== undefined && columns[field] !== ''
  const missing: ImportField[] = REQUIRED_IMPORT_FIELDS.filter((field) => !has(field))
  if (!INSTRUMENT_FIELDS.some(has)) missing.push('code')
  return missing
}
