import { describe, expect, it } from 'vitest'
import { fixture, given, tableOf } from '../import-fixture'
import { mapImportRows } from '../map-rows'
import { detectPreset } from '.'
import {
  describedInstrument,
  interactiveBrokersStatementPreset,
  isCancelled,
} from './interactive-brokers-statement'
import { foldHeaders } from './preset-definition'
import { mappingOf } from './preset-mapping'

function readStatement(text: Uint8Array | string) {
  const table = tableOf(text)
  const mapping = mappingOf(interactiveBrokersStatementPreset, foldHeaders(table.headers))
  const result = mapImportRows(table, mapping, {
    decimalSeparator: 'auto',
    dateOrder: 'auto',
    fallbackDateOrder: 'DMY',
    preset: 'interactive_brokers_statement',
  })
  if (!result.ok) throw new Error(`missing ${result.missing.join(', ')}`)
  return { table, mapping, ...result }
}

const STATEMENT = 'Statement,Header,Field Name,Field Value\n'
const TRADES =
  'Trades,Header,DataDiscriminator,Asset Category,Currency,Symbol,Date/Time,Quantity,T. Price,C. Price,Proceeds,Comm/Fee,Basis,Realized P/L,MTM P/L,Code\n'

describe('Interactive Brokers Activity Statement', () => {
  it('reads the flattened statement, detected as its own', () => {
    const { table, mapping, rows } = readStatement(
      fixture('interactive-brokers-activity-statement.csv'),
    )
    expect(interactiveBrokersStatementPreset.detect(table, foldHeaders(table.headers))).toBe(true)
    expect(detectPreset(table)).toBe('interactive_brokers_statement')
    expect(mapping).toEqual({
      date: 'Date',
      type: 'Section',
      code: 'Symbol',
      isin: 'ISIN',
      quantity: 'Quantity',
      price: 'T. Price',
      amount: 'Amount',
      fee: 'Comm/Fee',
      currency: 'Currency',
      note: 'Description',
    })
    expect(rows.flatMap((row) => row.problems)).toEqual([])
    const trade = (
      type: string,
      date: string,
      currency: string,
      qty: string,
      price: string,
      fee: string,
    ) => ({
      type,
      tradeDate: date,
      currency,
      quantity: qty,
      unitPrice: price,
      fee,
    })
    const cash = (type: string, date: string, currency: string, amount: string, note: string) => ({
      type,
      tradeDate: date,
      currency,
      amount,
      note,
    })
    const read = rows.filter((row) => row.leftOut === null)
    expect(read.map((row) => given(row.transaction))).toEqual([
      trade('BUY', '2024-02-05', 'EUR', '15', '172.5', '3'),
      trade('BUY', '2024-01-16', 'USD', '10', '183.63', '1'),
      // The quantity's minus makes the sale; proceeds 5 × 205.3 = 1026.5 checked.
      trade('SELL', '2024-08-05', 'USD', '5', '205.3', '1.01894'),
      trade('BUY', '2024-06-14', 'USD', '8', '442.57', '1'),
      // A sale of 5,000 EUR.USD: euros changed into dollars, the commission in euros.
      {
        type: 'EXCHANGE',
        tradeDate: '2024-01-15',
        currency: 'EUR',
        amount: '5000',
        toCurrency: 'USD',
        toAmount: '5475.5',
        fee: '1.83',
      },
      cash('DEPOSIT', '2024-01-10', 'EUR', '10000', 'Electronic Fund Transfer'),
      cash('WITHDRAWAL', '2024-11-04', 'EUR', '1500', 'Disbursement Initiated by Jane Doe'),
      cash('FEE', '2024-11-04', 'USD', '4.5', 'P*****21:NYSE/AMEX/NASDAQ (NP,L1) FOR NOV 2024'),
      cash(
        'DIVIDEND',
        '2024-05-21',
        'EUR',
        '33',
        'SAP(DE0007164600) Cash Dividend EUR 2.20 per Share (Ordinary Dividend)',
      ),
      cash(
        'DIVIDEND',
        '2024-02-15',
        'USD',
        '2.4',
        'AAPL(US0378331005) Cash Dividend USD 0.24 per Share (Ordinary Dividend)',
      ),
      cash(
        'DIVIDEND',
        '2024-09-12',
        'USD',
        '6',
        'MSFT(US5949181045) Cash Dividend USD 0.75 per Share (Ordinary Dividend)',
      ),
      cash(
        'TAX',
        '2024-05-21',
        'EUR',
        '8.7',
        'SAP(DE0007164600) Cash Dividend EUR 2.20 per Share - DE Tax',
      ),
      cash(
        'TAX',
        '2024-02-15',
        'USD',
        '0.36',
        'AAPL(US0378331005) Cash Dividend USD 0.24 per Share - US Tax',
      ),
      cash(
        'TAX',
        '2024-09-12',
        'USD',
        '0.9',
        'MSFT(US5949181045) Cash Dividend USD 0.75 per Share - US Tax',
      ),
      cash('INTEREST', '2024-10-03', 'EUR', '4.87', 'EUR Credit Interest for Sep-2024'),
      // Interest on a debit balance is a cost of the account.
      cash('FEE', '2024-03-04', 'USD', '1.23', 'USD Debit Interest for Feb-2024'),
    ])
    expect(read.map((row) => row.instrument && [row.instrument.code, row.instrument.isin])).toEqual(
      [
        ['SAP', 'DE0007164600'],
        ['AAPL', 'US0378331005'],
        ['AAPL', 'US0378331005'],
        ['MSFT', 'US5949181045'],
        null,
        null,
        null,
        null,
        ['SAP', 'DE0007164600'],
        ['AAPL', 'US0378331005'],
        ['MSFT', 'US5949181045'],
        ['SAP', 'DE0007164600'],
        ['AAPL', 'US0378331005'],
        ['MSFT', 'US5949181045'],
        null,
        null,
      ],
    )
    expect(rows.filter((row) => row.leftOut !== null)).toEqual([])
  })

  it('refuses a cancellation and an option trade by name; reads a tax refund and a reversed dividend', () => {
    const { rows } = readStatement(
      STATEMENT +
        TRADES +
        'Trades,Data,Order,Stocks,USD,MSFT,"2025-01-10, 16:00:00",-2,421,421,842,1,-842,0,0,Ca\n' +
        'Trades,Data,Order,Equity and Index Options,USD,AAPL 240621C00200000,"2024-06-03, 10:00:00",1,3.2,3.2,-320,-0.7,320,0,0,O\n' +
        'Trades,Data,Order,Stocks,USD,AAPL,"2024-06-03, 10:00:00",2,190,190,-400,1,400,0,0,O\n' +
        'Withholding Tax,Header,Currency,Date,Description,Amount,Code\n' +
        'Withholding Tax,Data,USD,2024-10-03,AAPL(US0378331005) Cash Dividend USD 0.24 per Share - US Tax,0.36,\n' +
        'Dividends,Header,Currency,Date,Description,Amount\n' +
        'Dividends,Data,USD,2024-10-03,AAPL(US0378331005) Cash Dividend USD 0.24 per Share (Ordinary Dividend),-2.4\n',
    )
    expect(rows.map((row) => row.problems.map(({ code, column }) => [code, column]))).toEqual([
      [['cancellation', 'Code']],
      // An option's symbol is no code either.
      [
        ['unsupported_instrument', 'Asset Category'],
        ['invalid_code', 'Symbol'],
      ],
      // A commission refunded; 2 × 190 = 380, not the 400 the proceeds say.
      [
        ['sign_contradicts_type', 'Comm/Fee'],
        ['amount_mismatch', 'Amount'],
      ],
      // Withholding given back: a tax refund, said so.
      [],
      // A negative dividend is its reversal, matched by the import to the dividend.
      [['cancellation', 'Amount']],
    ])
    expect(rows[4]).toMatchObject({ cancels: 'DIVIDEND', transaction: { amount: '2.4' } })
    expect(rows[3]?.transaction).toMatchObject({ type: 'TAX_REFUND', amount: '0.36' })
    expect(rows[3]?.notices.map((notice) => notice.code)).toEqual(['refund_from_sign'])
  })

  it('reads a split by its ratio and a stock dividend by its units; names an ISIN change and other actions', () => {
    const { rows } = readStatement(
      STATEMENT +
        'Corporate Actions,Header,Asset Category,Currency,Report Date,Date/Time,Description,Quantity,Proceeds,Value,Realized P/L,Code\n' +
        'Corporate Actions,Data,Stocks,USD,2025-06-18,"2025-06-17, 20:25:00","IBKR(US45841N1072) Split 4 for 1 (IBKR, INTERACTIVE BROKERS GRO-CL A, US45841N1072)",2.6607,0,0,0,\n' +
        'Corporate Actions,Data,Stocks,EUR,2024-05-30,"2024-05-29, 20:25:00","ENI(IT0003132476) Stock Dividend IT0003132476 1 for 20 (ENI, ENI SPA, IT0003132476)",5,0,0,0,\n' +
        'Corporate Actions,Data,Stocks,USD,2024-03-04,"2024-03-01, 20:20:00","ABC(US0000000002) CUSIP/ISIN Change to (US0000000010) (ABC, ABC CORP, US0000000010)",-10,0,0,0,\n' +
        'Corporate Actions,Data,Stocks,USD,2024-03-04,"2024-03-01, 20:20:00","GE(US3696043013) Spinoff 1 for 4 (GEHC, GE HEALTHCARE, US36266G1076)",25,0,0,0,\n' +
        'Corporate Actions,Data,Total,,,,,,0,0,0,\n',
    )
    expect(rows.map((row) => row.problems.map(({ code, column }) => [code, column]))).toEqual([
      [],
      [],
      [['isin_change', 'Description']],
      [['unknown_type', 'Description']],
    ])
    expect(rows[0]).toMatchObject({
      transaction: { type: 'SPLIT', tradeDate: '2025-06-17', splitRatio: '4:1', quantity: null },
      instrument: { code: 'IBKR', isin: 'US45841N1072' },
    })
    expect(rows[0]?.splitUnits).toBeUndefined()
    expect(rows[1]).toMatchObject({
      transaction: { type: 'SPLIT', splitRatio: null },
      splitUnits: { direction: 'in', quantity: '5' },
      instrument: { code: 'ENI', isin: 'IT0003132476' },
    })
  })

  it('finds a cash row’s instrument in its description', () => {
    expect(describedInstrument('AAPL(US0378331005) Cash Dividend USD 0.24 per Share')).toEqual({
      code: 'AAPL',
      isin: 'US0378331005',
    })
    expect(describedInstrument('BRK B(US0846707026) Cash Dividend')).toEqual({
      code: 'BRK B',
      isin: 'US0846707026',
    })
    expect(describedInstrument('P*****21:NYSE/AMEX/NASDAQ (NP,L1) FOR NOV 2024')).toBeNull()
    expect(describedInstrument('EUR Credit Interest for Sep-2024')).toBeNull()
  })

  it('tells a cancelled trade by its codes', () => {
    expect(isCancelled('Ca')).toBe(true)
    expect(isCancelled('O;Ca')).toBe(true)
    expect(isCancelled('C;P')).toBe(false)
    expect(isCancelled(null)).toBe(false)
  })
})
