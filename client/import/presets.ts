import type {
  ColumnMapping,
  ImportField,
  ImportPreset,
  ImportReadOptions,
} from '../api/schemas/import'
import { foldKey } from './fold-key'
import { KIYMET_COLUMNS, KIYMET_HEADERS } from './kiymet-format'
import type { ImportTable } from './read-table'
import { missingImportFields } from './required-fields'

/**
 * Presets name the columns of a known program's file: this app's own export, Ghostfolio's JSON
 * export, Portfolio Performance's CSV export of transactions (German or English), and a generic
 * layout whose headers may be English, Turkish or German.
 */
type HeaderNames = Partial<Record<ImportField, readonly string[]>>

/** Generic headers, compared folded (case, accents, punctuation): English, Turkish, German. */
const GENERIC_HEADERS: HeaderNames = {
  date: ['Date', 'Trade Date', 'Tarih', 'İşlem Tarihi', 'Datum', 'Handelstag'],
  // `Action` (Wealthfolio, Schwab and many brokers), `Transaction`, `Vorgang`.
  type: [
    'Type',
    'Transaction Type',
    'Action',
    'Transaction',
    'Activity Type',
    'İşlem',
    'İşlem Türü',
    'Tür',
    'Typ',
    'Art',
    'Buchungsart',
    'Vorgang',
    'Transaktion',
  ],
  code: ['Code', 'Symbol', 'Ticker', 'Ticker Symbol', 'Kod', 'Sembol', 'Kürzel', 'Ticker-Symbol'],
  isin: ['ISIN'],
  name: ['Name', 'Security Name', 'Ad', 'Adı', 'Enstrüman', 'Wertpapier', 'Wertpapiername'],
  instrumentType: ['InstrumentType', 'Instrument Type', 'Enstrüman Türü', 'Wertpapierart'],
  exchange: ['Exchange', 'Borsa', 'Börse', 'Börsenplatz'],
  quantity: ['Quantity', 'Shares', 'Adet', 'Miktar', 'Lot', 'Anzahl', 'Stück', 'Stückzahl'],
  price: ['Price', 'Unit Price', 'Fiyat', 'Birim Fiyat', 'Kurs', 'Preis'],
  amount: ['Amount', 'Tutar', 'Betrag'],
  fee: ['Fee', 'Fees', 'Commission', 'Komisyon', 'Masraf', 'Gebühr', 'Gebühren', 'Provision'],
  tax: ['Tax', 'Taxes', 'Vergi', 'Stopaj', 'Steuer', 'Steuern'],
  currency: ['Currency', 'Para Birimi', 'Döviz', 'Währung'],
  fxRate: ['FxRate', 'FX Rate', 'Exchange Rate', 'Kur', 'Döviz Kuru', 'Devisenkurs', 'Wechselkurs'],
  splitRatio: ['SplitRatio', 'Split Ratio', 'Bölünme Oranı', 'Split-Verhältnis'],
  acquiredDate: ['AcquiredDate', 'Acquired Date', 'Alış Tarihi', 'Erwerbsdatum'],
  acquisitionFxRate: ['AcquisitionFxRate', 'Acquisition FX Rate', 'Alış Kuru', 'Erwerbskurs'],
  note: ['Note', 'Comment', 'Not', 'Açıklama', 'Notiz', 'Kommentar', 'Bemerkung'],
}

/** This app's export: its exact headers. */
const KIYMET_HEADER_NAMES: HeaderNames = Object.fromEntries(
  KIYMET_COLUMNS.map(([field, header]) => [field, [header]]),
)

/** Ghostfolio's activity keys (`apps/api/src/app/export/export.service.ts`). */
const GHOSTFOLIO_HEADERS: HeaderNames = {
  date: ['date'],
  type: ['type'],
  code: ['symbol'],
  quantity: ['quantity'],
  price: ['unitPrice'],
  fee: ['fee'],
  currency: ['currency'],
  note: ['comment'],
}

/**
 * Portfolio Performance's CSV export of account and portfolio transactions (`CSVExporter`), in
 * its German and English wording. `Wert`/`Value` is the booked total, which `map-rows` turns into
 * a price or an amount as the program means it; the gross columns are read there too.
 */
const PORTFOLIO_PERFORMANCE_HEADERS: HeaderNames = {
  date: ['Datum', 'Date'],
  type: ['Typ', 'Type'],
  amount: ['Wert', 'Value'],
  currency: ['Buchungswährung', 'Transaction Currency'],
  fxRate: ['Wechselkurs', 'Exchange Rate'],
  fee: ['Gebühren', 'Fees'],
  tax: ['Steuern', 'Taxes'],
  quantity: ['Stück', 'Shares'],
  isin: ['ISIN'],
  code: ['Ticker-Symbol', 'Ticker Symbol'],
  name: ['Wertpapiername', 'Security Name'],
  note: ['Notiz', 'Note'],
}

/** Portfolio Performance's gross amount in the security's currency, which no field holds. */
export const PORTFOLIO_PERFORMANCE_GROSS = {
  amount: ['Bruttobetrag', 'Gross Amount'],
  currency: ['Währung Bruttobetrag', 'Currency Gross Amount'],
} as const

const PRESET_HEADERS: Record<ImportPreset, HeaderNames> = {
  kiymet: KIYMET_HEADER_NAMES,
  ghostfolio: GHOSTFOLIO_HEADERS,
  portfolio_performance: PORTFOLIO_PERFORMANCE_HEADERS,
  generic: GENERIC_HEADERS,
}

/** A file's header with its folded key, folded once per call however many fields look for it. */
interface FoldedHeader {
  header: string
  key: string
}

function foldHeaders(headers: readonly string[]): FoldedHeader[] {
  return headers.map((header) => ({ header, key: foldKey(header) }))
}

function findFolded(headers: readonly FoldedHeader[], names: readonly string[]): string | null {
  const wanted = new Set(names.map(foldKey))
  return headers.find(({ key }) => wanted.has(key))?.header ?? null
}

/** The first header of `headers` that folds to one of `names`, as the file spells it. */
export function findHeader(headers: readonly string[], names: readonly string[]): string | null {
  return findFolded(foldHeaders(headers), names)
}

function mappingOf(preset: ImportPreset, headers: readonly FoldedHeader[]): ColumnMapping {
  const mapping: ColumnMapping = {}
  const taken = new Set<string>()
  for (const [field, names] of Object.entries(PRESET_HEADERS[preset]) as [
    ImportField,
    readonly string[],
  ][]) {
    const header = findFolded(
      headers.filter((candidate) => !taken.has(candidate.header)),
      names,
    )
    if (header !== null) {
      mapping[field] = header
      taken.add(header)
    }
  }
  return mapping
}

/**
 * The columns of `headers` a preset fills in; fields without a column are left out.
 * @example presetMapping('generic', ['Tarih', 'İşlem', 'Kod']) // { date: 'Tarih', type: 'İşlem', code: 'Kod' }
 */
export function presetMapping(preset: ImportPreset, headers: string[]): ColumnMapping {
  return mappingOf(preset, foldHeaders(headers))
}

function hasAll(headers: readonly FoldedHeader[], names: readonly (readonly string[])[]): boolean {
  return names.every((alternatives) => findFolded(headers, alternatives) !== null)
}

/**
 * The preset a table's headers match, most specific first; null when none gives the columns an
 * import needs (a date, a type, and a code or an ISIN).
 */
export function detectPreset(table: ImportTable): ImportPreset | null {
  const { headers } = table
  const folded = foldHeaders(headers)
  if (table.kind === 'json') {
    return hasAll(folded, [['date'], ['type'], ['symbol']]) ? 'ghostfolio' : null
  }
  if (KIYMET_HEADERS.every((header) => headers.includes(header))) return 'kiymet'
  const pp = PORTFOLIO_PERFORMANCE_HEADERS
  if (hasAll(folded, [pp.date ?? [], pp.type ?? [], pp.amount ?? [], pp.currency ?? []])) {
    return 'portfolio_performance'
  }
  const generic = mappingOf('generic', folded)
  return missingImportFields(generic).length === 0 ? 'generic' : null
}

/** What a preset's files always are; the rest stays detected. */
export function presetReadOptions(preset: ImportPreset): Partial<ImportReadOptions> {
  switch (preset) {
    case 'kiymet':
      return { encoding: 'utf-8', separator: ',', decimalSeparator: '.' }
    case 'ghostfolio':
      return { encoding: 'utf-8', decimalSeparator: '.' }
    case 'portfolio_performance':
    case 'generic':
      // Portfolio Performance writes the separator and number format of the user's locale.
      return {}
  }
}
