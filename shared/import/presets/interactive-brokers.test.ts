import { describe, expect, it } from 'vitest'
import { fixture, given, importFile, tableOf } from '../import-fixture'
import { detectPreset } from '.'

const TRADES = 'interactive-brokers-flex-trades.csv'
const CASH = 'interactive-brokers-flex-cash.csv'

/** A Flex trades file of the columns a query may hold, quoted as IB writes them. */
function trades(rows: readonly Record<string, string>[]): string {
  const headers = [
    'CurrencyPrimary',
    'AssetClass',
    'Symbol',
    'ISIN',
    'TradeDate',
    'Quantity',
    'TradePrice',
    'Proceeds',
    'IBCommission',
    'IBCommissionCurrency',
    'Buy/Sell',
    'LevelOfDetail',
  ]
  const defaults: Record<string, string> = {
    CurrencyPrimary: 'USD',
    AssetClass: 'STK',
    Symbol: 'AAPL',
    ISIN: 'US0378331005',
    TradeDate: '20240116',
    Quantity: '10',
    TradePrice: '183.63',
    Proceeds: '-1836.3',
    IBCommission: '-1',
    IBCommissionCurrency: 'USD',
    'Buy/Sell': 'BUY',
    LevelOfDetail: 'EXECUTION',
  }
  const line = (cells: readonly string[]) => cells.map((cell) => `"${cell}"`).join(',')
  return [line(headers), ...rows.map((row) => line(headers.map((h) => row[h] ?? defaults[h]!)))]
    .join('\n')
    .concat('\n')
}

/** A Flex cash-transactions file. */
function cash(rows: readonly [type: string, amount: string, symbol?: string][]): string {
  const lines = rows.map(
    ([type, amount, symbol = '']) =>
      `"EUR","${symbol}","","20240215","${amount}","${type}","booking text"`,
  )
  return [
    '"CurrencyPrimary","Symbol","ISIN","SettleDate","Amount","Type","Description"',
    ...lines,
    '',
  ].join('\n')
}

describe('Interactive Brokers Flex Query CSV', () => {
  it('reads a trade of a currency pair as an exchange, a commission in the currency received converted', () => {
    const pair = { AssetClass: 'CASH', Symbol: 'EUR.USD', ISIN: '', TradePrice: '1.1162' }
    const { rows } = importFile(
      trades([
        {
          ...pair,
          Quantity: '-2000',
          Proceeds: '2232.4',
          IBCommission: '-1.77',
          'Buy/Sell': 'SELL',
          IBCommissionCurrency: 'EUR',
        },
        {
          ...pair,
          Quantity: '2000',
          Proceeds: '-2232.4',
          IBCommission: '-1.77',
          IBCommissionCurrency: 'EUR',
        },
        {
          ...pair,
          Quantity: '2000',
          Proceeds: '-2232.4',
          IBCommission: '-1',
          IBCommissionCurrency: 'CHF',
        },
      ]),
    )
    expect(rows.map((row) => given(row.transaction))).toEqual([
      // 2,000 EUR sold for 2,232.40 USD, the commission in the euros given.
      {
        type: 'EXCHANGE',
        tradeDate: '2024-01-16',
        currency: 'EUR',
        amount: '2000',
        toCurrency: 'USD',
        toAmount: '2232.4',
        fee: '1.77',
      },
      // 2,000 EUR bought with 2,232.40 USD: 1.77 EUR × 1.1162 USD per EUR = 1.975674 USD.
      {
        type: 'EXCHANGE',
        tradeDate: '2024-01-16',
        currency: 'USD',
        amount: '2232.4',
        toCurrency: 'EUR',
        toAmount: '2000',
        fee: '1.975674',
      },
      {
        type: 'EXCHANGE',
        tradeDate: '2024-01-16',
        currency: 'USD',
        amount: '2232.4',
        toCurrency: 'EUR',
        toAmount: '2000',
      },
    ])
    expect(rows.map((row) => row.instrument)).toEqual([null, null, null])
    expect(rows[1]!.notices).toEqual([
      expect.objectContaining({
        code: 'fee_converted',
        params: expect.objectContaining({ from: 'EUR', to: 'USD' }),
      }),
    ])
    expect(rows[2]!.problems).toEqual([expect.objectContaining({ code: 'fee_currency' })])
  })

  it('detects both sample queries', () => {
    expect(detectPreset(tableOf(fixture(TRADES)))).toBe('interactive_brokers')
    expect(detectPreset(tableOf(fixture(CASH)))).toBe('interactive_brokers')
  })

  it('does not claim a generic file with a type and an amount', () => {
    const table = tableOf('Date,Type,Symbol,Amount,Currency\n2024-01-02,Dividend,AAPL,2.4,USD\n')
    expect(detectPreset(table)).toBe('generic')
  })

  it('reads every trade of the sample: signs as the type, pence in pounds, left-out rows', () => {
    const { rows, mapping } = importFile(fixture(TRADES))
    // DateTime (`20240116;153212`) is not the date: TradeDate is.
    expect(mapping).toMatchObject({ date: 'TradeDate', type: 'Buy/Sell', amount: 'Proceeds' })
    const buy = (date: string, currency: string, quantity: string, unitPrice: string) => ({
      type: 'BUY',
      tradeDate: date,
      currency,
      quantity,
      unitPrice,
    })
    const sell = (date: string, currency: string, quantity: string, unitPrice: string) => ({
      ...buy(date, currency, quantity, unitPrice),
      type: 'SELL',
    })
    expect(rows.map((row) => given(row.transaction))).toEqual([
      { ...buy('2024-01-16', 'USD', '10', '183.63'), fee: '1', tax: '0' },
      { ...buy('2024-02-05', 'EUR', '15', '172.5'), fee: '3', tax: '0' },
      // The order beside its executions: left out as read.
      { ...buy('2024-03-12', 'EUR', '4', '905.4'), amount: '3621.6', fee: '4', tax: '0' },
      { ...buy('2024-03-12', 'EUR', '3', '905.2'), fee: '3', tax: '0' },
      { ...buy('2024-03-12', 'EUR', '1', '906'), fee: '1', tax: '0' },
      // 2641.5 GBX: £26.415, stamp duty 660 GBX = £6.60, the commission £3 as charged.
      { ...buy('2024-04-18', 'GBP', '50', '26.415'), fee: '3', tax: '6.6' },
      { ...buy('2024-06-14', 'USD', '8', '442.57'), fee: '1', tax: '0' },
      { ...sell('2024-08-05', 'USD', '5', '205.3'), fee: '1.01894', tax: '0' },
      // A sale of 2,000 EUR.USD: euros changed into dollars, the commission in euros.
      {
        type: 'EXCHANGE',
        tradeDate: '2024-09-20',
        currency: 'EUR',
        amount: '2000',
        toCurrency: 'USD',
        toAmount: '2232.4',
        fee: '1.77',
        tax: '0',
      },
      { ...buy('2025-01-10', 'USD', '2', '421'), fee: '1', tax: '0' },
      // The cancellation of the trade above: refused.
      {
        tradeDate: '2025-01-10',
        currency: 'USD',
        quantity: '2',
        unitPrice: '421',
        amount: '842',
        fee: '1',
        tax: '0',
      },
      { ...sell('2025-03-03', 'EUR', '10', '268.4'), fee: '3', tax: '0' },
      { ...sell('2025-05-22', 'GBP', '20', '25.08'), fee: '3', tax: '0' },
    ])
    expect(rows.map((row) => row.leftOut)).toEqual([
      null,
      null,
      'not_a_transaction',
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ])
    expect(
      rows.flatMap((row) => row.problems.map((problem) => ({ row: row.row, ...problem }))),
    ).toEqual([{ row: 11, code: 'cancellation', column: 'Buy/Sell' }])
    expect(rows[5]!.notices.map((notice) => notice.code)).toEqual(['minor_unit'])
    expect(rows[0]!.instrument).toEqual({
      code: 'AAPL',
      isin: 'US0378331005',
      name: 'APPLE INC',
      type: null,
      exchange: null,
    })
  })

  it('reads every cash transaction of the sample: withholding as tax, deposits by their sign', () => {
    const { rows, mapping } = importFile(fixture(CASH))
    expect(mapping).toMatchObject({ date: 'SettleDate', type: 'Type', amount: 'Amount' })
    expect(rows.every((row) => row.problems.length === 0 && row.leftOut === null)).toBe(true)
    expect(
      rows.map(({ transaction: { type, tradeDate, currency, amount } }) => [
        type,
        tradeDate,
        currency,
        amount,
      ]),
    ).toEqual([
      ['DEPOSIT', '2024-01-10', 'EUR', '10000'],
      ['DIVIDEND', '2024-02-15', 'USD', '2.4'],
      ['TAX', '2024-02-15', 'USD', '0.36'],
      ['DIVIDEND', '2024-05-21', 'EUR', '33'],
      ['TAX', '2024-05-21', 'EUR', '8.7'],
      ['DIVIDEND', '2024-08-07', 'EUR', '6.08'],
      ['TAX', '2024-08-07', 'EUR', '0.91'],
      ['DIVIDEND', '2024-09-12', 'USD', '6'],
      ['TAX', '2024-09-12', 'USD', '0.9'],
      ['INTEREST', '2024-10-03', 'EUR', '4.87'],
      ['FEE', '2024-11-04', 'USD', '4.5'],
      ['WITHDRAWAL', '2025-06-02', 'EUR', '1500'],
    ])
    // Withholding tax stays on its instrument; the description is the note, not its name.
    expect(rows[2]!.instrument).toMatchObject({ code: 'AAPL', isin: 'US0378331005', name: null })
    expect(rows[2]!.transaction.note).toBe(
      'AAPL(US0378331005) CASH DIVIDEND USD 0.24 PER SHARE - US TAX',
    )
    expect(rows[0]!.instrument).toBeNull()
    expect(rows[9]!.instrument).toBeNull()
  })

  it('reads a withholding-tax reclaim as a tax refund, and a negative dividend as its reversal', () => {
    const { rows } = importFile(
      cash([
        ['Withholding Tax', '-3.6', 'AAPL'],
        ['Withholding Tax', '3.6', 'AAPL'],
        ['Dividends', '-24', 'AAPL'],
        ['Other Fees', '-1.5'],
      ]),
    )
    expect(rows.map((row) => row.problems)).toEqual([
      [],
      [],
      [{ code: 'cancellation', column: 'Amount' }],
      [],
    ])
    expect(rows[0]!.transaction).toMatchObject({ type: 'TAX', amount: '3.6' })
    expect(rows[1]!.transaction).toMatchObject({ type: 'TAX_REFUND', amount: '3.6' })
    expect(rows[2]).toMatchObject({ cancels: 'DIVIDEND', transaction: { amount: '24' } })
    expect(rows[1]!.notices.map((notice) => notice.code)).toEqual(['refund_from_sign'])
    expect(rows[3]!.transaction).toMatchObject({ type: 'FEE', amount: '1.5' })
  })

  it('reads deposits and withdrawals, one IB type, by the amount sign', () => {
    const { rows } = importFile(
      cash([
        ['Deposits & Withdrawals', '2500'],
        ['Deposits/Withdrawals', '-400'],
      ]),
    )
    expect(rows.map((row) => [row.transaction.type, row.transaction.amount])).toEqual([
      ['DEPOSIT', '2500'],
      ['WITHDRAWAL', '400'],
    ])
    expect(rows.every((row) => row.problems.length === 0)).toBe(true)
  })

  it('takes interest and payments in lieu, and refuses cash types it cannot place', () => {
    const { rows } = importFile(
      cash([
        ['Broker Interest Received', '4.87'],
        ['Broker Interest Paid', '-12.3'],
        ['Payment In Lieu Of Dividends', '0.59', 'AVGO'],
        ['Bond Interest Paid', '-8.1', 'XS1'],
      ]),
    )
    expect(rows.map((row) => row.transaction.type)).toEqual(['INTEREST', 'FEE', 'DIVIDEND', null])
    expect(rows[3]!.problems).toContainEqual({ code: 'unknown_type', column: 'Type' })
  })

  it('imports executions only: orders, closed lots and summaries beside them are left out', () => {
    const { rows } = importFile(
      trades([
        { LevelOfDetail: 'ORDER' },
        { LevelOfDetail: 'EXECUTION' },
        { LevelOfDetail: 'CLOSED_LOT' },
        { LevelOfDetail: 'SYMBOL_SUMMARY' },
      ]),
    )
    expect(rows.map((row) => row.leftOut)).toEqual([
      'not_a_transaction',
      null,
      'not_a_transaction',
      'not_a_transaction',
    ])
  })

  it('refuses cancellations, derivatives and bonds by name', () => {
    const { rows } = importFile(
      trades([
        { 'Buy/Sell': 'SELL (Ca.)', Quantity: '10', Proceeds: '-1836.3' },
        { AssetClass: 'OPT', Symbol: 'AAPL 240621C00190000', ISIN: '' },
        { AssetClass: 'BOND', ISIN: 'DE0001102580', TradePrice: '98.5', Proceeds: '-985' },
      ]),
    )
    expect(rows[0]!.problems).toEqual([{ code: 'cancellation', column: 'Buy/Sell' }])
    expect(rows[1]!.problems).toContainEqual({
      code: 'unsupported_instrument',
      column: 'AssetClass',
    })
    expect(rows[2]!.problems).toEqual([{ code: 'unsupported_instrument', column: 'AssetClass' }])
  })

  it('refuses a commission in another currency than the trade, never mixing them', () => {
    const { rows } = importFile(trades([{ IBCommissionCurrency: 'CHF', IBCommission: '-1.8' }, {}]))
    expect(rows[0]!.problems).toEqual([
      {
        code: 'fee_currency',
        column: 'IBCommission',
        params: { feeCurrency: 'CHF', currency: 'USD' },
      },
    ])
    expect(rows[0]!.transaction.fee).toBeNull()
    expect(rows[1]!.problems).toEqual([])
    expect(rows[1]!.transaction.fee).toBe('1')
  })

  it('reads a London trade in pence with its commission in pence or in pounds', () => {
    const pence = { CurrencyPrimary: 'GBX', TradePrice: '2508', Proceeds: '-25080' }
    const { rows } = importFile(
      trades([
        { ...pence, IBCommission: '-300', IBCommissionCurrency: 'GBX' },
        { ...pence, IBCommission: '-3', IBCommissionCurrency: 'GBP' },
      ]),
    )
    for (const row of rows) {
      expect(row.problems).toEqual([])
      expect(row.transaction).toMatchObject({ currency: 'GBP', unitPrice: '25.08' })
    }
    expect(rows.map((row) => Number(row.transaction.fee))).toEqual([3, 3])
  })

  it('checks the proceeds against quantity × price', () => {
    const { rows } = importFile(trades([{ Proceeds: '-1900' }, { Proceeds: '1836.3' }]))
    expect(rows[0]!.problems).toEqual([
      { code: 'amount_mismatch', column: 'Proceeds', params: { expected: { decimal: '1836.3' } } },
    ])
    // A purchase that brings money in contradicts its type.
    expect(rows[1]!.problems).toEqual([
      { code: 'sign_contradicts_type', column: 'Proceeds', params: { type: { type: 'BUY' } } },
    ])
  })

  it("writes a share class's code with a point", () => {
    const { rows } = importFile(trades([{ Symbol: 'BRK B', ISIN: 'US0846707026' }]))
    expect(rows[0]!.instrument?.code).toBe('BRK.B')
  })
})
