import { describe, expect, it } from 'vitest'
import type { Instrument } from '../api/schemas/instrument'
import type { Transaction } from '../api/schemas/transaction'
import { LOCALE_CODES, type Locale } from '../i18n/locales'
import { loadMessages } from '../i18n/messages'
import { createTranslator } from '../i18n/translator'
import {
  INSTRUMENT_TYPES,
  TRANSACTION_TYPES,
  type InstrumentType,
} from '../portfolio/portfolio-kinds'
import { trimDecimal } from './decimal-text'
import { draftOf, importFile, storedInstrument, storedTransaction, tableOf } from './import-fixture'
import { writeSpreadsheetCsv } from './write-spreadsheet-csv'

const thyao = storedInstrument({
  code: 'THYAO',
  name: 'Türk Hava Yolları',
  isin: 'TRATHYAO91M5',
  exchange: 'BIST',
})
const tefasFund = storedInstrument({
  code: 'TTE',
  name: 'İş Portföy BIST Teknoloji',
  type: 'FUND',
  priceProvider: 'tefas',
  priceSymbol: 'TTE',
})
const sap = storedInstrument({ code: 'SAP', name: 'SAP SE', currency: 'EUR', exchange: 'XETRA' })

const transactions = [
  storedTransaction({ type: 'DEPOSIT', tradeDate: '2026-01-02', amount: '1234567.891' }),
  storedTransaction({
    type: 'BUY',
    tradeDate: '2026-01-03',
    instrument: thyao,
    quantity: '100',
    unitPrice: '268.5',
    fee: '53.7',
    note: '=HYPERLINK("http://example.com")',
  }),
  storedTransaction({
    type: 'BUY',
    tradeDate: '2026-01-04',
    instrument: tefasFund,
    quantity: '1500.5',
    unitPrice: '0.93',
  }),
  // A price worked out from a total: 12,229.92 for 100 units.
  storedTransaction({
    type: 'SELL',
    tradeDate: '2026-03-05',
    instrument: thyao,
    quantity: '40',
    unitPrice: '122.29922543823889115369',
  }),
  storedTransaction({
    type: 'DIVIDEND',
    tradeDate: '2026-05-16',
    instrument: sap,
    currency: 'EUR',
    amount: '11',
    tax: '2.75',
    fxRate: '36.4',
  }),
  storedTransaction({
    type: 'SPLIT',
    tradeDate: '2026-11-20',
    instrument: thyao,
    splitRatio: '1.5:1',
    note: 'Bedelsiz; "yüzde 50"',
  }),
]

async function written(locale: Locale, quoted: ReadonlyMap<string, string> = new Map()) {
  const translator = createTranslator(locale, await loadMessages(locale))
  return writeSpreadsheetCsv(transactions, { translator, quoted })
}

describe('writeSpreadsheetCsv', () => {
  it('writes German headers, type words, dates, decimal commas and semicolons', async () => {
    const csv = await written('de')
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Datum;Art;Kürzel;ISIN;Name;Wertpapierart;Börse;Stückzahl;Kurs;Betrag;Gebühren;Steuern;' +
        'Währung;Wechselkurs;Split-Verhältnis;Ursprünglich gekauft am;Wechselkurs beim Kauf;' +
        'Erhaltene Währung (Wechsel);Erhaltener Betrag (Wechsel);Notiz',
      '02.01.2026;Einzahlung;;;;;;;;1234567,89;0,00;0,00;TRY;;;;;;;',
      '03.01.2026;Kauf;THYAO;TRATHYAO91M5;Türk Hava Yolları;Aktie;BIST;100;268,50;;53,70;0,00;' +
        `TRY;;;;;;;"'=HYPERLINK(""http://example.com"")"`,
      '04.01.2026;Kauf;TTE;;İş Portföy BIST Teknoloji;Fonds;;1500,5;0,930000;;0,00;0,00;TRY;;;;;;;',
      '05.03.2026;Verkauf;THYAO;TRATHYAO91M5;Türk Hava Yolları;Aktie;BIST;40;122,30;;0,00;0,00;' +
        'TRY;;;;;;;',
      '16.05.2026;Dividende;SAP;;SAP SE;Aktie;XETRA;;;11,00;0,00;2,75;EUR;36,4;;;;;;',
      '20.11.2026;Split;THYAO;TRATHYAO91M5;Türk Hava Yolları;Aktie;BIST;;;;0,00;0,00;TRY;;' +
        '1,5:1;;;;;"Bedelsiz; ""yüzde 50"""',
      '',
    ])
  })

  it('writes Turkish headers and type words, day-first dates, decimal commas and semicolons', async () => {
    const lines = (await written('tr')).slice(1).split('\r\n')
    expect(lines[0]).toBe(
      'Tarih;İşlem türü;Kod;ISIN;Ad;Menkul kıymet türü;Borsa;Adet;Fiyat;Tutar;Komisyon;Vergi;' +
        'Para birimi;Döviz kuru;Bölünme oranı;İlk alış tarihi;Alış tarihindeki döviz kuru;' +
        'Alınan para birimi (çevirim);Alınan tutar (çevirim);Not',
    )
    expect(lines[1]).toBe('02.01.2026;Para yatırma;;;;;;;;1234567,89;0,00;0,00;TRY;;;;;;;')
    expect(lines[3]).toBe(
      '04.01.2026;Alış;TTE;;İş Portföy BIST Teknoloji;Yatırım fonu;;1500,5;0,930000;;0,00;0,00;' +
        'TRY;;;;;;;',
    )
    expect(lines[5]).toBe(
      '16.05.2026;Temettü;SAP;;SAP SE;Hisse senedi;XETRA;;;11,00;0,00;2,75;EUR;36,4;;;;;;',
    )
  })

  it('writes English with commas between cells and decimal points, dates as the en locale does', async () => {
    const lines = (await written('en')).slice(1).split('\r\n')
    expect(lines[0]).toBe(
      'Date,Type,Code,ISIN,Name,Kind of instrument,Exchange,Quantity,Price,Amount,Fee,Tax,' +
        'Currency,Exchange rate,Split ratio,Originally bought on,Exchange rate when bought,' +
        'Currency received (exchange),Amount received (exchange),Note',
    )
    expect(lines[1]).toBe('01/02/2026,Deposit,,,,,,,,1234567.89,0.00,0.00,TRY,,,,,,,')
    expect(lines[4]).toBe(
      '03/05/2026,Sell,THYAO,TRATHYAO91M5,Türk Hava Yolları,Stock,BIST,40,122.30,,0.00,0.00,TRY,,,,,,,',
    )
    expect(lines[6]).toBe(
      '11/20/2026,Split,THYAO,TRATHYAO91M5,Türk Hava Yolları,Stock,BIST,,,,0.00,0.00,TRY,,1.5:1,,,,,' +
        '"Bedelsiz; ""yüzde 50"""',
    )
  })

  it('rounds a worked-out price to the decimals of its instrument’s latest close', async () => {
    const lines = (await written('de', new Map([[thyao.id, '122.455']]))).split('\r\n')
    expect(lines[4]).toContain(';40;122,299;')
  })

  it('leaves no cell a spreadsheet would run as a formula, and groups no number', async () => {
    for (const locale of ['tr', 'en', 'de'] as const) {
      const table = tableOf(await written(locale))
      for (const cell of table.rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/)
      expect(table.rows[0]).toContain(locale === 'en' ? '1234567.89' : '1234567,89')
    }
  })
})

describe('the spreadsheet export read back', () => {
  const instrument: Record<InstrumentType, Instrument> = Object.fromEntries(
    INSTRUMENT_TYPES.map((type) => [
      type,
      storedInstrument({
        code: type,
        name: `${type} Name`,
        type,
        currency: type === 'ETF' || type === 'CRYPTO' ? 'USD' : 'TRY',
        ...(type === 'FUND' ? { priceProvider: 'tefas' as const, priceSymbol: 'TTE' } : {}),
        ...(type === 'STOCK' ? { isin: 'TRATHYAO91M5', exchange: 'BIST' } : {}),
      }),
    ]),
  ) as Record<InstrumentType, Instrument>
  const { STOCK, ETF, FUND, CRYPTO } = instrument
  const trade = (
    type: 'BUY' | 'SELL' | 'TRANSFER_IN' | 'TRANSFER_OUT' | 'RIGHTS_ISSUE',
    tradeDate: string,
    bought: Instrument,
    quantity: string,
    unitPrice: string | null,
    fields: Partial<Transaction> = {},
  ) => storedTransaction({ type, tradeDate, instrument: bought, quantity, unitPrice, ...fields })
  // Every type and every kind of instrument, at the precision the export writes.
  const everyKind = [
    storedTransaction({ type: 'DEPOSIT', tradeDate: '2026-01-02', amount: '250000' }),
    trade('BUY', '2026-01-05', STOCK, '100', '268.5', {
      fee: '53.7',
      tax: '1.25',
      note: '-Erstkauf; "A", B',
    }),
    trade('BUY', '2026-01-06', ETF, '3', '185.5', { currency: 'USD', fxRate: '30.01' }),
    trade('BUY', '2026-01-07', FUND, '1500.5', '0.812882'),
    trade('BUY', '2026-01-08', CRYPTO, '0.12345678', '65000.12', {
      currency: 'USD',
      fxRate: '32.1',
    }),
    ...(['BOND', 'COMMODITY', 'OTHER'] as const).map((type, index) =>
      trade('BUY', `2026-01-1${index}`, instrument[type], '10', '98.75'),
    ),
    trade('TRANSFER_IN', '2026-02-01', ETF, '10', '95', {
      currency: 'USD',
      fxRate: '33.1',
      acquiredDate: '2023-05-02',
      acquisitionFxRate: '24.5',
    }),
    storedTransaction({
      type: 'DIVIDEND',
      tradeDate: '2026-02-15',
      instrument: STOCK,
      amount: '120',
      tax: '12',
    }),
    ...(['INTEREST', 'FEE', 'FEE_REFUND', 'TAX', 'TAX_REFUND', 'WITHDRAWAL'] as const).map(
      (type, index) =>
        storedTransaction({ type, tradeDate: `2026-03-0${index + 1}`, amount: `${index + 1}.5` }),
    ),
    storedTransaction({
      type: 'EXCHANGE',
      tradeDate: '2026-03-10',
      amount: '1000',
      toCurrency: 'EUR',
      toAmount: '27.5',
    }),
    storedTransaction({
      type: 'SPLIT',
      tradeDate: '2026-03-11',
      instrument: STOCK,
      splitRatio: '1.5:1',
    }),
    storedTransaction({
      type: 'BONUS_ISSUE',
      tradeDate: '2026-04-01',
      instrument: STOCK,
      quantity: '50',
    }),
    trade('RIGHTS_ISSUE', '2026-04-15', STOCK, '20', '1', { fee: '0.5' }),
    trade('SELL', '2026-11-20', STOCK, '40', '140.25', { fee: '3' }),
    trade('TRANSFER_OUT', '2026-11-21', FUND, '500', null),
  ]

  const decimals = (value: string | null) => (value === null ? null : trimDecimal(value))
  it('covers every type of transaction and of instrument', () => {
    expect(new Set(everyKind.map(({ type }) => type))).toEqual(new Set(TRANSACTION_TYPES))
    expect(new Set(everyKind.map((row) => row.instrument?.type).filter(Boolean))).toEqual(
      new Set(INSTRUMENT_TYPES),
    )
  })

  it.each(LOCALE_CODES)(
    'reads a file written in %s back to the same transactions',
    async (locale) => {
      const translator = createTranslator(locale, await loadMessages(locale))
      const csv = writeSpreadsheetCsv(everyKind, { translator, quoted: new Map() })
      const { preset, rows } = importFile(csv)
      expect(preset).toBe('kiymet_spreadsheet')
      expect(rows.flatMap((row) => [...row.problems, ...row.notices])).toEqual([])
      expect(
        rows.map(({ transaction, instrument: read }) => ({
          transaction: {
            ...transaction,
            ...Object.fromEntries(
              (['fxRate', 'quantity', 'unitPrice', 'amount', 'fee', 'tax'] as const).map(
                (field) => [field, decimals(transaction[field])],
              ),
            ),
            acquisitionFxRate: decimals(transaction.acquisitionFxRate),
            toAmount: decimals(transaction.toAmount),
          },
          instrument: read && {
            code: read.code,
            isin: read.isin,
            name: read.name,
            type: read.type,
            exchange: read.exchange,
          },
        })),
      ).toEqual(everyKind.map(draftOf))
    },
  )
})
