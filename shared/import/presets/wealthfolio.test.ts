import { describe, expect, it } from 'vitest'
import { fixture, given, importFile, tableOf } from '../import-fixture'
import { detectPreset } from '.'
import { genericPreset } from './generic'
import { foldHeaders } from './preset-definition'

const SAMPLE = 'wealthfolio-activities.csv'
const HEADER =
  'date,type,symbol,instrumentType,quantity,unit_price,currency,fee,amount,comment,fxRate,subtype'

function rowsOf(lines: readonly string[], header = HEADER) {
  return importFile([header, ...lines, ''].join('\n')).rows
}

describe('Wealthfolio CSV', () => {
  it('detects the sample before the generic layout', () => {
    const table = tableOf(fixture(SAMPLE))
    expect(detectPreset(table)).toBe('wealthfolio')
    // The generic layout would take it too (`date`, `type`, `symbol`): Wealthfolio is tried first.
    expect(genericPreset.detect(table, foldHeaders(table.headers))).toBe(true)
  })

  it('detects the older layout (`activityType`, `unitPrice`)', () => {
    const older =
      'date,symbol,quantity,activityType,unitPrice,currency,fee,amount\n2024-01-15,AAPL,10,BUY,185.5,USD,4.95,\n'
    expect(detectPreset(tableOf(older))).toBe('wealthfolio')
    const { rows, mapping } = importFile(older)
    expect(mapping).toMatchObject({ type: 'activityType', price: 'unitPrice' })
    expect(given(rows[0]!.transaction)).toEqual({
      type: 'BUY',
      tradeDate: '2024-01-15',
      currency: 'USD',
      quantity: '10',
      unitPrice: '185.5',
      fee: '4.95',
    })
  })

  it('reads every row of the sample', () => {
    const { rows, mapping } = importFile(fixture(SAMPLE))
    // Wealthfolio's rate is its account currency's, not the portfolio's: not read.
    expect(mapping.fxRate).toBeUndefined()
    expect(rows.every((row) => row.problems.length === 0 && row.leftOut === null)).toBe(true)
    expect(rows.map((row) => given(row.transaction))).toEqual([
      {
        type: 'DEPOSIT',
        tradeDate: '2024-01-02',
        currency: 'USD',
        amount: '20000',
        note: 'Initial deposit',
      },
      {
        type: 'BUY',
        tradeDate: '2024-01-15',
        currency: 'USD',
        quantity: '10',
        unitPrice: '185.92',
        fee: '4.95',
        note: 'Initial Apple purchase',
      },
      {
        type: 'BUY',
        tradeDate: '2024-01-22',
        currency: 'USD',
        quantity: '20',
        unitPrice: '236.10',
        fee: '0',
      },
      // Quantity × the dividend per share.
      {
        type: 'DIVIDEND',
        tradeDate: '2024-02-15',
        currency: 'USD',
        amount: '2.4',
        note: 'Q1 2024 Apple dividend',
      },
      {
        type: 'DIVIDEND',
        tradeDate: '2024-03-27',
        currency: 'USD',
        amount: '18.61',
        note: 'Vanguard dividend',
      },
      {
        type: 'TAX',
        tradeDate: '2024-03-27',
        currency: 'USD',
        amount: '2.79',
        note: 'Withholding tax',
      },
      {
        type: 'BUY',
        tradeDate: '2024-05-20',
        currency: 'USD',
        quantity: '5',
        unitPrice: '947.80',
        fee: '4.95',
      },
      {
        type: 'SPLIT',
        tradeDate: '2024-06-10',
        currency: 'USD',
        splitRatio: '10',
        note: '10-for-1 stock split',
      },
      {
        type: 'BUY',
        tradeDate: '2024-07-01',
        currency: 'EUR',
        quantity: '2',
        unitPrice: '958.40',
        fee: '3.00',
        note: 'Euronext Amsterdam',
      },
      {
        type: 'SELL',
        tradeDate: '2024-08-15',
        currency: 'USD',
        quantity: '5',
        unitPrice: '221.72',
        fee: '4.95',
        note: 'Partial Apple sale',
      },
      {
        type: 'INTEREST',
        tradeDate: '2024-09-30',
        currency: 'USD',
        amount: '12.50',
        note: 'Cash interest',
      },
      {
        type: 'FEE',
        tradeDate: '2024-10-15',
        currency: 'USD',
        amount: '25.00',
        note: 'Advisory fee',
      },
      {
        type: 'TRANSFER_IN',
        tradeDate: '2024-11-04',
        currency: 'USD',
        quantity: '3',
        unitPrice: '410.37',
        acquiredDate: '2024-11-04',
        note: 'Transfer from other account',
      },
      { type: 'WITHDRAWAL', tradeDate: '2024-12-20', currency: 'USD', amount: '1000' },
    ])
    // `$CASH-USD` is the account's cash, no instrument.
    expect(rows[0]!.instrument).toBeNull()
    expect(rows[10]!.instrument).toBeNull()
    expect(rows[2]!.instrument).toMatchObject({ code: 'VTI', type: 'ETF' })
    expect(rows[1]!.instrument).toMatchObject({ code: 'AAPL', type: 'STOCK' })
  })

  it("takes a split's ratio from `quantity` as its sample writes it, or from `amount`", () => {
    const rows = rowsOf([
      '2024-05-15,SPLIT,NVDA,EQUITY,3,,,,,3-for-1 stock split,,',
      '2024-06-10,SPLIT,NVDA,EQUITY,,,USD,,10,,,',
      '2024-06-10,SPLIT,NVDA,EQUITY,,,USD,,,,,',
    ])
    expect(rows.map((row) => row.transaction.splitRatio)).toEqual(['3', '10', null])
    expect(rows.map((row) => [row.transaction.quantity, row.transaction.amount])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ])
    expect(rows[0]!.problems).toEqual([])
    expect(rows[2]!.problems).toEqual([
      { code: 'missing_value', column: null, field: 'splitRatio' },
    ])
  })

  it('refuses CREDIT, ADJUSTMENT, UNKNOWN and cash conversions as unknown types', () => {
    const rows = rowsOf([
      '2024-06-15,CREDIT,,,,,USD,,50.00,Rebate credit,,REBATE',
      '2024-06-15,ADJUSTMENT,AAPL,EQUITY,1,,USD,,,,,',
      '2024-06-15,UNKNOWN,,,,,USD,,5,,,',
      '2024-06-15,CONVERSION_IN,,,,,EUR,,500,,,',
    ])
    for (const row of rows) {
      expect(row.transaction.type).toBeNull()
      expect(row.problems).toContainEqual({ code: 'unknown_type', column: 'type' })
    }
  })

  it("reads Wealthfolio's labels written as words, and its older holding types", () => {
    const rows = rowsOf([
      '2024-05-01,Transfer In,GOOGL,EQUITY,2,140.00,USD,,,,,',
      '2024-05-01,ADD_HOLDING,GOOGL,EQUITY,2,140.00,USD,,,,,',
      '2024-05-02,REMOVE_HOLDING,GOOGL,EQUITY,2,,USD,,,,,',
    ])
    expect(rows.map((row) => row.transaction.type)).toEqual([
      'TRANSFER_IN',
      'TRANSFER_IN',
      'TRANSFER_OUT',
    ])
  })

  it('reads a fee written in `fee` alone as its amount', () => {
    const rows = rowsOf(['2024-04-15,FEE,$CASH-USD,,0,0,USD,25,,,,'])
    expect(given(rows[0]!.transaction)).toEqual({
      type: 'FEE',
      tradeDate: '2024-04-15',
      currency: 'USD',
      amount: '25',
    })
    expect(rows[0]!.instrument).toBeNull()
  })

  it('refuses a negative number: Wealthfolio writes magnitudes', () => {
    const rows = rowsOf(['2024-03-01,DEPOSIT,,,,,USD,,-5000,,,'])
    expect(rows[0]!.problems).toEqual([
      { code: 'sign_contradicts_type', column: 'amount', params: { type: { type: 'DEPOSIT' } } },
    ])
  })
})
