import { z } from 'zod'
import { LOCALE_CODES } from '../../i18n/locales'
import { INSTRUMENT_TYPES, TRANSACTION_TYPES } from '../../portfolio/portfolio-kinds'
import { apiErrorSchema, plainText, uuid, verbatimText } from './common'

/**
 * Importing transactions from a file: the browser's dialog and `POST /api/portfolios/{id}/imports`
 * share these shapes. A file is read into a table (headers and text cells), a mapping names the
 * column of each field, and every data row becomes a transaction or a list of problems.
 */

/**
 * Presets fill the mapping and the reading options for a known program's file; detection tries
 * them in `shared/import/presets`' order, most specific first.
 */
export const IMPORT_PRESETS = [
  'kiymet',
  'kiymet_spreadsheet',
  'pdf_documents',
  'trade_republic',
  'scalable_capital',
  'flatex',
  'degiro',
  'degiro_account',
  'interactive_brokers',
  'interactive_brokers_statement',
  'garanti_bbva',
  'wealthfolio',
  'ghostfolio',
  'portfolio_performance',
  'generic',
] as const
export type ImportPreset = (typeof IMPORT_PRESETS)[number]

/** The fields a column can be mapped to. `type`, `date` and `code` or `isin` are always needed. */
export const IMPORT_FIELDS = [
  'date',
  'type',
  'code',
  'isin',
  'name',
  'instrumentType',
  'exchange',
  'quantity',
  'price',
  'amount',
  'fee',
  'tax',
  'currency',
  'fxRate',
  'splitRatio',
  'acquiredDate',
  'acquisitionFxRate',
  'toCurrency',
  'toAmount',
  'note',
] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]

export const IMPORT_ENCODINGS = ['utf-8', 'windows-1254', 'iso-8859-9', 'windows-1252'] as const
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number]

/**
 * Limits on what one import may hold: the size is checked before anything is read, the rows and
 * columns while the file is read, before any row is built.
 */
export const IMPORT_LIMITS = { bytes: 5 * 1024 * 1024, rows: 50_000, columns: 200 } as const

/** How to read the file: `auto` detects (the answer says what was detected). */
export const importReadOptionsSchema = z.object({
  encoding: z.enum(['auto', ...IMPORT_ENCODINGS]).default('auto'),
  separator: z.enum(['auto', ',', ';', '\t']).default('auto'),
  decimalSeparator: z.enum(['auto', '.', ',']).default('auto'),
  /** ISO dates are always understood; this orders the parts of the others (31.12.2024, 12/31/2024). */
  dateOrder: z.enum(['auto', 'DMY', 'MDY']).default('auto'),
})
export type ImportReadOptions = z.infer<typeof importReadOptionsSchema>

/**
 * Field → the header of the column that holds it; an absent field has no column. Headers are
 * kept as sent, but a saved one is stored: no control characters (Postgres refuses NUL) and
 * well-formed Unicode (Postgres refuses a lone surrogate in JSON).
 */
export const columnMappingSchema = z.partialRecord(
  z.enum(IMPORT_FIELDS),
  verbatimText.min(1).max(200),
)
export type ColumnMapping = z.infer<typeof columnMappingSchema>

/**
 * The multipart form of `POST /api/portfolios/{id}/imports`. Without `mapping` the preset's is
 * used; without `preset` the file's headers choose it. `dryRun` (the default) only previews.
 */
export const importRequestFieldsSchema = importReadOptionsSchema.extend({
  preset: z.enum(IMPORT_PRESETS).optional(),
  /** JSON text of a `ColumnMapping`. */
  mapping: z.string().max(10_000).optional(),
  /** `true`: deposits and withdrawals are left out of a portfolio that records no cash. */
  leaveOutCash: z.enum(['true', 'false']).default('false'),
  /**
   * Rows (numbers, comma separated) whose price the user confirmed although it is far from the
   * instrument's known close (`price_implausible`).
   */
  confirmPrices: z
    .string()
    .max(20_000)
    .regex(/^(\d{1,6}(,\d{1,6})*)?$/, 'invalid_format')
    .optional(),
  dryRun: z.enum(['true', 'false']).default('true'),
})

/** Problems with the whole file; each is answered as an API error with this code. */
export const IMPORT_FILE_PROBLEMS = [
  'file_empty',
  'file_header_only',
  'file_too_large',
  'file_too_many_rows',
  'file_too_many_columns',
  'file_binary',
  'file_compressed',
  'file_spreadsheet',
  'file_encoding',
  'file_json',
  'file_unknown_layout',
  'mapping_incomplete',
] as const
export type ImportFileProblem = (typeof IMPORT_FILE_PROBLEMS)[number]

/** Problems of one row, shown on it; any of them keeps the import from being written. */
export const IMPORT_ROW_PROBLEMS = [
  'column_count',
  'missing_value',
  'unknown_type',
  'invalid_date',
  'date_range',
  'invalid_number',
  'negative_number',
  'control_characters',
  'unknown_currency',
  'invalid_isin',
  'invalid_code',
  'invalid_split_ratio',
  'not_for_type',
  'sign_contradicts_type',
  'cancellation',
  'cancels_recorded',
  'same_currency',
  'isin_change',
  'split_units_not_held',
  'split_units_unknown',
  'split_units_fraction',
  'unsupported_instrument',
  'fee_currency',
  'amount_mismatch',
  'total_below_costs',
  'fx_rate_missing',
  'cash_not_recorded',
  'instrument_currency',
  'price_implausible',
  'engine_refused',
  'engine_check_stopped',
  'plan_limit',
] as const
export type ImportRowProblem = (typeof IMPORT_ROW_PROBLEMS)[number]

export const importRowProblemSchema = z.object({
  code: z.enum(IMPORT_ROW_PROBLEMS),
  /** The header of the column at fault, when one is. */
  column: z.string().nullable(),
  /** In the caller's language, naming the row and the column. */
  message: z.string(),
})

/**
 * How a row was read differently from its face, shown on it so nothing changes silently: a
 * binary float's noise snapped, a minor currency unit (pence, cents) scaled, a price or an amount
 * derived from others, a missing acquisition date taken from the transfer's.
 */
export const IMPORT_ROW_NOTICES = [
  'float_snapped',
  'minor_unit',
  'price_from_total',
  'amount_from_quantity',
  'acquired_date_from_trade',
  'refund_from_sign',
  'fee_converted',
  'price_confirmed',
  'split_from_units',
  'joined_row',
] as const
export type ImportRowNotice = (typeof IMPORT_ROW_NOTICES)[number]

export const importRowNoticeSchema = z.object({
  code: z.enum(IMPORT_ROW_NOTICES),
  column: z.string().nullable(),
  message: z.string(),
})

/**
 * Why a row is not written though it is shown: the program says it is no transaction, or it is
 * a deposit or withdrawal the caller chose to leave out of a portfolio that records no cash.
 */
export const IMPORT_LEAVE_OUTS = [
  'not_executed',
  'not_a_transaction',
  'cash_not_recorded',
  'cancelled_pair',
  'joined_row',
  'currency_conversion',
  'currency_conversion_cash',
  'trade_elsewhere',
] as const
export type ImportLeaveOut = (typeof IMPORT_LEAVE_OUTS)[number]

/** Where a row's instrument comes from: the shared catalog, the user's own, or created on commit. */
export const importInstrumentSchema = z.object({
  id: uuid.nullable(),
  code: z.string(),
  name: z.string(),
  type: z.enum(INSTRUMENT_TYPES),
  currency: z.string(),
  exchange: z.string().nullable(),
  isin: z.string().nullable(),
  match: z.enum(['catalog', 'own', 'new']),
})

export const importRowSchema = z.object({
  /** The data row's number in the file: 1 is the first row after the header. */
  row: z.number().int().positive(),
  /** What the row becomes; fields the row could not give are null. */
  transaction: z.object({
    type: z.enum(TRANSACTION_TYPES).nullable(),
    tradeDate: z.string().nullable(),
    currency: z.string().nullable(),
    fxRate: z.string().nullable(),
    quantity: z.string().nullable(),
    unitPrice: z.string().nullable(),
    amount: z.string().nullable(),
    fee: z.string().nullable(),
    tax: z.string().nullable(),
    splitRatio: z.string().nullable(),
    acquiredDate: z.string().nullable(),
    acquisitionFxRate: z.string().nullable(),
    toCurrency: z.string().nullable(),
    toAmount: z.string().nullable(),
    note: z.string().nullable(),
  }),
  instrument: importInstrumentSchema.nullable(),
  /** Already recorded in the portfolio: skipped, not written again. */
  duplicate: z.boolean(),
  /** Why the row is shown but not written (a cancelled order, a cancelled pair, cash left out). */
  leftOut: z.object({ code: z.enum(IMPORT_LEAVE_OUTS), message: z.string() }).nullable(),
  problems: z.array(importRowProblemSchema),
  notices: z.array(importRowNoticeSchema),
})
export type ImportRow = z.infer<typeof importRowSchema>

export const importResultSchema = z.object({
  /** What was read, after detection. */
  read: z.object({
    preset: z.enum(IMPORT_PRESETS).nullable(),
    encoding: z.enum(IMPORT_ENCODINGS).nullable(),
    separator: z.string().nullable(),
    decimalSeparator: z.enum(['.', ',']),
    dateOrder: z.enum(['DMY', 'MDY']),
    mapping: columnMappingSchema,
  }),
  rows: z.array(importRowSchema),
  summary: z.object({
    rows: z.number().int(),
    withProblems: z.number().int(),
    duplicates: z.number().int(),
    leftOut: z.number().int(),
    newInstruments: z.number().int(),
  }),
  /** Transactions written: 0 for a dry run. */
  written: z.number().int(),
})
export type ImportResult = z.infer<typeof importResultSchema>

/** A mapping the user saved to reuse with files of the same layout. */
export const savedImportMappingSchema = z.object({
  id: uuid,
  name: z.string(),
  mapping: columnMappingSchema,
  options: importReadOptionsSchema,
})
export type SavedImportMapping = z.infer<typeof savedImportMappingSchema>

export const savedImportMappingListSchema = z.object({
  mappings: z.array(savedImportMappingSchema),
})

export const savedImportMappingWriteSchema = z.object({
  name: plainText.min(1, 'required').max(60, 'too_long'),
  mapping: columnMappingSchema,
  options: importReadOptionsSchema,
})

/**
 * The answer of a commit (`dryRun=false`) refused because rows have problems (422
 * `import_has_problems`): the API's error, and beside it the preview that shows each problem on
 * its row. Nothing was written.
 */
export const importRejectedSchema = apiErrorSchema.extend({ result: importResultSchema })
export type ImportRejected = z.infer<typeof importRejectedSchema>

/**
 * The formats a portfolio exports to: this app's machine format (`kiymet`, the default), the same
 * columns for a spreadsheet in the language of `locale` (`kiymet_spreadsheet`), and Portfolio
 * Performance's CSV.
 */
export const EXPORT_FORMATS = ['kiymet', 'kiymet_spreadsheet', 'portfolio_performance'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]
export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS).default('kiymet'),
  /** The language of a spreadsheet export (and of an error); `Accept-Language` otherwise. */
  locale: z.enum(LOCALE_CODES).optional(),
})
