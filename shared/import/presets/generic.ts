import { missingImportFields } from '../required-fields'
import type { HeaderNames, PresetDefinition } from './preset-definition'
import { mappingOf } from './preset-mapping'

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
  amount: ['Amount', 'Total', 'Tutar', 'Toplam', 'Betrag', 'Gesamt'],
  fee: ['Fee', 'Fees', 'Commission', 'Komisyon', 'Masraf', 'Gebühr', 'Gebühren', 'Provision'],
  tax: ['Tax', 'Taxes', 'Vergi', 'Stopaj', 'Steuer', 'Steuern'],
  currency: ['Currency', 'Para Birimi', 'Döviz', 'Währung'],
  fxRate: ['FxRate', 'FX Rate', 'Exchange Rate', 'Kur', 'Döviz Kuru', 'Devisenkurs', 'Wechselkurs'],
  splitRatio: ['SplitRatio', 'Split Ratio', 'Bölünme Oranı', 'Split-Verhältnis'],
  acquiredDate: ['AcquiredDate', 'Acquired Date', 'Alış Tarihi', 'Erwerbsdatum'],
  acquisitionFxRate: ['AcquisitionFxRate', 'Acquisition FX Rate', 'Alış Kuru', 'Erwerbskurs'],
  toCurrency: ['ToCurrency', 'To Currency', 'Alınan Para Birimi', 'Zielwährung'],
  toAmount: ['ToAmount', 'To Amount', 'Alınan Tutar', 'Zielbetrag'],
  note: ['Note', 'Comment', 'Not', 'Açıklama', 'Notiz', 'Kommentar', 'Bemerkung'],
}

/** Any table whose headers give the columns an import needs, in English, Turkish or German. */
export const genericPreset: PresetDefinition = {
  headers: GENERIC_HEADERS,
  detect: (_table, headers) => missingImportFields(mappingOf(genericPreset, headers)).length === 0,
  readOptions: {},
}
