import type { ImportField } from '../api/schemas/import'

/**
 * This app's own CSV: one column per field a transaction and its instrument have, English
 * headers, comma separated, `.` decimals, ISO dates, UTF-8 with a byte order mark (so Excel
 * reads the Turkish and German letters). `writeKiymetCsv` writes it, the `kiymet` preset reads it.
 */
export const KIYMET_COLUMNS = [
  ['date', 'Date'],
  ['type', 'Type'],
  ['code', 'Code'],
  ['isin', 'ISIN'],
  ['name', 'Name'],
  ['instrumentType', 'InstrumentType'],
  ['exchange', 'Exchange'],
  ['quantity', 'Quantity'],
  ['price', 'Price'],
  ['amount', 'Amount'],
  ['fee', 'Fee'],
  ['tax', 'Tax'],
  ['currency', 'Currency'],
  ['fxRate', 'FxRate'],
  ['splitRatio', 'SplitRatio'],
  ['acquiredDate', 'AcquiredDate'],
  ['acquisitionFxRate', 'AcquisitionFxRate'],
  ['toCurrency', 'ToCurrency'],
  ['toAmount', 'ToAmount'],
  ['note', 'Note'],
] as const satisfies readonly (readonly [ImportField, string])[]

export const KIYMET_HEADERS: readonly string[] = KIYMET_COLUMNS.map(([, header]) => header)

/** Columns added after the first exports: a file without them is still this app's. */
const LATER_HEADERS = new Set(['ToCurrency', 'ToAmount'])

/** The headers every export of this app has had. */
export const KIYMET_REQUIRED_HEADERS: readonly string[] = KIYMET_HEADERS.filter(
  (header) => !LATER_HEADERS.has(header),
)
