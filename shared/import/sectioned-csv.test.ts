import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { fixture, importFile, tableOf } from './import-fixture'
import { readImportTable } from './read-table'
import { flattenTable } from './sectioned-csv'

function read(bytes: Uint8Array | string) {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes
  return readImportTable(data, { encoding: 'auto', separator: 'auto' })
}

describe('Interactive Brokers Activity Statement', () => {
  it('flattens the sections that hold transactions into one table, the ISIN joined', () => {
    const table = tableOf(fixture('interactive-brokers-activity-statement.csv'))
    expect(table.separator).toBe(',')
    expect(table.headers).toEqual([
      'Section',
      'Asset Category',
      'Currency',
      'Symbol',
      'ISIN',
      'Date',
      'Description',
      'Quantity',
      'T. Price',
      'Proceeds',
      'Comm/Fee',
      'Comm Currency',
      'Amount',
      'Code',
    ])
    const trade = (...cells: string[]) => {
      const [category, currency, symbol, isin, date, quantity, price, proceeds, fee, code] = cells
      const feeCurrency = cells[10] ?? ''
      return [
        'Trades',
        category,
        currency,
        symbol,
        isin,
        date,
        '',
        quantity,
        price,
        proceeds,
        fee,
        feeCurrency,
        '',
        code,
      ]
    }
    const cash = (
      section: string,
      currency: string,
      date: string,
      text: string,
      amount: string,
    ) => [section, '', currency, '', '', date, text, '', '', '', '', '', amount, '']
    expect(table.rows).toEqual([
      // Subtotals and totals are gone; the day of `Date/Time` is the date.
      trade(
        'Stocks',
        'EUR',
        'SAP',
        'DE0007164600',
        '2024-02-05',
        '15',
        '172.5',
        '-2587.5',
        '-3',
        'O',
      ),
      trade(
        'Stocks',
        'USD',
        'AAPL',
        'US0378331005',
        '2024-01-16',
        '10',
        '183.63',
        '-1836.3',
        '-1',
        'O',
      ),
      trade(
        'Stocks',
        'USD',
        'AAPL',
        'US0378331005',
        '2024-08-05',
        '-5',
        '205.3',
        '1026.5',
        '-1.01894',
        'C',
      ),
      trade(
        'Stocks',
        'USD',
        'MSFT',
        'US5949181045',
        '2024-06-14',
        '8',
        '442.57',
        '-3540.56',
        '-1',
        'O',
      ),
      // The Forex header re-declared mid-section: read by its own names, the commission in the
      // account's currency (`Comm in EUR`).
      trade(
        'Forex',
        'USD',
        'EUR.USD',
        '',
        '2024-01-15',
        '-5000',
        '1.0951',
        '5475.5',
        '-1.83',
        '',
        'EUR',
      ),
      cash('Deposits & Withdrawals', 'EUR', '2024-01-10', 'Electronic Fund Transfer', '10000'),
      cash(
        'Deposits & Withdrawals',
        'EUR',
        '2024-11-04',
        'Disbursement Initiated by Jane Doe',
        '-1500',
      ),
      cash('Fees', 'USD', '2024-11-04', 'P*****21:NYSE/AMEX/NASDAQ (NP,L1) FOR NOV 2024', '-4.5'),
      cash(
        'Dividends',
        'EUR',
        '2024-05-21',
        'SAP(DE0007164600) Cash Dividend EUR 2.20 per Share (Ordinary Dividend)',
        '33',
      ),
      cash(
        'Dividends',
        'USD',
        '2024-02-15',
        'AAPL(US0378331005) Cash Dividend USD 0.24 per Share (Ordinary Dividend)',
        '2.4',
      ),
      cash(
        'Dividends',
        'USD',
        '2024-09-12',
        'MSFT(US5949181045) Cash Dividend USD 0.75 per Share (Ordinary Dividend)',
        '6',
      ),
      cash(
        'Withholding Tax',
        'EUR',
        '2024-05-21',
        'SAP(DE0007164600) Cash Dividend EUR 2.20 per Share - DE Tax',
        '-8.7',
      ),
      cash(
        'Withholding Tax',
        'USD',
        '2024-02-15',
        'AAPL(US0378331005) Cash Dividend USD 0.24 per Share - US Tax',
        '-0.36',
      ),
      cash(
        'Withholding Tax',
        'USD',
        '2024-09-12',
        'MSFT(US5949181045) Cash Dividend USD 0.75 per Share - US Tax',
        '-0.9',
      ),
      cash('Interest', 'EUR', '2024-10-03', 'EUR Credit Interest for Sep-2024', '4.87'),
      cash('Interest', 'USD', '2024-03-04', 'USD Debit Interest for Feb-2024', '-1.23'),
    ])
  })

  it('takes the executions where the statement lists them beside their order, never closed lots', () => {
    const table = tableOf(
      [
        'Statement,Header,Field Name,Field Value',
        'Trades,Header,DataDiscriminator,Asset Category,Currency,Symbol,Date/Time,Quantity,T. Price,Proceeds,Comm/Fee,Code',
        'Trades,Data,Order,Stocks,USD,AAPL,"2024-08-05, 14:35:20",-5,205.3,1026.5,-1.02,C',
        'Trades,Data,Trade,Stocks,USD,AAPL,"2024-08-05, 14:35:20",-3,205.3,615.9,-0.61,C;P',
        'Trades,Data,Trade,Stocks,USD,AAPL,"2024-08-05, 14:35:21",-2,205.3,410.6,-0.41,C',
        'Trades,Data,ClosedLot,Stocks,USD,AAPL,2024-01-16,5,183.73,,,',
      ].join('\n'),
    )
    expect(table.rows.map((row) => [row[5], row[7], row[13]])).toEqual([
      ['2024-08-05', '-3', 'C;P'],
      ['2024-08-05', '-2', 'C'],
    ])
  })

  it('has no rows to read when no section holds transactions', () => {
    expect(
      read('Statement,Header,Field Name,Field Value\nStatement,Data,Title,Activity Statement\n'),
    ).toEqual({
      ok: false,
      problem: 'file_header_only',
    })
  })
})

describe('Interactive Brokers Flex Query CSV with section markers', () => {
  /** The two single-section samples, read as they are (the cancelled MSFT pair not copied). */
  function singleSections() {
    const trades = importFile(fixture('interactive-brokers-flex-trades.csv'))
    const cash = importFile(fixture('interactive-brokers-flex-cash.csv'))
    const kept = trades.rows.filter((row) => row.transaction.tradeDate !== '2025-01-10')
    return [...kept, ...cash.rows].map(({ transaction, instrument, leftOut, problems }) => ({
      transaction,
      instrument,
      leftOut,
      problems,
    }))
  }

  it('reads the trades and the cash transactions as the Flex preset reads each section alone', () => {
    const { preset, rows, table } = importFile(fixture('interactive-brokers-flex-sections.csv'))
    expect(preset).toBe('interactive_brokers')
    expect(table.separator).toBe(',')
    expect(table.headers.slice(0, 4)).toEqual(['TradeDate', 'Type', 'Amount', 'ClientAccountID'])
    expect(
      rows.map(({ transaction, instrument, leftOut, problems }) => ({
        transaction,
        instrument,
        leftOut,
        problems,
      })),
    ).toEqual(singleSections())
  })

  it('reads lines prefixed "HEADER" and "DATA" as the marked sections', () => {
    const marked = [
      '"BOF","U7654321","Import","2","20240101","20241231","20250101;090000","1"',
      '"BOS","TRNT","Trades"',
      '"CurrencyPrimary","Symbol","ISIN","TradeDate","Quantity","TradePrice","Proceeds","Buy/Sell"',
      '"USD","AAPL","US0378331005","20240116","10","183.63","-1836.3","BUY"',
      '"EOS","TRNT","1"',
      '"BOS","CTRN","Cash Transactions"',
      '"CurrencyPrimary","Symbol","ISIN","SettleDate","Amount","Type","Description"',
      '"USD","AAPL","US0378331005","20240215","2.4","Dividends","AAPL(US0378331005) CASH DIVIDEND"',
      '"EOS","CTRN","1"',
      '"EOF"',
    ].join('\n')
    const prefixed = [
      '"HEADER","TRNT","CurrencyPrimary","Symbol","ISIN","TradeDate","Quantity","TradePrice","Proceeds","Buy/Sell"',
      '"DATA","TRNT","USD","AAPL","US0378331005","20240116","10","183.63","-1836.3","BUY"',
      '"HEADER","CTRN","CurrencyPrimary","Symbol","ISIN","SettleDate","Amount","Type","Description"',
      '"DATA","CTRN","USD","AAPL","US0378331005","20240215","2.4","Dividends","AAPL(US0378331005) CASH DIVIDEND"',
    ].join('\n')
    const table = tableOf(prefixed)
    expect(table).toEqual(tableOf(marked))
    expect(table.headers).toEqual([
      'TradeDate',
      'Type',
      'Amount',
      'CurrencyPrimary',
      'Symbol',
      'ISIN',
      'Quantity',
      'TradePrice',
      'Proceeds',
      'Buy/Sell',
      'SettleDate',
      'Description',
    ])
    expect(table.rows).toEqual([
      [
        '20240116',
        'BUY',
        '-1836.3',
        'USD',
        'AAPL',
        'US0378331005',
        '10',
        '183.63',
        '-1836.3',
        'BUY',
        '',
        '',
      ],
      [
        '20240215',
        'Dividends',
        '2.4',
        'USD',
        'AAPL',
        'US0378331005',
        '',
        '',
        '',
        '',
        '20240215',
        'AAPL(US0378331005) CASH DIVIDEND',
      ],
    ])
  })
})

describe('flattenTable', () => {
  it('leaves every file that is one table as it is', () => {
    // The sectioned samples (and DEGIRO's account statement, joined) are the ones it changes.
    const changed = [
      'interactive-brokers-activity-statement.csv',
      'interactive-brokers-flex-sections.csv',
      'degiro-account-en.csv',
      'degiro-account-nl.csv',
    ]
    const names = readdirSync(new URL('fixtures/', import.meta.url)).filter(
      (name) => !changed.includes(name),
    )
    expect(names.length).toBeGreaterThan(5)
    for (const name of names) {
      const result = read(fixture(name))
      if (result.ok) expect(flattenTable(result.table), name).toBeNull()
    }
  })
})
