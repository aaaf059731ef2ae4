import { describe, expect, it } from 'vitest'
import { fixture, given, importFile, tableOf } from '../import-fixture'
import { detectPreset, presetReadOptions } from '.'

const SAMPLE = 'ghostfolio-activities.csv'
const HEADER = 'Date,Code,DataSource,Currency,Price,Quantity,Action,Fee,Note'

describe('Ghostfolio CSV', () => {
  it('detects the CSV sample and the JSON export', () => {
    expect(detectPreset(tableOf(fixture(SAMPLE)))).toBe('ghostfolio')
    expect(detectPreset(tableOf(fixture('ghostfolio-export.json')))).toBe('ghostfolio')
  })

  it('never claims a generic file without a data source', () => {
    const table = tableOf(
      'Date,Code,Currency,Price,Quantity,Action,Fee\n2024-01-15,MSFT,USD,1,1,buy,0\n',
    )
    expect(detectPreset(table)).toBe('generic')
  })

  it("takes the other names Ghostfolio's import knows for its columns", () => {
    const { preset, mapping, rows } = importFile(
      'TradeDate,Symbol,DataSource,Ccy,TradePrice,Qty,Type,Commission,Comment\n20240115,MSFT,YAHOO,USD,396.51,5,BUY,1,first\n',
    )
    expect(preset).toBe('ghostfolio')
    expect(mapping).toEqual({
      date: 'TradeDate',
      type: 'Type',
      code: 'Symbol',
      quantity: 'Qty',
      price: 'TradePrice',
      fee: 'Commission',
      currency: 'Ccy',
      note: 'Comment',
    })
    expect(given(rows[0]!.transaction)).toEqual({
      type: 'BUY',
      tradeDate: '2024-01-15',
      currency: 'USD',
      quantity: '5',
      unitPrice: '396.51',
      fee: '1',
      note: 'first',
    })
  })

  it('reads every row of the sample: its date forms, pence, a made-up asset', () => {
    const { rows } = importFile(fixture(SAMPLE))
    expect(rows.every((row) => row.problems.length === 0 && row.leftOut === null)).toBe(true)
    expect(rows.map((row) => given(row.transaction))).toEqual([
      // An account fee on a made-up asset: no instrument, its name kept as the note.
      {
        type: 'FEE',
        tradeDate: '2024-01-03',
        currency: 'EUR',
        amount: '15',
        note: 'Account Opening Fee',
      },
      {
        type: 'BUY',
        tradeDate: '2024-01-15',
        currency: 'EUR',
        quantity: '25',
        unitPrice: '107.42',
        fee: '2.00',
        note: 'Monthly savings plan',
      },
      {
        type: 'BUY',
        tradeDate: '2024-01-22',
        currency: 'USD',
        quantity: '5',
        unitPrice: '396.51',
        fee: '1.00',
      },
      // 2467.5 pence and a 300-pence fee, in pounds.
      {
        type: 'BUY',
        tradeDate: '2024-02-05',
        currency: 'GBP',
        quantity: '40',
        unitPrice: '24.675',
        fee: '3',
        note: 'London share priced in pence',
      },
      // Dividends: quantity × the dividend per share.
      { type: 'DIVIDEND', tradeDate: '2024-03-14', currency: 'USD', amount: '3.75', fee: '0' },
      { type: 'DIVIDEND', tradeDate: '2024-03-27', currency: 'EUR', amount: '20.585', fee: '0' },
      {
        type: 'BUY',
        tradeDate: '2024-04-01',
        currency: 'EUR',
        quantity: '1',
        unitPrice: '450000',
        fee: '0.00',
      },
      {
        type: 'SELL',
        tradeDate: '2024-06-14',
        currency: 'GBP',
        quantity: '15',
        unitPrice: '28.65',
        fee: '3',
      },
      {
        type: 'SELL',
        tradeDate: '2024-06-28',
        currency: 'EUR',
        quantity: '10',
        unitPrice: '116.80',
        fee: '2.00',
      },
      {
        type: 'INTEREST',
        tradeDate: '2024-12-31',
        currency: 'EUR',
        amount: '24.56',
        fee: '0',
        note: 'Cash interest',
      },
    ])
    expect(rows[3]!.notices.map((notice) => notice.code)).toEqual(['minor_unit'])
    expect(rows[0]!.instrument).toBeNull()
    expect(rows[9]!.instrument).toBeNull()
    expect(rows[6]!.instrument).toEqual({
      code: 'PENTHOUSE.APARTMENT',
      isin: null,
      name: 'Penthouse Apartment',
      type: null,
      exchange: null,
      manual: true,
    })
    expect(rows[1]!.instrument).toMatchObject({ code: 'VWRL.AS', name: null })
    expect(rows[1]!.instrument?.manual).toBeUndefined()
  })

  it("keeps the JSON export's reading: a made-up asset by its profile's name, a fee without a note", () => {
    const { rows } = importFile(fixture('ghostfolio-export.json'))
    expect(given(rows[0]!.transaction)).toEqual({
      type: 'FEE',
      tradeDate: '2023-01-02',
      currency: 'EUR',
      amount: '12.5',
    })
    expect(rows[0]!.instrument).toBeNull()
    expect(rows[6]!.instrument).toMatchObject({
      code: 'OLDTIMER.MERCEDES',
      name: 'Oldtimer Mercedes 280 SL',
      manual: true,
    })
  })

  it('reads ambiguous dates day first, whatever the caller’s locale', () => {
    const { dateOrder } = presetReadOptions('ghostfolio')
    expect(dateOrder).toBe('DMY')
    const file = `${HEADER}\n05/02/2024,MSFT,YAHOO,USD,400,1,buy,0,\n`
    const { rows } = importFile(file, { dateOrder, fallbackDateOrder: 'MDY' })
    expect(rows[0]!.transaction.tradeDate).toBe('2024-02-05')
  })

  it('refuses LIABILITY, a debt, as an unknown type', () => {
    const { rows } = importFile(`${HEADER}\n01-01-2024,Mortgage,MANUAL,EUR,200000,1,liability,0,\n`)
    expect(rows[0]!.problems).toContainEqual({ code: 'unknown_type', column: 'Action' })
  })
})
