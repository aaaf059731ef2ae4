import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { given, importFile, storedInstrument, storedTransaction, tableOf } from './import-fixture'
import {
  neutralizeCell,
  restoreCell,
  writeKiymetCsv,
  writePortfolioPerformanceCsv,
} from './write-csv'

describe('neutralizeCell', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+49 30 1234', "'+49 30 1234"],
    ['-5 % Rabatt', "'-5 % Rabatt"],
    ['@cmd', "'@cmd"],
    ['\tcalc', "'\tcalc"],
    ['\rcalc', "'\rcalc"],
    ["'already", "''already"],
    ['Türk Hava Yolları', 'Türk Hava Yolları'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j → %j', (text, neutralized) => {
    expect(neutralizeCell(text)).toBe(neutralized)
    expect(restoreCell(neutralized)).toBe(text)
  })

  it('is undone by restoreCell for every text', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', '=', '+', '-', '@', '\t', '\r', "'", "''", 'ğ'),
        fc.string(),
        (prefix, rest) => {
          const text = prefix + rest
          const neutralized = neutralizeCell(text)
          expect(restoreCell(neutralized)).toBe(text)
          expect(['=', '+', '-', '@', '\t', '\r']).not.toContain(neutralized.charAt(0))
        },
      ),
    )
  })
})

describe('writeKiymetCsv', () => {
  const thyao = storedInstrument({
    code: 'THYAO',
    name: 'Türk Hava Yolları',
    isin: 'TRATHYAO91M5',
    exchange: 'BIST',
  })
  const transactions = [
    storedTransaction({ type: 'DEPOSIT', tradeDate: '2024-01-02', amount: '10000' }),
    storedTransaction({
      type: 'BUY',
      tradeDate: '2024-01-03',
      instrument: thyao,
      quantity: '100',
      unitPrice: '268.5',
      fee: '53.7',
      note: '=HYPERLINK("http://example.com","click")',
    }),
    storedTransaction({
      type: 'SPLIT',
      tradeDate: '2024-06-10',
      instrument: thyao,
      splitRatio: '2:1',
      note: 'Line one\r\nline two; with "quotes"',
    }),
  ]

  it('writes a UTF-8 byte order mark, English headers, CRLF lines and RFC 4180 quoting', () => {
    const csv = writeKiymetCsv(transactions)
    expect(csv.startsWith('\uFEFFDate,Type,Code,ISIN,Name,InstrumentType,Exchange,')).toBe(true)
    const lines = csv.slice(1).split('\r\n')
    expect(lines[0]).toBe(
      'Date,Type,Code,ISIN,Name,InstrumentType,Exchange,Quantity,Price,Amount,Fee,Tax,Currency,' +
        'FxRate,SplitRatio,AcquiredDate,AcquisitionFxRate,ToCurrency,ToAmount,Note',
    )
    expect(lines[1]).toBe('2024-01-02,DEPOSIT,,,,,,,,10000,0,0,TRY,,,,,,,')
    expect(lines[2]).toBe(
      `2024-01-03,BUY,THYAO,TRATHYAO91M5,Türk Hava Yolları,STOCK,BIST,100,268.5,,53.7,0,TRY,,,,,,,` +
        `"'=HYPERLINK(""http://example.com"",""click"")"`,
    )
    expect(csv.endsWith('"Line one\r\nline two; with ""quotes"""\r\n')).toBe(true)
  })

  it('leaves no cell a spreadsheet would run as a formula', () => {
    const table = tableOf(writeKiymetCsv(transactions))
    for (const cell of table.rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/)
  })
})

describe('writePortfolioPerformanceCsv', () => {
  const sap = storedInstrument({
    code: 'SAP',
    name: 'SAP SE',
    isin: 'DE0007164600',
    currency: 'EUR',
  })
  const buy = storedTransaction({
    type: 'BUY',
    tradeDate: '2024-01-15',
    instrument: sap,
    quantity: '10',
    unitPrice: '120.5',
    fee: '5.9',
  })
  const sell = storedTransaction({
    type: 'SELL',
    tradeDate: '2024-06-03',
    instrument: sap,
    quantity: '4',
    unitPrice: '150',
    fee: '3.88',
    tax: '1.5',
    note: '-Teilverkauf',
  })
  const dividend = storedTransaction({
    type: 'DIVIDEND',
    tradeDate: '2024-05-16',
    instrument: sap,
    amount: '22',
    tax: '5.81',
  })
  const deposit = storedTransaction({
    type: 'DEPOSIT',
    tradeDate: '2024-01-02',
    currency: 'EUR',
    amount: '5000',
  })

  it("writes the German export's columns, types and decimal commas, in trade order", () => {
    const csv = writePortfolioPerformanceCsv([sell, buy, dividend, deposit])
    expect(csv.split('\r\n')).toEqual([
      'Datum;Typ;Wert;Buchungswährung;Bruttobetrag;Währung Bruttobetrag;Wechselkurs;Gebühren;' +
        'Steuern;Stück;ISIN;WKN;Ticker-Symbol;Wertpapiername;Notiz',
      '2024-01-02;Einlage;5000;EUR;;;;0;0;;;;;;',
      '2024-01-15;Kauf;1210,9;EUR;;;;5,9;0;10;DE0007164600;;SAP;SAP SE;',
      '2024-05-16;Dividende;16,19;EUR;;;;0;5,81;;DE0007164600;;SAP;SAP SE;',
      "2024-06-03;Verkauf;594,62;EUR;;;;3,88;1,5;4;DE0007164600;;SAP;SAP SE;'-Teilverkauf",
      '',
    ])
  })

  it('reads back through the Portfolio Performance preset to the same transactions', () => {
    const { rows, preset } = importFile(
      writePortfolioPerformanceCsv([deposit, buy, dividend, sell]),
    )
    expect(preset).toBe('portfolio_performance')
    expect(rows.every((row) => row.problems.length === 0)).toBe(true)
    expect(rows.map((row) => given(row.transaction))).toEqual([
      {
        type: 'DEPOSIT',
        tradeDate: '2024-01-02',
        currency: 'EUR',
        amount: '5000',
        fee: '0',
        tax: '0',
      },
      {
        type: 'BUY',
        tradeDate: '2024-01-15',
        currency: 'EUR',
        quantity: '10',
        unitPrice: '120.5',
        fee: '5.9',
        tax: '0',
      },
      {
        type: 'DIVIDEND',
        tradeDate: '2024-05-16',
        currency: 'EUR',
        amount: '22',
        fee: '0',
        tax: '5.81',
      },
      {
        type: 'SELL',
        tradeDate: '2024-06-03',
        currency: 'EUR',
        quantity: '4',
        unitPrice: '150',
        fee: '3.88',
        tax: '1.5',
        note: "'-Teilverkauf",
      },
    ])
  })

  it("writes a split as Portfolio Performance's split wizard does: earlier quantities scaled", () => {
    const split = storedTransaction({
      type: 'SPLIT',
      tradeDate: '2024-03-01',
      instrument: sap,
      splitRatio: '3:2',
    })
    const csv = writePortfolioPerformanceCsv([buy, split, sell])
    const table = tableOf(csv)
    const shares = table.headers.indexOf('Stück')
    expect(table.rows.map((row) => [row[1], row[shares]])).toEqual([
      ['Kauf', '15'],
      ['Verkauf', '4'],
    ])
  })

  it('writes a bonus issue as a delivery in at no value, a rights issue as a purchase', () => {
    const bonus = storedTransaction({
      type: 'BONUS_ISSUE',
      tradeDate: '2024-03-01',
      instrument: sap,
      quantity: '10',
    })
    const rights = storedTransaction({
      type: 'RIGHTS_ISSUE',
      tradeDate: '2024-04-02',
      instrument: sap,
      quantity: '5',
      unitPrice: '100',
      fee: '2.5',
    })
    const [, ...rows] = writePortfolioPerformanceCsv([buy, bonus, rights]).split('\r\n')
    expect(rows.slice(1, 3)).toEqual([
      '2024-03-01;Einlieferung;0;EUR;;;;0;0;10;DE0007164600;;SAP;SAP SE;',
      '2024-04-02;Kauf;502,5;EUR;;;;2,5;0;5;DE0007164600;;SAP;SAP SE;',
    ])
  })

  it('scales by every later split of the same instrument only, in one pass over many', () => {
    const other = storedInstrument({ code: 'BMW', currency: 'EUR' })
    const splits = Array.from({ length: 5_000 }, (_, index) =>
      storedTransaction({
        type: 'SPLIT',
        tradeDate: `2024-03-${String((index % 28) + 1).padStart(2, '0')}`,
        instrument: index % 2 === 0 ? sap : other,
        // 2:1 then 1:2 in turn: SAP's buy ends where it began, after 2,500 splits.
        splitRatio: index % 4 === 0 ? '2:1' : index % 4 === 2 ? '1:2' : '3:1',
      }),
    )
    const start = performance.now()
    const csv = writePortfolioPerformanceCsv([buy, ...splits])
    expect(performance.now() - start).toBeLessThan(2000)
    const table = tableOf(csv)
    expect(table.rows.map((row) => row[table.headers.indexOf('Stück')])).toEqual(['10'])
  })

  it('neutralizes text cells but writes numbers as numbers, a negative one too', () => {
    // Taxes above the dividend: Portfolio Performance books a negative value.
    const taxed = storedTransaction({
      type: 'DIVIDEND',
      tradeDate: '2024-05-16',
      instrument: storedInstrument({ code: 'SAP', name: '=HYPERLINK("x")', currency: 'EUR' }),
      amount: '2',
      tax: '5.5',
      note: '+note',
    })
    const [, row] = writePortfolioPerformanceCsv([taxed]).split('\r\n')
    expect(row).toBe(`2024-05-16;Dividende;-3,5;EUR;;;;0;5,5;;;;SAP;"'=HYPERLINK(""x"")";'+note`)
  })
})
