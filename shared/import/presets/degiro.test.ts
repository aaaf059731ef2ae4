import { describe, expect, it } from 'vitest'
import { fixture, given, importFile, tableOf } from '../import-fixture'
import { detectPreset, presetDefinition } from '.'
import { foldHeaders } from './preset-definition'

const SAMPLES = ['degiro-transactions-en.csv', 'degiro-transactions-de.csv']
const CURRENT_EN =
  'Date,Time,Product,ISIN,Reference exchange,Venue,Quantity,Price,,Local value,,Value EUR,Exchange rate,AutoFX Fee,Transaction and/or third party fees EUR,Total EUR,Order ID,'
const CURRENT_DE =
  'Datum,Uhrzeit,Produkt,ISIN,Referenzbörse,Ausführungsort,Anzahl,Kurs,,Wert in Lokalwährung,,Wert EUR,Wechselkurs,AutoFX-Gebühr,Transaktionsgebühren und/oder Fremdkosten EUR,Gesamt EUR,Order-ID,'
const CURRENT_NL =
  'Datum,Tijd,Product,ISIN,Beurs,Uitvoeringsplaats,Aantal,Koers,,Lokale waarde,,Waarde EUR,Wisselkoers,AutoFX Kosten,Transactiekosten en/of kosten van derden EUR,Totaal EUR,Order ID,'

function trade(
  type: 'BUY' | 'SELL',
  tradeDate: string,
  currency: string,
  quantity: string,
  unitPrice: string,
  fee: string,
  fxRate?: string,
) {
  return { type, tradeDate, currency, quantity, unitPrice, fee, ...(fxRate ? { fxRate } : {}) }
}

function problemsOf(rows: { row: number; problems: { code: string }[] }[]) {
  return rows.flatMap((row) => row.problems.map(({ code }) => ({ row: row.row, code })))
}

describe('DEGIRO preset', () => {
  it.each(SAMPLES)('detects %s', (name) => {
    expect(detectPreset(tableOf(fixture(name)))).toBe('degiro')
  })

  it("does not claim DEGIRO's account statement", () => {
    const table = tableOf(
      'Date,Time,Value date,Product,ISIN,Description,FX,Change,,Balance,,Order Id\n' +
        '15-12-2022,16:55,15-12-2022,VICI PROPERTIES INC. C,US9256521090,"Buy 1 @ 33.9 USD",,USD,-33.90,USD,-33.90,5925d76b-eb36-46e3-b017-a61a6d03c3e7\n',
    )
    expect(presetDefinition('degiro').detect(table, foldHeaders(table.headers))).toBe(false)
  })

  it('reads the current English layout: the type from the sign, fees put in the listing currency', () => {
    const { rows, mapping, decimalSeparator } = importFile(fixture('degiro-transactions-en.csv'))
    expect(decimalSeparator).toBe('.')
    expect(mapping).toEqual({
      date: 'Date',
      name: 'Product',
      isin: 'ISIN',
      quantity: 'Quantity',
      type: 'Quantity',
      price: 'Price',
      amount: 'Local value',
      fee: 'Transaction and/or third party fees EUR',
    })
    expect(problemsOf(rows)).toEqual([])
    expect(rows.map((row) => given(row.transaction))).toEqual([
      // (2.00 fee + 1.99 AutoFX) EUR × 1.0385 USD/EUR; the rate is 1 / 1.0385 EUR per USD.
      trade('SELL', '2025-02-05', 'USD', '2', '412.50', '4.143615', '0.96292729898892633606'),
      trade('SELL', '2024-10-14', 'EUR', '3', '701.30', '4.90'),
      // One order filled in two parts, the fee charged on the first.
      trade('BUY', '2024-08-01', 'EUR', '5', '96.12', '0.00'),
      trade('BUY', '2024-08-01', 'EUR', '10', '96.10', '1.00'),
      // (2.00 + 1.79) × 1.0760
      trade('SELL', '2024-06-10', 'USD', '4', '193.12', '4.07804', '0.92936802973977695167'),
      // (2.00 + 5.64) × 1.0655
      trade('BUY', '2024-04-22', 'USD', '6', '400.96', '8.14042', '0.93852651337400281558'),
      trade('BUY', '2024-03-11', 'EUR', '3', '889.40', '4.90'),
      // (2.00 + 4.27) × 1.0780
      trade('BUY', '2024-02-15', 'USD', '10', '184.15', '6.75906', '0.9276437847866419295'),
      trade('BUY', '2024-01-08', 'EUR', '25', '80.52', '1.00'),
    ])
    expect(rows.map((row) => row.bookingCurrency ?? null)).toEqual([
      'EUR',
      null,
      null,
      null,
      'EUR',
      'EUR',
      null,
      'EUR',
      null,
    ])
    expect(rows[0]?.instrument).toMatchObject({
      code: null,
      isin: 'US5949181045',
      name: 'MICROSOFT CORPORATION - COMMON STOCK',
    })
  })

  it('reads the older German layout: decimal commas, currencies in unnamed columns', () => {
    const { rows, mapping, decimalSeparator } = importFile(fixture('degiro-transactions-de.csv'))
    expect(decimalSeparator).toBe(',')
    expect(mapping).toMatchObject({
      quantity: 'Anzahl',
      type: 'Anzahl',
      price: 'Kurs',
      amount: 'Wert in Lokalwährung',
      fee: 'Transaktionsgebühren',
    })
    expect(problemsOf(rows)).toEqual([])
    expect(rows.map((row) => given(row.transaction))).toEqual([
      // 3.49 EUR × 1.0412 USD/EUR
      trade('SELL', '2025-01-20', 'USD', '10', '62.14', '3.633788', '0.96043027276219746446'),
      trade('SELL', '2024-12-16', 'EUR', '4', '235.90', '3.90'),
      trade('SELL', '2024-11-11', 'USD', '5', '345.80', '6.462954', '0.93300988990483299123'),
      trade('BUY', '2024-09-09', 'EUR', '8', '163.22', '3.90'),
      trade('BUY', '2024-06-18', 'USD', '5', '182.47', '4.431903', '0.93187960115553070543'),
      trade('BUY', '2024-05-03', 'EUR', '12', '114.62', '1.00'),
      trade('BUY', '2024-03-28', 'USD', '20', '60.85', '5.202708', '0.92644061515656846396'),
      trade('BUY', '2024-03-12', 'EUR', '10', '178.40', '3.90'),
    ])
  })

  it('reads the current German and Dutch layouts, AutoFX included', () => {
    const row =
      '29-04-2025,17:33,IONQ INC,US46222L1089,NSY,CDED,-280,"41,3996",USD,"11591,89",USD,"9910,96","1,1696","-24,78","-2,00","9884,18",3b8027f1-5a1e-4c1e-9a31-2f0b8f3f6c11,'
    for (const header of [CURRENT_DE, CURRENT_NL]) {
      const { preset, rows } = importFile(`${header}\n${row}\n`)
      expect(preset).toBe('degiro')
      expect(rows[0]?.problems).toEqual([])
      // (24.78 + 2.00) × 1.1696
      expect(given(rows[0]?.transaction ?? {})).toEqual(
        trade('SELL', '2025-04-29', 'USD', '280', '41.3996', '31.321888', '0.85499316005471956224'),
      )
    }
  })

  it('checks the price against the local value', () => {
    const { rows } = importFile(
      `${CURRENT_EN}\n08-01-2024,10:02,ASML HOLDING,NL0010273215,EAM,XAMS,3,889.40,EUR,-2000.00,EUR,-2000.00,,0.00,-4.90,-2004.90,9531985d-5d9d-49f8-9818-e811892f902b,\n`,
    )
    expect(rows[0]?.problems.map(({ code, column }) => ({ code, column }))).toEqual([
      { code: 'amount_mismatch', column: 'Local value' },
    ])
  })

  it('refuses a foreign row whose fees cannot be converted without its rate', () => {
    const { rows } = importFile(
      `${CURRENT_EN}\n15-02-2024,15:45,APPLE INC.,US0378331005,NDQ,XNAS,10,184.15,USD,-1841.50,USD,-1708.26,,-4.27,-2.00,-1714.53,d23f0824-128b-4f33-8c5c-7fd0a6a3a450,\n`,
    )
    expect(rows[0]?.problems).toEqual([{ code: 'missing_value', column: 'Exchange rate' }])
    expect(rows[0]?.transaction).toMatchObject({ currency: 'USD', fee: null, fxRate: null })
  })

  it('has no type for a quantity of zero', () => {
    const { rows } = importFile(
      `${CURRENT_EN}\n08-01-2024,10:02,ASML HOLDING,NL0010273215,EAM,XAMS,0,889.40,EUR,0.00,EUR,0.00,,0.00,0.00,0.00,9531985d-5d9d-49f8-9818-e811892f902b,\n`,
    )
    expect(rows[0]?.transaction.type).toBeNull()
    expect(rows[0]?.problems.map(({ code }) => code)).toEqual(['unknown_type'])
  })

  it('reads a price in pence in pounds, its fees in euros converted at the pence rate ÷ 100', () => {
    const { rows } = importFile(
      `${CURRENT_EN}\n08-01-2024,10:02,SHELL PLC,GB00BP6MXD84,LSE,XLON,10,2650.50,GBX,-26505.00,GBX,-309.62,85.6034,-0.77,-4.90,-315.29,9531985d-5d9d-49f8-9818-e811892f902b,\n`,
    )
    expect(rows[0]?.problems).toEqual([])
    // 5.67 EUR × 0.856034 GBP per EUR = 4.85371278 GBP; the rate EUR per GBP is 1 ÷ 0.856034.
    expect(rows[0]?.transaction).toMatchObject({
      type: 'BUY',
      currency: 'GBP',
      quantity: '10',
      unitPrice: '26.505',
      fee: '4.85371278',
      fxRate: '1.1681778994759553943',
    })
    expect(rows[0]?.notices.map(({ code }) => code)).toEqual(['minor_unit', 'fee_converted'])
  })
})

describe('DEGIRO preset: an account kept in another currency than the euro', () => {
  it('reads the fees in the account currency the header names, and converts them at its rate', () => {
    const chf =
      'Date,Time,Product,ISIN,Reference exchange,Venue,Quantity,Price,,Local value,,Value CHF,Exchange rate,AutoFX Fee,Transaction and/or third party fees CHF,Total CHF,Order ID,\n' +
      '15-02-2024,15:45,APPLE INC.,US0378331005,NDQ,XNAS,10,184.15,USD,-1841.50,USD,-1620.52,0.88,-4.05,-2.00,-1626.57,d23f0824-128b-4f33-8c5c-7fd0a6a3a450,\n'
    const { rows } = importFile(chf)
    expect(rows[0]?.problems).toEqual([])
    // (2.00 + 4.05) CHF × 0.88 USD per CHF; the row's rate is CHF per USD, for a CHF portfolio.
    expect(rows[0]?.transaction).toMatchObject({ currency: 'USD', fee: '5.324' })
    expect(rows[0]?.bookingCurrency).toBe('CHF')
    expect(rows[0]?.notices.map((notice) => notice.params)).toEqual([
      { fee: { decimal: '6.05' }, from: 'CHF', to: 'USD', rate: { decimal: '0.88' } },
    ])
  })
})
