import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { IMPORT_FIELDS, IMPORT_PRESETS, type ImportPreset } from '../../api/schemas/import'
import { fixture, tableOf } from '../import-fixture'
import { detectPreset, presetDefinition, presetMapping, presetReadOptions } from '.'
import { foldHeaders } from './preset-definition'

/** Every sample file and the preset it is: the one detection must find, the others must not claim it. */
const SAMPLES: [string, ImportPreset][] = [
  ['kiymet-export.csv', 'kiymet'],
  ['kiymet-spreadsheet-tr.csv', 'kiymet_spreadsheet'],
  ['kiymet-spreadsheet-en.csv', 'kiymet_spreadsheet'],
  ['kiymet-spreadsheet-de.csv', 'kiymet_spreadsheet'],
  ['generic-tr-utf-8.csv', 'generic'],
  ['generic-tr-iso-8859-9.csv', 'generic'],
  ['ghostfolio-export.json', 'ghostfolio'],
  ['portfolio-performance-portfolio-de.csv', 'portfolio_performance'],
  ['portfolio-performance-account-de.csv', 'portfolio_performance'],
  ['portfolio-performance-portfolio-en.csv', 'portfolio_performance'],
  ['generic-tr-windows-1254.csv', 'generic'],
  ['generic-de-windows-1252.csv', 'generic'],
  ['trade-republic-transactions-v1.csv', 'trade_republic'],
  ['trade-republic-transactions-v2.csv', 'trade_republic'],
  ['scalable-capital-transactions.csv', 'scalable_capital'],
  ['flatex-depot.csv', 'flatex'],
  ['degiro-transactions-en.csv', 'degiro'],
  ['degiro-transactions-de.csv', 'degiro'],
  ['interactive-brokers-flex-trades.csv', 'interactive_brokers'],
  ['interactive-brokers-flex-cash.csv', 'interactive_brokers'],
  ['garanti-bbva-yatirim.csv', 'garanti_bbva'],
  ['wealthfolio-activities.csv', 'wealthfolio'],
  ['ghostfolio-activities.csv', 'ghostfolio'],
  ['interactive-brokers-activity-statement.csv', 'interactive_brokers_statement'],
  ['interactive-brokers-flex-sections.csv', 'interactive_brokers'],
  ['degiro-account-en.csv', 'degiro_account'],
  ['degiro-account-nl.csv', 'degiro_account'],
]

describe('detectPreset', () => {
  it('covers every sample file', () => {
    const names = readdirSync(new URL('../fixtures/', import.meta.url))
    expect(SAMPLES.map(([name]) => name).sort()).toEqual([...names].sort())
  })

  it.each(SAMPLES)('%s is %s', (name, preset) => {
    expect(detectPreset(tableOf(fixture(name)))).toBe(preset)
  })

  // The generic layout takes any table with the columns an import needs: the presets before it
  // in the order are there to claim their own files first.
  it.each(SAMPLES)('no preset but its own claims %s', (name, own) => {
    const table = tableOf(fixture(name))
    const headers = foldHeaders(table.headers)
    const claimants = IMPORT_PRESETS.filter(
      (preset) => preset !== 'generic' && presetDefinition(preset).detect(table, headers),
    )
    expect(claimants).toEqual(own === 'generic' ? [] : [own])
  })

  it('takes a type column headed as brokers and other trackers head it', () => {
    for (const header of ['Action', 'Transaction', 'Activity Type', 'Vorgang', 'İşlem']) {
      const table = tableOf(`Date,${header},Symbol\n2024-01-02,Buy,AAPL\n`)
      expect(detectPreset(table)).toBe('generic')
      expect(presetMapping('generic', table.headers)).toMatchObject({ type: header })
    }
  })

  it('finds none without a date, a type, and a code or an ISIN', () => {
    expect(detectPreset(tableOf('Date,Type,Name\n2024-01-02,BUY,Apple\n'))).toBeNull()
    expect(detectPreset(tableOf('[{"when":"2024-01-02","what":"BUY"}]'))).toBeNull()
    expect(detectPreset(tableOf('Date,Type,ISIN\n2024-01-02,BUY,US0378331005\n'))).toBe('generic')
  })
})

describe('presetMapping', () => {
  it('matches generic headers in any case, Turkish İ and ı included', () => {
    expect(
      presetMapping('generic', ['TARİH', 'işlem', 'KOD', 'adet', 'FİYAT', 'Para birimi', 'NOT']),
    ).toEqual({
      date: 'TARİH',
      type: 'işlem',
      code: 'KOD',
      quantity: 'adet',
      price: 'FİYAT',
      currency: 'Para birimi',
      note: 'NOT',
    })
    expect(presetMapping('generic', ['ISLEM TARIHI', 'Islem', 'ISIN'])).toEqual({
      date: 'ISLEM TARIHI',
      type: 'Islem',
      isin: 'ISIN',
    })
  })

  it('matches the English and German generic headers, leaving absent optional ones out', () => {
    expect(
      presetMapping('generic', ['date', 'TYPE', 'Code', 'Quantity', 'Price', 'Fee', 'Currency']),
    ).toEqual({
      date: 'date',
      type: 'TYPE',
      code: 'Code',
      quantity: 'Quantity',
      price: 'Price',
      fee: 'Fee',
      currency: 'Currency',
    })
    expect(
      presetMapping('generic', [
        'Datum',
        'Art',
        'Kürzel',
        'Name',
        'Anzahl',
        'Preis',
        'Gebühr',
        'Steuer',
        'Währung',
        'Wechselkurs',
        'Notiz',
        'ISIN',
        'Betrag',
      ]),
    ).toEqual({
      date: 'Datum',
      type: 'Art',
      code: 'Kürzel',
      name: 'Name',
      quantity: 'Anzahl',
      price: 'Preis',
      fee: 'Gebühr',
      tax: 'Steuer',
      currency: 'Währung',
      fxRate: 'Wechselkurs',
      note: 'Notiz',
      isin: 'ISIN',
      amount: 'Betrag',
    })
  })

  it("maps Portfolio Performance's German and English columns", () => {
    const german = tableOf(fixture('portfolio-performance-portfolio-de.csv')).headers
    expect(presetMapping('portfolio_performance', german)).toEqual({
      date: 'Datum',
      type: 'Typ',
      amount: 'Wert',
      currency: 'Buchungswährung',
      fxRate: 'Wechselkurs',
      fee: 'Gebühren',
      tax: 'Steuern',
      quantity: 'Stück',
      isin: 'ISIN',
      code: 'Ticker-Symbol',
      name: 'Wertpapiername',
      note: 'Notiz',
    })
    const english = tableOf(fixture('portfolio-performance-portfolio-en.csv')).headers
    expect(presetMapping('portfolio_performance', english)).toMatchObject({
      date: 'Date',
      amount: 'Value',
      currency: 'Transaction Currency',
      quantity: 'Shares',
      code: 'Ticker Symbol',
      name: 'Security Name',
    })
  })

  it("maps Ghostfolio's activity keys", () => {
    const headers = tableOf(fixture('ghostfolio-export.json')).headers
    expect(presetMapping('ghostfolio', headers)).toEqual({
      date: 'date',
      type: 'type',
      code: 'symbol',
      isin: 'assetProfile.isin',
      quantity: 'quantity',
      price: 'unitPrice',
      fee: 'fee',
      currency: 'currency',
      note: 'comment',
    })
  })

  it("maps every column of this app's export", () => {
    const headers = tableOf(fixture('kiymet-export.csv')).headers
    expect(Object.keys(presetMapping('kiymet', headers))).toHaveLength(headers.length)
  })

  it.each(['tr', 'en', 'de'])(
    "maps every column of this app's spreadsheet export in %s",
    (language) => {
      const headers = tableOf(fixture(`kiymet-spreadsheet-${language}.csv`)).headers
      expect(presetMapping('kiymet_spreadsheet', headers)).toEqual(
        Object.fromEntries(IMPORT_FIELDS.map((field, column) => [field, headers[column]])),
      )
    },
  )
})

describe('presetReadOptions', () => {
  it("fixes what a preset's files always are and leaves the rest to detection", () => {
    expect(presetReadOptions('kiymet')).toEqual({
      encoding: 'utf-8',
      separator: ',',
      decimalSeparator: '.',
    })
    // Ghostfolio writes and reads dates day first or year first, never month first.
    expect(presetReadOptions('ghostfolio')).toEqual({
      encoding: 'utf-8',
      decimalSeparator: '.',
      dateOrder: 'DMY',
    })
    expect(presetReadOptions('portfolio_performance')).toEqual({})
    expect(presetReadOptions('generic')).toEqual({})
  })

  it("reads this app's spreadsheet export as the language of its headers writes it", () => {
    const headers = (language: string) =>
      tableOf(fixture(`kiymet-spreadsheet-${language}.csv`)).headers
    expect(presetReadOptions('kiymet_spreadsheet')).toEqual({ encoding: 'utf-8' })
    expect(presetReadOptions('kiymet_spreadsheet', headers('de'))).toEqual({
      encoding: 'utf-8',
      separator: ';',
      decimalSeparator: ',',
      dateOrder: 'DMY',
    })
    expect(presetReadOptions('kiymet_spreadsheet', headers('tr'))).toEqual({
      encoding: 'utf-8',
      separator: ';',
      decimalSeparator: ',',
      dateOrder: 'DMY',
    })
    expect(presetReadOptions('kiymet_spreadsheet', headers('en'))).toEqual({
      encoding: 'utf-8',
      separator: ',',
      decimalSeparator: '.',
      dateOrder: 'MDY',
    })
  })
})
