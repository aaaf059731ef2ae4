import { describe, expect, it } from 'vitest'
import { given, importFile } from './import-fixture'

/** A generic CSV's rows as drafts: transaction, problems and notices. */
const read = (csv: string) => importFile(csv, { preset: 'generic' }).rows

describe('signs repeat the type', () => {
  it('takes a negative fee, tax or total and a negative quantity on a sale as magnitudes', () => {
    const rows = read(
      'Date,Type,Code,Quantity,Price,Fee,Tax,Amount\n' +
        '2024-01-02,Buy,SAP,10,100,-1.5,,-1001.5\n' +
        '2024-02-02,Sell,SAP,-4,110,-1,-2.5,436.5\n' +
        '2024-03-02,Withdrawal,,,,,,-50\n' +
        '2024-03-03,Dividend,SAP,,,,-1.2,8\n',
    )
    expect(rows.map((row) => row.problems)).toEqual([[], [], [], []])
    expect(rows.map((row) => given(row.transaction))).toEqual([
      { type: 'BUY', tradeDate: '2024-01-02', quantity: '10', unitPrice: '100', fee: '1.5' },
      {
        type: 'SELL',
        tradeDate: '2024-02-02',
        quantity: '4',
        unitPrice: '110',
        fee: '1',
        tax: '2.5',
      },
      { type: 'WITHDRAWAL', tradeDate: '2024-03-02', amount: '50' },
      { type: 'DIVIDEND', tradeDate: '2024-03-03', amount: '8', tax: '1.2' },
    ])
  })

  it('names a sign that contradicts the type instead of flipping it', () => {
    const rows = read(
      'Date,Type,Code,Quantity,Price,Amount\n' +
        '2024-01-02,Buy,SAP,-10,100,\n' +
        '2024-03-03,Dividend,SAP,,,-8\n' +
        '2024-03-04,Deposit,,,,-500\n',
    )
    const contradiction = (column: string, type: string) => [
      { code: 'sign_contradicts_type', column, params: { type: { type } } },
    ]
    expect(rows.map((row) => row.problems)).toEqual([
      contradiction('Quantity', 'BUY'),
      // A dividend going the other way is its reversal: matched by the import to the dividend.
      [{ code: 'cancellation', column: 'Amount' }],
      contradiction('Amount', 'DEPOSIT'),
    ])
    expect(rows[1]).toMatchObject({ cancels: 'DIVIDEND', transaction: { amount: '8' } })
  })

  it('in a column that writes money out with a minus, takes a plus on outgoing money as a contradiction', () => {
    const rows = read(
      'Date,Type,Code,Amount\n' +
        '2024-01-02,Withdrawal,,-500\n' +
        '2024-01-03,Fee,,-7\n' +
        '2024-01-04,Withdrawal,,200\n' +
        '2024-01-05,Interest,,3\n',
    )
    expect(rows.map((row) => row.problems.map((problem) => problem.code))).toEqual([
      [],
      [],
      ['sign_contradicts_type'],
      [],
    ])
    // Where outgoing money is written as magnitudes, a minus on a fee is money back: a refund.
    const magnitudes = read(
      'Date,Type,Code,Amount\n2024-01-02,Fee,,5\n2024-01-03,Fee,,7\n2024-01-04,Fee,,-2\n',
    )
    expect(magnitudes.map((row) => row.problems)).toEqual([[], [], []])
    expect(magnitudes.map((row) => row.transaction.type)).toEqual(['FEE', 'FEE', 'FEE_REFUND'])
    // …and on a withdrawal it contradicts the type.
    const withdrawals = read(
      'Date,Type,Code,Amount\n2024-01-02,Withdrawal,,50\n2024-01-03,Withdrawal,,70\n2024-01-04,Withdrawal,,-20\n',
    )
    expect(withdrawals.map((row) => row.problems.map((problem) => problem.code))).toEqual([
      [],
      [],
      ['sign_contradicts_type'],
    ])
  })

  it('reads a fee or a tax given with a plus where charges have a minus as a refund, saying so', () => {
    const rows = read(
      'Date,Type,Code,Amount\n' +
        '2024-01-02,Fee,,-5\n' +
        '2024-01-03,Tax,,-7\n' +
        '2024-01-04,Withdrawal,,-100\n' +
        '2024-01-05,Tax,,2.5\n' +
        '2024-01-06,Fee,,1\n',
    )
    expect(rows.map((row) => [row.transaction.type, row.transaction.amount])).toEqual([
      ['FEE', '5'],
      ['TAX', '7'],
      ['WITHDRAWAL', '100'],
      ['TAX_REFUND', '2.5'],
      ['FEE_REFUND', '1'],
    ])
    expect(rows[3]!.notices).toEqual([
      {
        code: 'refund_from_sign',
        column: 'Amount',
        params: { type: { type: 'TAX_REFUND' } },
      },
    ])
    expect(rows.every((row) => row.problems.length === 0)).toBe(true)
  })
})

describe('totals of trades', () => {
  it('takes the price from a total with fees and taxes when the row has none', () => {
    const rows = read(
      'Date,Type,Code,Quantity,Fee,Tax,Amount\n' +
        '2024-01-02,Buy,SAP,10,5,,1005\n' +
        '2024-02-02,Sell,SAP,3,2,1.3,296.7\n' +
        '2024-02-03,Buy,SAP,3,,,100\n',
    )
    expect(rows.map((row) => [row.transaction.unitPrice, row.transaction.amount])).toEqual([
      ['100', null],
      ['100', null],
      ['33.33333333333333333333', null],
    ])
    expect(rows[0]!.notices).toEqual([
      {
        code: 'price_from_total',
        column: null,
        field: 'price',
        params: { total: { decimal: '1005' }, price: { decimal: '100' } },
      },
    ])
    expect(rows.every((row) => row.problems.length === 0)).toBe(true)
  })

  it('checks a total beside a price: quantity × price, with or without the fees and taxes', () => {
    const rows = read(
      'Date,Type,Code,Quantity,Price,Fee,Amount\n' +
        '2024-01-02,Buy,SAP,15,17.664,1,264.96\n' +
        '2024-01-03,Buy,SAP,15,17.664,1,265.96\n' +
        '2024-01-04,Buy,APPL,0.223214,25.5,,5.69\n' +
        '2024-01-05,Buy,SAP,10,17.664,1,1766.4\n' +
        '2024-01-06,Dividend,SAP,,,,12.5\n',
    )
    expect(rows.map((row) => row.problems)).toEqual([
      [],
      [],
      [],
      [{ code: 'amount_mismatch', column: 'Amount', params: { expected: { decimal: '176.64' } } }],
      [],
    ])
    expect(rows.slice(0, 3).map((row) => row.transaction.amount)).toEqual([null, null, null])
    expect(rows[4]!.transaction.amount).toBe('12.5')
  })

  it('names a total that does not cover its fees', () => {
    const [row] = read('Date,Type,Code,Quantity,Fee,Amount\n2024-01-02,Buy,SAP,10,5,5\n')
    expect(row!.problems).toEqual([
      { code: 'total_below_costs', column: 'Amount', params: { costs: { decimal: '5' } } },
    ])
  })
})

describe('minor currency units', () => {
  it('reads pence, cents and agorot as hundredths of their currency, saying so', () => {
    const rows = read(
      'Date,Type,Code,Quantity,Price,Fee,Currency\n' +
        '2024-01-02,Buy,VOD.L,100,7124,500,GBp\n' +
        '2024-01-02,Buy,NPN.JO,2,356100,,ZAc\n' +
        '2024-01-02,Buy,TEVA.TA,5,5000,,ILA\n' +
        '2024-01-02,Buy,VOD.L,100,0.7124,5,GBP\n',
    )
    expect(rows.map((row) => given(row.transaction))).toMatchObject([
      { currency: 'GBP', unitPrice: '71.24', fee: '5' },
      { currency: 'ZAR', unitPrice: '3561' },
      { currency: 'ILS', unitPrice: '50' },
      { currency: 'GBP', unitPrice: '0.7124', fee: '5' },
    ])
    expect(rows[0]!.notices).toEqual([
      { code: 'minor_unit', column: 'Currency', params: { unit: 'GBp', currency: 'GBP' } },
    ])
    expect(rows[3]!.notices).toEqual([])
    expect(rows.every((row) => row.problems.length === 0)).toBe(true)
  })
})

describe('numbers a binary float wrote', () => {
  it('snaps the noise so three thirds of a share sell as one, saying so', () => {
    const rows = read(
      'Date,Type,Code,Quantity,Price\n' +
        `2024-01-02,Buy,BTC,${1 / 3},30000\n` +
        `2024-01-03,Buy,BTC,${2 / 3},30000\n` +
        `2024-01-04,Sell,BTC,1,${0.1 + 0.2}\n`,
    )
    expect(rows.map((row) => [row.transaction.quantity, row.transaction.unitPrice])).toEqual([
      ['0.333333333333333', '30000'],
      ['0.666666666666667', '30000'],
      ['1', '0.3'],
    ])
    expect(rows[0]!.notices).toEqual([
      {
        code: 'float_snapped',
        column: 'Quantity',
        params: { written: '0.3333333333333333', read: { decimal: '0.333333333333333' } },
      },
    ])
    expect(rows[2]!.notices.map((notice) => notice.column)).toEqual(['Price'])
  })
})

describe('transfers in', () => {
  it('take the transfer date as the acquisition date when the file gives none, saying so', () => {
    const rows = read(
      'Date,Type,Code,Quantity,Price,AcquiredDate\n' +
        '2024-05-02,Transfer in,SAP,10,120,\n' +
        '2024-05-02,Transfer in,SAP,10,120,2019-03-04\n',
    )
    expect(rows.map((row) => row.transaction.acquiredDate)).toEqual(['2024-05-02', '2019-03-04'])
    expect(rows[0]!.notices).toEqual([
      {
        code: 'acquired_date_from_trade',
        column: 'AcquiredDate',
        params: { date: { date: '2024-05-02' } },
      },
    ])
    expect(rows[1]!.notices).toEqual([])
    expect(rows.every((row) => row.problems.length === 0)).toBe(true)
  })
})
