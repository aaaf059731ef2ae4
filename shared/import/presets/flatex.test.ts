import { describe, expect, it } from 'vitest'
import { fixture, given, importFile, tableOf } from '../import-fixture'
import { detectPreset, presetDefinition, presetMapping } from '.'
import { foldHeaders } from './preset-definition'

const SAMPLE = 'flatex-depot.csv'
const HEADER =
  'Buchungstag;Valuta;Bezeichnung;ISIN;Nominal (Stk.);;Betrag;;Kurs;;Devisenkurs;TA.-Nr.;Buchungsinformation'

function depot(...rows: string[]) {
  return importFile([HEADER, ...rows].join('\n'))
}

describe('flatex preset', () => {
  it('detects the depot CSV in Windows-1252, `;` separated', () => {
    const table = tableOf(fixture(SAMPLE))
    expect(table.encoding).toBe('windows-1252')
    expect(table.separator).toBe(';')
    expect(detectPreset(table)).toBe('flatex')
  })

  it('maps the named columns; the unnamed ones are read as currencies', () => {
    expect(importFile(fixture(SAMPLE)).mapping).toEqual({
      date: 'Buchungstag',
      type: 'Buchungsinformation',
      name: 'Bezeichnung',
      isin: 'ISIN',
      quantity: 'Nominal (Stk.)',
      amount: 'Betrag',
      price: 'Kurs',
    })
  })

  it('reads every execution of the sample, in euros, without fees', () => {
    const { rows, decimalSeparator, dateOrder } = importFile(fixture(SAMPLE))
    expect(decimalSeparator).toBe(',')
    expect(dateOrder).toBe('DMY')
    const trade = (
      type: 'BUY' | 'SELL',
      tradeDate: string,
      quantity: string,
      unitPrice: string,
    ) => ({ type, tradeDate, currency: 'EUR', quantity, unitPrice })
    expect(rows.map((row) => given(row.transaction))).toEqual([
      trade('BUY', '2024-01-15', '20', '80.52'),
      // Savings plan executions: 150 EUR a month in fractional units.
      trade('BUY', '2024-02-02', '1.398732', '107.24'),
      trade('BUY', '2024-03-04', '1.355993', '110.62'),
      trade('BUY', '2024-03-12', '10', '178.40'),
      trade('BUY', '2024-03-20', '5', '268.10'),
      trade('BUY', '2024-04-03', '30', '52.46'),
      // The reversal: refused as a cancellation (see below).
      {
        tradeDate: '2024-04-08',
        currency: 'EUR',
        quantity: '30',
        unitPrice: '52.46',
        amount: '1573.80',
      },
      trade('BUY', '2024-04-08', '30', '52.38'),
      trade('SELL', '2024-07-15', '4', '192.36'),
      trade('SELL', '2024-09-16', '5', '283.90'),
      trade('BUY', '2024-10-02', '1.227697', '122.18'),
      trade('BUY', '2024-12-05', '8', '181.64'),
    ])
    expect(rows.map((row) => row.instrument?.isin)).toEqual([
      'IE00B4L5Y983',
      'IE00B3RBWM25',
      'IE00B3RBWM25',
      'DE0007164600',
      'DE0008404005',
      'DE000BASF111',
      'DE000BASF111',
      'DE000BASF111',
      'DE0007164600',
      'DE0008404005',
      'IE00B3RBWM25',
      'DE0007236101',
    ])
    expect(rows[0]?.instrument).toMatchObject({ code: null, name: 'ISHS CORE MSCI WORLD U.ETF' })
    expect(rows.every((row) => row.leftOut === null && row.notices.length === 0)).toBe(true)
    expect(rows.flatMap((row) => row.problems.map(({ code }) => ({ row: row.row, code })))).toEqual(
      [{ row: 7, code: 'cancellation' }],
    )
  })

  it('refuses a reversal (Storno) of a purchase or a sale as a cancellation, whatever its sign', () => {
    const { rows } = importFile(fixture(SAMPLE))
    expect(rows[6]?.problems).toEqual([{ code: 'cancellation', column: 'Buchungsinformation' }])
    const sale = depot(
      '12.07.2024;16.07.2024;SAP SE O.N.;DE0007164600;-1;Stück;-191,00;EUR;191,00;EUR;1,000;1;Ausführung ORDER Verkauf DE0007164600 6',
      '16.07.2024;17.07.2024;SAP SE O.N.;DE0007164600;1;Stück;191,00;EUR;191,00;EUR;1,000;2;Storno Ausführung ORDER Verkauf DE0007164600 6',
    )
    expect(sale.rows.map((row) => row.problems)).toEqual([
      [],
      [{ code: 'cancellation', column: 'Buchungsinformation' }],
    ])
  })

  it('reads the direction from the booking text alone, whatever its case', () => {
    const { rows } = depot(
      '02.05.2024;06.05.2024;SAP SE O.N.;DE0007164600;2;Stück;360,00;EUR;180,00;EUR;1,000;1;AUSFÜHRUNG ORDER KAUF DE0007164600 1',
      '03.05.2024;07.05.2024;SAP SE O.N.;DE0007164600;-2;Stück;-362,00;EUR;181,00;EUR;1,000;2;Ausführung ORDER Verkauf DE0007164600 2',
      '04.05.2024;08.05.2024;SAP SE O.N.;DE0007164600;2;Stück;0,00;EUR;0,00;EUR;1,000;3;Einbuchung Kapitalmaßnahme',
    )
    expect(rows.map((row) => row.transaction.type)).toEqual(['BUY', 'SELL', null])
    expect(rows[2]?.problems.map(({ code }) => code)).toEqual(['unknown_type'])
  })

  it('checks the price against the booked amount in the same currency', () => {
    const { rows } = depot(
      '02.05.2024;06.05.2024;SAP SE O.N.;DE0007164600;2;Stück;400,00;EUR;180,00;EUR;1,000;1;Ausführung ORDER Kauf DE0007164600 1',
    )
    expect(rows[0]?.problems.map(({ code, column }) => ({ code, column }))).toEqual([
      { code: 'amount_mismatch', column: 'Betrag' },
    ])
  })

  it("keeps a foreign listing's price and currency, not the converted amount", () => {
    const { rows } = depot(
      '02.05.2024;06.05.2024;APPLE INC.;US0378331005;10;Stück;1712,33;EUR;183,38;USD;1,0710;1;Ausführung ORDER Kauf US0378331005 1',
    )
    expect(rows[0]?.problems).toEqual([])
    expect(given(rows[0]?.transaction ?? {})).toEqual({
      type: 'BUY',
      tradeDate: '2024-05-02',
      currency: 'USD',
      quantity: '10',
      unitPrice: '183.38',
    })
  })

  it('takes the shorter header variant of third-party samples', () => {
    const headers = [
      'Nr.',
      'Buchtag',
      'Valuta',
      'ISIN',
      'Bezeichnung',
      'Nominal',
      '',
      'Buchungsinformationen',
      'TA-Nr.',
      'Kurs',
      '',
    ]
    expect(presetDefinition('flatex').detect(tableOf('a;b\n1;2'), foldHeaders(headers))).toBe(true)
    expect(presetMapping('flatex', headers)).toEqual({
      date: 'Buchtag',
      type: 'Buchungsinformationen',
      name: 'Bezeichnung',
      isin: 'ISIN',
      quantity: 'Nominal',
      price: 'Kurs',
    })
  })

  it("does not claim flatex's cash account CSV", () => {
    const table = tableOf(
      'Buchtag;Valuta;Buchungsinformationen;TA-Nr.;Betrag;\n02.05.2024;02.05.2024;Einzahlung;1;100,00;EUR\n',
    )
    expect(presetDefinition('flatex').detect(table, foldHeaders(table.headers))).toBe(false)
  })
})
