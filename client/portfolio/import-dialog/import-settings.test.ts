import { describe, expect, it } from 'vitest'
import type { SavedImportMapping } from '../../../shared/api/schemas'
import type { ImportTable } from '../../../shared/import/read-table'
import { fixture, tableOf } from '../../../shared/import/import-fixture'
import { importForm, initialChoice, presetChoice, savedChoice } from './import-settings'

const table: ImportTable = {
  kind: 'csv',
  headers: ['Datum', 'Typ', 'Code', 'Name', 'Anzahl', 'Kurs', 'Gebühr', 'Währung', 'Notiz'],
  rows: [['15.03.2024', 'BUY', 'SAP', 'SAP SE', '10', '150,50', '5', 'EUR', 'Müller']],
  encoding: 'windows-1252',
  separator: ';',
}

describe('initialChoice', () => {
  it('recognises German generic headers and maps every one of them', () => {
    const choice = initialChoice(table)
    expect(choice.preset).toBe('generic')
    expect(choice.mapping).toMatchObject({
      date: 'Datum',
      type: 'Typ',
      code: 'Code',
      quantity: 'Anzahl',
      price: 'Kurs',
      fee: 'Gebühr',
      currency: 'Währung',
      note: 'Notiz',
    })
  })
})

describe('presetChoice', () => {
  it("reads this app's spreadsheet export as the language of its headers writes it", () => {
    const german = tableOf(fixture('kiymet-spreadsheet-de.csv'))
    expect(initialChoice(german)).toMatchObject({
      preset: 'kiymet_spreadsheet',
      decimalSeparator: ',',
      dateOrder: 'DMY',
    })
    const english = tableOf(fixture('kiymet-spreadsheet-en.csv'))
    expect(presetChoice('kiymet_spreadsheet', english.headers)).toMatchObject({
      decimalSeparator: '.',
      dateOrder: 'MDY',
    })
  })
})

describe('savedChoice', () => {
  it('takes a saved mapping, leaving out columns this file does not have', () => {
    const saved: SavedImportMapping = {
      id: '7d1b0c3e-45a6-4c8e-9a36-0f1e2d3c4b5a',
      name: 'Bank',
      mapping: { date: 'Datum', type: 'Typ', code: 'Symbol', note: 'Notiz' },
      options: { encoding: 'auto', separator: ';', decimalSeparator: ',', dateOrder: 'DMY' },
    }
    expect(savedChoice(saved, 'generic', table.headers)).toEqual({
      preset: 'generic',
      mapping: { date: 'Datum', type: 'Typ', note: 'Notiz' },
      decimalSeparator: ',',
      dateOrder: 'DMY',
    })
  })
})

describe('importForm', () => {
  it('sends the file with the encoding and separator it was read with, and the mapping as JSON', async () => {
    const file = new File(['Datum;Typ'], 'depot.csv', { type: 'text/csv' })
    const form = importForm(
      file,
      table,
      { preset: 'generic', mapping: { date: 'Datum' }, decimalSeparator: ',', dateOrder: 'auto' },
      true,
    )
    const { file: sent, ...fields } = form
    expect(
      Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    ).toEqual({
      encoding: 'windows-1252',
      separator: ';',
      decimalSeparator: ',',
      dateOrder: 'auto',
      preset: 'generic',
      mapping: '{"date":"Datum"}',
      dryRun: 'true',
    })
    expect(sent).toBe(file)
    expect(sent.name).toBe('depot.csv')
    expect(await sent.text()).toBe('Datum;Typ')
  })

  it('leaves the separator out for JSON and says when the import is meant for good', () => {
    const json: ImportTable = { ...table, kind: 'json', encoding: 'utf-8', separator: null }
    const form = importForm(new File(['[]'], 'g.json'), json, initialChoice(table), false)
    expect(form.separator).toBeUndefined()
    expect(form.dryRun).toBe('false')
  })
})
