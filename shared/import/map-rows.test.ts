import { describe, expect, it } from 'vitest'
import type { ColumnMapping } from '../api/schemas/import'
import { fixture, given, importFile, tableOf } from './import-fixture'
import type { MapRowsOptions } from './map-rows'
import { mapImportRows } from './map-rows'
import { presetMapping } from './presets'

const GENERIC: MapRowsOptions = {
  decimalSeparator: 'auto',
  dateOrder: 'auto',
  fallbackDateOrder: 'DMY',
  preset: 'generic',
}

function rowsOf(csv: string, options: Partial<MapRowsOptions> = {}, mapping?: ColumnMapping) {
  const table = tableOf(csv)
  const result = mapImportRows(table, mapping ?? presetMapping('generic', table.headers), {
    ...GENERIC,
    ...options,
  })
  if (!result.ok) throw new Error(`mapping incomplete: ${result.missing.join(', ')}`)
  return result
}

function problemsOf(csv: string, options: Partial<MapRowsOptions> = {}) {
  return rowsOf(csv, options).rows.map((row) => row.problems)
}

describe('mapImportRows: sample files of each program', () => {
  it("reads this app's export, undoing formula neutralization", () => {
    const { rows, preset } = importFile(fixture('kiymet-export.csv'))
    expect(preset).toBe('kiymet')
    expect(rows.every((row) => row.problems.length === 0)).toBe(true)
    expect(given(rows[1]!.transaction)).toEqual({
      type: 'BUY',
      tradeDate: '2024-01-03',
      currency: 'TRY',
      quantity: '100',
      unitPrice: '268.5',
      fee: '53.7',
      tax: '0',
      note: '=HYPERLINK("http://example.com")',
    })
    expect(rows[1]!.instrument).toEqual({
      code: 'THYAO',
      isin: 'TRATHYAO91M5',
      name: 'Türk Hava Yolları',
      type: 'STOCK',
      exchange: 'BIST',
    })
    expect(given(rows[2]!.transaction)).toMatchObject({
      type: 'TRANSFER_IN',
      acquiredDate: '2019-06-03',
      acquisitionFxRate: '31.2',
      fxRate: '35.1',
      note: '-5 % Depotübertrag',
    })
    expect(rows[3]!.transaction.splitRatio).toBe('2:1')
    expect(rows[4]!.transaction.note).toBe("'Quoted, with a comma")
    expect(rows[0]!.instrument).toBeNull()
  })

  it("reads Ghostfolio's export: fees in `fee`, dividends as quantity × price, a valuable bought", () => {
    const { rows, preset, decimalSeparator } = importFile(fixture('ghostfolio-export.json'))
    expect(preset).toBe('ghostfolio')
    expect(decimalSeparator).toBe('.')
    expect(rows.map((row) => given(row.transaction))).toEqual([
      { type: 'FEE', tradeDate: '2023-01-02', currency: 'EUR', amount: '12.5' },
      {
        type: 'BUY',
        tradeDate: '2023-01-16',
        currency: 'EUR',
        quantity: '12',
        unitPrice: '101.37',
        fee: '1.5',
        note: 'Sparplan Januar',
      },
      { type: 'DIVIDEND', tradeDate: '2023-03-29', currency: 'EUR', amount: '3.0876', fee: '0' },
      {
        type: 'SELL',
        tradeDate: '2023-06-30',
        currency: 'EUR',
        quantity: '2',
        unitPrice: '108.5',
        fee: '2',
      },
      {
        type: 'BUY',
        tradeDate: '2023-07-03',
        currency: 'USD',
        quantity: '0.0000005',
        unitPrice: '27350.12',
        fee: '0',
      },
      { type: 'INTEREST', tradeDate: '2023-12-31', currency: 'EUR', amount: '4.2', fee: '0' },
      {
        type: 'BUY',
        tradeDate: '2023-05-05',
        currency: 'EUR',
        quantity: '1',
        unitPrice: '35000',
        fee: '0',
        note: 'Oldtimer',
      },
    ])
    // The fee and the interest were booked on Ghostfolio's made-up asset: no instrument here.
    expect(rows[0]!.instrument).toBeNull()
    expect(rows[5]!.instrument).toBeNull()
    expect(rows[1]!.instrument?.code).toBe('VWRL.AS')
    expect(rows.every((row) => row.problems.length === 0)).toBe(true)
    // The legacy ITEM (a valuable) of a made-up asset: bought, as the user's own instrument named
    // as in the export's asset profiles.
    expect(rows[6]!.instrument).toMatchObject({
      code: 'OLDTIMER.MERCEDES',
      name: 'Oldtimer Mercedes 280 SL',
      manual: true,
    })
    expect(rows[2]!.notices).toEqual([
      {
        code: 'amount_from_quantity',
        column: null,
        field: 'amount',
        params: {
          quantity: { decimal: '12' },
          price: { decimal: '0.2573' },
          amount: { decimal: '3.0876' },
        },
      },
    ])
  })

  it("reads Portfolio Performance's German portfolio export: prices from booked values", () => {
    const { rows, decimalSeparator } = importFile(fixture('portfolio-performance-portfolio-de.csv'))
    expect(decimalSeparator).toBe(',')
    expect(rows.every((row) => row.problems.length === 0)).toBe(true)
    expect(rows.map((row) => given(row.transaction))).toEqual([
      {
        type: 'BUY',
        tradeDate: '2024-01-15',
        currency: 'EUR',
        quantity: '10',
        unitPrice: '120.5',
        fee: '5.90',
        tax: '0.00',
      },
      {
        // Booked in EUR for a USD share: price and fee in USD, at the file's rate.
        type: 'BUY',
        tradeDate: '2024-02-01',
        currency: 'USD',
        fxRate: '0.9250',
        quantity: '5',
        unitPrice: '400',
        fee: '11.18918918918918918919',
        tax: '0',
        note: 'Sparplan',
      },
      {
        type: 'SELL',
        tradeDate: '2024-06-03',
        currency: 'EUR',
        quantity: '4',
        unitPrice: '150',
        fee: '3.88',
        tax: '0.00',
        note: 'Teilverkauf',
      },
      {
        type: 'TRANSFER_IN',
        tradeDate: '2024-07-01',
        currency: 'EUR',
        quantity: '50',
        unitPrice: '50',
        fee: '0.00',
        tax: '0.00',
        acquiredDate: '2024-07-01',
        note: 'Depotübertrag',
      },
    ])
    // Its rate is EUR per USD: the API keeps it only for a portfolio kept in euros.
    expect(rows.map((row) => row.bookingCurrency)).toEqual([undefined, 'EUR', undefined, undefined])
    expect(rows[3]!.instrument).toEqual({
      code: 'EUNL.DE',
      isin: 'IE00B4L5Y983',
      name: 'iShares Core MSCI World UCITS ETF',
      type: null,
      exchange: null,
    })
  })

  it("reads Portfolio Performance's account export: signed values, income net of taxes", () => {
    const { rows } = importFile(fixture('portfolio-performance-account-de.csv'))
    expect(rows.map((row) => given(row.transaction))).toEqual([
      { type: 'DEPOSIT', tradeDate: '2024-01-02', currency: 'EUR', amount: '5000.00' },
      {
        type: 'BUY',
        tradeDate: '2024-01-15',
        currency: 'EUR',
        quantity: '10',
        unitPrice: '121.09',
      },
      { type: 'DIVIDEND', tradeDate: '2024-05-16', currency: 'EUR', amount: '22', tax: '5.81' },
      {
        type: 'INTEREST',
        tradeDate: '2024-06-30',
        currency: 'EUR',
        amount: '12.34',
        note: 'Tagesgeld',
      },
      {
        type: 'FEE',
        tradeDate: '2024-07-01',
        currency: 'EUR',
        amount: '4.95',
        note: 'Depotgebühr',
      },
      { type: 'TAX', tradeDate: '2024-12-31', currency: 'EUR', amount: '1.20' },
      { type: 'WITHDRAWAL', tradeDate: '2024-12-31', currency: 'EUR', amount: '1000.00' },
      // A transfer to another of Portfolio Performance's accounts: money out of this one.
      { type: 'WITHDRAWAL', tradeDate: '2024-12-31', currency: 'EUR', amount: '100.00' },
    ])
    expect(rows.every((row) => row.problems.length === 0)).toBe(true)
  })

  it("reads Portfolio Performance's English export with its comma and point", () => {
    const { rows, decimalSeparator } = importFile(fixture('portfolio-performance-portfolio-en.csv'))
    expect(decimalSeparator).toBe('.')
    expect(rows.map((row) => given(row.transaction))).toEqual([
      {
        type: 'BUY',
        tradeDate: '2024-03-04',
        currency: 'USD',
        quantity: '20',
        unitPrice: '50',
        fee: '5.00',
        tax: '0.00',
      },
      {
        type: 'TRANSFER_OUT',
        tradeDate: '2024-09-02',
        currency: 'USD',
        quantity: '2',
        fee: '0.00',
        tax: '0.00',
        note: 'Transfer to another broker, part 1',
      },
    ])
  })

  it.each(['generic-tr-windows-1254.csv', 'generic-tr-iso-8859-9.csv', 'generic-tr-utf-8.csv'])(
    'reads the Turkish generic file %s',
    (name) => {
      const { rows, decimalSeparator, dateOrder } = importFile(fixture(name))
      expect([decimalSeparator, dateOrder]).toEqual([',', 'DMY'])
      expect(rows.every((row) => row.problems.length === 0)).toBe(true)
      expect(rows.map((row) => given(row.transaction))).toEqual([
        {
          type: 'BUY',
          tradeDate: '2024-01-02',
          currency: 'TRY',
          quantity: '100',
          unitPrice: '268.50',
          fee: '53.70',
          note: 'İlk alım',
        },
        {
          type: 'SELL',
          tradeDate: '2024-03-15',
          currency: 'TRY',
          quantity: '40',
          unitPrice: '301.25',
          fee: '24.10',
          note: 'Kâr realizasyonu',
        },
        // A dividend given as quantity × price: the amount, exactly.
        {
          type: 'DIVIDEND',
          tradeDate: '2024-05-29',
          currency: 'TRY',
          amount: '194.4',
          note: 'Şirket ödemesi',
        },
        {
          type: 'DEPOSIT',
          tradeDate: '2024-06-03',
          currency: 'TRY',
          amount: '10000.00',
          note: 'Maaş',
        },
      ])
      expect(rows[0]!.instrument).toMatchObject({ code: 'THYAO', name: 'Türk Hava Yolları' })
      expect(rows[3]!.instrument).toBeNull()
    },
  )

  it('reads the German generic file in Windows-1252', () => {
    const { rows } = importFile(fixture('generic-de-windows-1252.csv'))
    expect(rows.every((row) => row.problems.length === 0)).toBe(true)
    expect(given(rows[1]!.transaction)).toEqual({
      type: 'BUY',
      tradeDate: '2024-03-05',
      currency: 'USD',
      fxRate: '0.9215',
      quantity: '5',
      unitPrice: '170.12',
      fee: '1.00',
      note: 'Über die Börse',
    })
    expect(given(rows[2]!.transaction)).toMatchObject({ amount: '26.4', tax: '5.81' })
  })
})

describe('mapImportRows: a mapping that leaves out a required field', () => {
  const table = tableOf('Datum;Typ;Name;Stück\n02.01.2024;Kauf;SAP;3\n')

  it('names the missing fields, code standing for a code or an ISIN', () => {
    expect(mapImportRows(table, { date: 'Datum', name: 'Name' }, GENERIC)).toEqual({
      ok: false,
      problem: 'mapping_incomplete',
      missing: ['type', 'code'],
    })
    expect(mapImportRows(table, { type: 'Typ', isin: 'Name' }, GENERIC)).toEqual({
      ok: false,
      problem: 'mapping_incomplete',
      missing: ['date'],
    })
  })

  it('counts a mapped header the file does not have as missing', () => {
    expect(mapImportRows(table, { date: 'Datum', type: 'Typ', code: 'Kürzel' }, GENERIC)).toEqual({
      ok: false,
      problem: 'mapping_incomplete',
      missing: ['code'],
    })
  })
})

describe('mapImportRows: row problems name their column', () => {
  const header = 'Datum;Typ;Kürzel;ISIN;Stück;Kurs;Währung;Betrag\n'

  it('flags impossible dates and dates out of range', () => {
    const problems = problemsOf(
      header +
        '31.02.2024;Kauf;SAP;;1;2;EUR;\n' +
        '15.13.2024;Kauf;SAP;;1;2;EUR;\n' +
        '01.01.1899;Kauf;SAP;;1;2;EUR;\n' +
        '01.01.0224;Kauf;SAP;;1;2;EUR;\n' +
        'gestern;Kauf;SAP;;1;2;EUR;\n' +
        '29.02.2024;Kauf;SAP;;1;2;EUR;\n',
    )
    expect(problems).toEqual([
      [{ code: 'invalid_date', column: 'Datum' }],
      [{ code: 'invalid_date', column: 'Datum' }],
      [{ code: 'date_range', column: 'Datum' }],
      [{ code: 'date_range', column: 'Datum' }],
      [{ code: 'invalid_date', column: 'Datum' }],
      [],
    ])
  })

  it('flags a sign against the type, a negative price and numbers that are no numbers', () => {
    expect(
      problemsOf(
        header +
          '02.01.2024;Kauf;SAP;;-3;2;EUR;\n' +
          '02.01.2024;Kauf;SAP;;3;-2;EUR;\n' +
          '02.01.2024;Kauf;SAP;;3;zwei;EUR;\n',
      ),
    ).toEqual([
      [
        {
          code: 'sign_contradicts_type',
          column: 'Stück',
          params: { type: { type: 'BUY' } },
        },
      ],
      [{ code: 'negative_number', column: 'Kurs' }],
      [{ code: 'invalid_number', column: 'Kurs' }],
    ])
  })

  it('flags unknown currencies, bad ISINs and codes, unknown types', () => {
    expect(
      problemsOf(
        header +
          '02.01.2024;Kauf;SAP;;1;2;XYZ;\n' +
          // ISO 4217, but no reference rate converts it (shared/api/schemas/currencies.ts).
          '02.01.2024;Kauf;SAP;;1;2;VND;\n' +
          '02.01.2024;Kauf;SAP;DE0007164601;1;2;EUR;\n' +
          '02.01.2024;Kauf;BRK-B;;1;2;USD;\n' +
          '02.01.2024;Schenkung;SAP;;1;2;EUR;\n',
      ),
    ).toEqual([
      [{ code: 'unknown_currency', column: 'Währung' }],
      [{ code: 'unknown_currency', column: 'Währung' }],
      [{ code: 'invalid_isin', column: 'ISIN' }],
      [{ code: 'invalid_code', column: 'Kürzel' }],
      [{ code: 'unknown_type', column: 'Typ' }],
    ])
  })

  it('flags values a type needs that the row lacks, and rows of another width', () => {
    expect(
      problemsOf(
        header +
          ';Kauf;SAP;;1;2;EUR;\n' +
          '02.01.2024;Kauf;;;1;2;EUR;\n' +
          '02.01.2024;Kauf;SAP;;;2;EUR;\n' +
          '02.01.2024;Einlage;;;;;EUR;\n' +
          '02.01.2024;Kauf;SAP;;1;2\n',
      ),
    ).toEqual([
      [{ code: 'missing_value', column: 'Datum' }],
      [{ code: 'missing_value', column: 'Kürzel' }],
      [{ code: 'missing_value', column: 'Stück' }],
      [{ code: 'missing_value', column: 'Betrag' }],
      [{ code: 'column_count', column: null }],
    ])
  })

  it('flags a split ratio that is none', () => {
    const rows = rowsOf(
      'Date,Type,Code,SplitRatio\n2024-01-02,SPLIT,SAP,2:1\n2024-01-02,SPLIT,SAP,0:1\n' +
        '2024-01-02,SPLIT,SAP,1:10\n2024-01-02,SPLIT,SAP,two\n2024-01-02,SPLIT,SAP,3\n',
    ).rows
    expect(rows.map((row) => row.transaction.splitRatio)).toEqual(['2:1', null, '1:10', null, '3'])
    expect(rows[1]!.problems).toEqual([{ code: 'invalid_split_ratio', column: 'SplitRatio' }])
  })

  it('takes currencies in any case', () => {
    const [row] = rowsOf(
      'Date,Type,Code,Quantity,Price,Currency\n2024-01-02,BUY,aapl,1,2,usd\n',
    ).rows
    expect(row!.transaction.currency).toBe('USD')
    expect(row!.instrument?.code).toBe('AAPL')
  })
})

describe('mapImportRows: dates', () => {
  const csv = (dates: string[]) =>
    'Date,Type,Code,Quantity,Price\n' + dates.map((date) => `${date},BUY,A,1,1\n`).join('')

  it('takes ISO dates, with a time too', () => {
    const { rows } = rowsOf(
      csv(['2024-03-31', '2024-03-31T00:00', '2024-03-31T14:30+03:00', '2024-03-31T05:00:00Z']),
    )
    expect(rows.map((row) => row.transaction.tradeDate)).toEqual([
      '2024-03-31',
      '2024-03-31',
      '2024-03-31',
      '2024-03-31',
    ])
  })

  it("reads a UTC time from noon on as the next day: Ghostfolio's local midnight east of UTC", () => {
    const { rows } = rowsOf(
      csv(['2024-03-30T21:00:00.000Z', '2024-03-30T23:00:00.000Z', '2024-12-31T22:00:00Z']),
    )
    expect(rows.map((row) => row.transaction.tradeDate)).toEqual([
      '2024-03-31',
      '2024-03-31',
      '2025-01-01',
    ])
  })

  it('decides the order from a part above 12 anywhere in the column', () => {
    const monthFirst = rowsOf(csv(['01/02/2024', '03/15/2024']), { fallbackDateOrder: 'DMY' })
    expect(monthFirst.dateOrder).toBe('MDY')
    expect(monthFirst.rows[0]!.transaction.tradeDate).toBe('2024-01-02')
    const dayFirst = rowsOf(csv(['01/02/2024', '15/03/2024']), { fallbackDateOrder: 'MDY' })
    expect(dayFirst.dateOrder).toBe('DMY')
    expect(dayFirst.rows[0]!.transaction.tradeDate).toBe('2024-02-01')
  })

  it("falls back to the caller's order, or day first for dotted dates", () => {
    expect(rowsOf(csv(['01/02/2024']), { fallbackDateOrder: 'MDY' }).dateOrder).toBe('MDY')
    expect(rowsOf(csv(['01/02/2024']), { fallbackDateOrder: 'DMY' }).dateOrder).toBe('DMY')
    expect(rowsOf(csv(['01.02.2024']), { fallbackDateOrder: 'MDY' }).dateOrder).toBe('DMY')
  })

  it('obeys a chosen order', () => {
    const { rows } = rowsOf(csv(['01/02/2024', '15/03/2024']), { dateOrder: 'MDY' })
    expect(rows[0]!.transaction.tradeDate).toBe('2024-01-02')
    expect(rows[1]!.problems).toEqual([{ code: 'invalid_date', column: 'Date' }])
  })
})

describe('mapImportRows: numbers', () => {
  const csv = (prices: string[], separator = ';') =>
    `Date${separator}Type${separator}Code${separator}Quantity${separator}Price\n` +
    prices.map((price) => ['2024-01-02', 'BUY', 'A', '1', price].join(separator) + '\n').join('')

  it('decides the decimal separator from the whole file', () => {
    const comma = rowsOf(csv(['1.234', '1.234,5', '7']))
    expect(comma.decimalSeparator).toBe(',')
    expect(comma.rows.map((row) => row.transaction.unitPrice)).toEqual(['1234', '1234.5', '7'])
    const point = rowsOf(csv(['"1,234"', '"1,234.5"', '0.25'], ','))
    expect(point.decimalSeparator).toBe('.')
    expect(point.rows.map((row) => row.transaction.unitPrice)).toEqual(['1234', '1234.5', '0.25'])
  })

  it('falls back to a comma in ";" files and a point elsewhere when no cell tells', () => {
    expect(rowsOf(csv(['1.234'])).decimalSeparator).toBe(',')
    expect(rowsOf(csv(['1.234'], ',')).decimalSeparator).toBe('.')
  })

  it('obeys a chosen separator and refuses numbers written the other way', () => {
    const { rows } = rowsOf(csv(['12,5', '12.5']), { decimalSeparator: ',' })
    expect(rows[0]!.transaction.unitPrice).toBe('12.5')
    expect(rows[1]!.problems).toEqual([{ code: 'invalid_number', column: 'Price' }])
  })

  it('keeps exact decimals beyond what a float holds, within the API limits', () => {
    const { rows } = rowsOf(
      csv(['12345678901234567890,12345678901234567890', '0,000000000000000000010000', '1e5']),
    )
    expect(rows.map((row) => row.transaction.unitPrice)).toEqual([
      '12345678901234567890.12345678901234567890',
      '0.00000000000000000001',
      null,
    ])
    expect(rowsOf(csv(['123456789012345678901'])).rows[0]!.problems).toEqual([
      { code: 'invalid_number', column: 'Price' },
    ])
  })

  it("computes a cash row's amount as quantity × price exactly", () => {
    const { rows } = rowsOf(
      'Date,Type,Code,Quantity,Price\n2024-01-02,DIVIDEND,A,3,0.1\n2024-01-02,INTEREST,,0.5,0.0003\n',
    )
    expect(rows.map((row) => given(row.transaction))).toEqual([
      { type: 'DIVIDEND', tradeDate: '2024-01-02', amount: '0.3' },
      { type: 'INTEREST', tradeDate: '2024-01-02', amount: '0.00015' },
    ])
  })
})

describe('mapImportRows: type words', () => {
  it.each([
    ['BUY', 'BUY'],
    ['buy', 'BUY'],
    ['Alış', 'BUY'],
    ['ALIŞ', 'BUY'],
    ['alis', 'BUY'],
    ['Kauf', 'BUY'],
    ['Satış', 'SELL'],
    ['Verkauf', 'SELL'],
    ['Temettü', 'DIVIDEND'],
    ['Dividende', 'DIVIDEND'],
    ['Faiz', 'INTEREST'],
    ['Zinsen', 'INTEREST'],
    ['Masraf', 'FEE'],
    ['Gebühren', 'FEE'],
    ['Vergi', 'TAX'],
    ['Steuern', 'TAX'],
    ['Para yatırma', 'DEPOSIT'],
    ['Einlage', 'DEPOSIT'],
    ['Para Çekme', 'WITHDRAWAL'],
    ['Entnahme', 'WITHDRAWAL'],
    ['Removal', 'WITHDRAWAL'],
    ['Bölünme', 'SPLIT'],
    ['Bedelsiz', 'BONUS_ISSUE'],
    ['Kapitalerhöhung aus Gesellschaftsmitteln', 'BONUS_ISSUE'],
    ['Bedelli', 'RIGHTS_ISSUE'],
    ['Kapitalerhöhung gegen Einlage', 'RIGHTS_ISSUE'],
    ['Einlieferung', 'TRANSFER_IN'],
    ['Delivery (Inbound)', 'TRANSFER_IN'],
    ['transfer_in', 'TRANSFER_IN'],
    ['Auslieferung', 'TRANSFER_OUT'],
    ['Hisse çıkışı', 'TRANSFER_OUT'],
    ['ITEM', null],
    ['LIABILITY', null],
  ])('%s is %s', (word, type) => {
    const [row] = rowsOf(`Date,Type,Code\n2024-01-02,${word},A\n`).rows
    expect(row!.transaction.type).toBe(type)
    if (type === null)
      expect(row!.problems).toContainEqual({ code: 'unknown_type', column: 'Type' })
  })
})

describe('mapImportRows: bonus and rights issues', () => {
  it('reads a bonus issue as the units received, a price or total of zero beside them dropped', () => {
    const { rows } = rowsOf(
      'Date,Type,Code,Quantity,Price,Amount\n' +
        '2024-07-01,Bedelsiz,THYAO,15,0,0\n' +
        '2024-07-02,Bedelsiz,ASELS,15,2,\n',
    )
    expect(rows[0]!.transaction).toMatchObject({
      type: 'BONUS_ISSUE',
      quantity: '15',
      unitPrice: null,
      amount: null,
    })
    expect(rows[0]!.problems).toEqual([])
    // A price is no part of a bonus issue: kept, for the import to name.
    expect(rows[1]!.transaction.unitPrice).toBe('2')
  })

  it('reads a rights issue as a purchase: its price from its total when it gives only that', () => {
    const { rows } = rowsOf(
      'Date,Type,Code,Quantity,Price,Amount,Fee\n2024-09-02,Bedelli,THYAO,100,,-102,-2\n',
    )
    expect(rows[0]!.transaction).toMatchObject({
      type: 'RIGHTS_ISSUE',
      quantity: '100',
      unitPrice: '1',
      fee: '2',
      amount: null,
    })
    expect(rows[0]!.problems).toEqual([])
  })
})
