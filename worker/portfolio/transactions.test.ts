import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { analyzePortfolio } from './portfolio-report'
import { TRY_AVERAGE, TRY_FIFO, expectError, rows, unwrap } from './test-fixtures'
import type { Row } from './test-fixtures'
import { MAX_TRANSACTIONS } from './size-limit'
import { orderTransactions } from './transaction-order'
import { TRANSACTION_TYPES, readTransaction } from './transactions'
import type { TransactionInput } from './transactions'

const buy: Row = {
  id: 'b1',
  type: 'BUY',
  tradeDate: '2024-01-02',
  instrumentCode: 'X',
  quantity: '10',
  unitPrice: '10',
}

function resultOf(row: Row, portfolio = TRY_AVERAGE) {
  return analyzePortfolio({ portfolio, transactions: rows(buy, row) }, { asOf: '2024-12-31' })
}

describe('bad input is a typed error naming the transaction, never a number', () => {
  const cases: [string, Row, string][] = [
    ['an unknown type', { id: 'bad', type: 'GIFT', tradeDate: '2024-02-01' }, 'unknown_type'],
    ['a date that does not exist', { ...buy, id: 'bad', tradeDate: '2024-02-30' }, 'invalid_date'],
    ['a zero quantity', { ...buy, id: 'bad', quantity: '0' }, 'non_positive_quantity'],
    [
      'a negative quantity',
      { ...buy, id: 'bad', type: 'SELL', quantity: '-1' },
      'non_positive_quantity',
    ],
    ['a missing quantity', { ...buy, id: 'bad', quantity: null }, 'missing_field'],
    ['an empty instrument code', { ...buy, id: 'bad', instrumentCode: '' }, 'missing_field'],
    ['a blank instrument code', { ...buy, id: 'bad', instrumentCode: ' \t' }, 'missing_field'],
    [
      'an instrument code of non-breaking and ideographic spaces',
      { ...buy, id: 'bad', instrumentCode: '\u00a0\u3000' },
      'missing_field',
    ],
    ['a zero price', { ...buy, id: 'bad', unitPrice: '0' }, 'non_positive_price'],
    ['a price that is not a number', { ...buy, id: 'bad', unitPrice: '12,5' }, 'invalid_number'],
    ['a negative fee', { ...buy, id: 'bad', fee: '-1' }, 'negative_fee_or_tax'],
    [
      'a zero dividend',
      { id: 'bad', type: 'DIVIDEND', tradeDate: '2024-02-01', instrumentCode: 'X', amount: '0' },
      'non_positive_amount',
    ],
    [
      'a dividend of no instrument',
      { id: 'bad', type: 'DIVIDEND', tradeDate: '2024-02-01', amount: '5' },
      'missing_field',
    ],
    [
      'a split ratio of zero',
      { id: 'bad', type: 'SPLIT', tradeDate: '2024-02-01', instrumentCode: 'X', splitRatio: '0:1' },
      'invalid_split_ratio',
    ],
    [
      'a negative split ratio',
      { id: 'bad', type: 'SPLIT', tradeDate: '2024-02-01', instrumentCode: 'X', splitRatio: '-2' },
      'invalid_split_ratio',
    ],
    [
      'a split ratio that is not one',
      {
        id: 'bad',
        type: 'SPLIT',
        tradeDate: '2024-02-01',
        instrumentCode: 'X',
        splitRatio: '2:1:1',
      },
      'invalid_split_ratio',
    ],
    [
      'a bonus issue of no units',
      {
        id: 'bad',
        type: 'BONUS_ISSUE',
        tradeDate: '2024-02-01',
        instrumentCode: 'X',
        quantity: '0',
      },
      'non_positive_quantity',
    ],
    [
      'a bonus issue of fewer than no units',
      {
        id: 'bad',
        type: 'BONUS_ISSUE',
        tradeDate: '2024-02-01',
        instrumentCode: 'X',
        quantity: '-5',
      },
      'non_positive_quantity',
    ],
    [
      'a bonus issue without its units',
      { id: 'bad', type: 'BONUS_ISSUE', tradeDate: '2024-02-01', instrumentCode: 'X' },
      'missing_field',
    ],
    [
      'a bonus issue of no instrument',
      { id: 'bad', type: 'BONUS_ISSUE', tradeDate: '2024-02-01', quantity: '5' },
      'missing_field',
    ],
    [
      'a bonus issue of an instrument not held',
      {
        id: 'bad',
        type: 'BONUS_ISSUE',
        tradeDate: '2024-02-01',
        instrumentCode: 'Y',
        quantity: '5',
      },
      'bonus_issue_not_held',
    ],
    [
      'a rights issue without its subscription price',
      { ...buy, id: 'bad', type: 'RIGHTS_ISSUE', unitPrice: null },
      'missing_field',
    ],
    [
      'a rights issue at no price',
      { ...buy, id: 'bad', type: 'RIGHTS_ISSUE', unitPrice: '0' },
      'non_positive_price',
    ],
    [
      'a foreign purchase without an FX rate',
      { ...buy, id: 'bad', instrumentCode: 'AAPL', currency: 'USD' },
      'missing_fx_rate',
    ],
    [
      'a zero FX rate',
      { ...buy, id: 'bad', instrumentCode: 'AAPL', currency: 'USD', fxRate: '0' },
      'invalid_fx_rate',
    ],
    ['a base-currency rate other than 1', { ...buy, id: 'bad', fxRate: '1.1' }, 'invalid_fx_rate'],
    ['a currency that is not ISO 4217', { ...buy, id: 'bad', currency: 'usd' }, 'invalid_currency'],
    [
      'a deposit into a portfolio without cash',
      { id: 'bad', type: 'DEPOSIT', tradeDate: '2024-02-01', amount: '5' },
      'cash_not_recorded',
    ],
    [
      'an acquisition date after the transfer',
      { ...buy, id: 'bad', type: 'TRANSFER_IN', acquiredDate: '2024-03-01' },
      'invalid_date',
    ],
  ]
  for (const [what, row, code] of cases) {
    it(`${what}: ${code}`, () => expectError(resultOf(row), code, 'bad'))
  }

  it('a missing trade date, first or after a dated transaction: invalid_date', () => {
    const undated = { ...buy, id: 'bad', tradeDate: null as unknown as string }
    const first = analyzePortfolio(
      { portfolio: TRY_AVERAGE, transactions: rows(undated) },
      { asOf: '2024-12-31' },
    )
    expectError(first, 'invalid_date', 'bad')
    expectError(resultOf(undated), 'invalid_date', 'bad')
  })

  it('a repeated id: duplicate_transaction_id', () => {
    expectError(resultOf({ ...buy, tradeDate: '2024-03-01' }), 'duplicate_transaction_id', 'b1')
  })

  it('reports the field at fault', () => {
    const result = resultOf({ ...buy, id: 'bad', fee: 'x' })
    expect(result.ok ? null : result.error.field).toBe('fee')
  })

  it('leaves transactions dated after the as-of date out of the report, bad fields and all', () => {
    const later = { ...buy, id: 'later', tradeDate: '2030-01-01', quantity: '-1' }
    const report = unwrap(
      analyzePortfolio(
        { portfolio: TRY_AVERAGE, transactions: rows(buy, later) },
        { asOf: '2024-12-31' },
      ),
    )
    expect(report.holdings[0]?.quantity.toString()).toBe('10')
    // Their keys still order every transaction, so a key that is not one is refused.
    const undated = { ...later, tradeDate: '2030-02-30' }
    expectError(resultOf(undated), 'invalid_date', 'later')
    expectError(
      analyzePortfolio(
        { portfolio: TRY_AVERAGE, transactions: rows(buy, later) },
        { asOf: '2031-01-01' },
      ),
      'non_positive_quantity',
      'later',
    )
  })

  it('reads a split without a currency, and any currency on it', () => {
    const split = {
      id: 'split',
      type: 'SPLIT',
      tradeDate: '2024-02-01',
      instrumentCode: 'X',
      splitRatio: '2',
    }
    for (const currency of [undefined, null, 'TRY']) {
      const report = unwrap(resultOf({ ...split, currency } as Row))
      expect(report.holdings[0]?.quantity.toString()).toBe('20')
    }
  })

  it('reads a bonus issue without a currency, and any currency on it', () => {
    const bonus = {
      id: 'bonus',
      type: 'BONUS_ISSUE',
      tradeDate: '2024-02-01',
      instrumentCode: 'X',
      quantity: '5',
    }
    for (const currency of [undefined, null, 'TRY']) {
      const report = unwrap(resultOf({ ...bonus, currency } as Row))
      expect(report.holdings[0]?.quantity.toString()).toBe('15')
    }
  })

  it('refuses a portfolio longer than one analysis takes, before reading it', () => {
    const long = Array.from({ length: MAX_TRANSACTIONS + 1 }, () => ({}) as TransactionInput)
    expectError(
      analyzePortfolio({ portfolio: TRY_AVERAGE, transactions: long }, { asOf: '2024-12-31' }),
      'too_large',
      null,
    )
  })

  it('refuses portfolio settings it cannot use', () => {
    expectError(
      analyzePortfolio(
        { portfolio: { ...TRY_AVERAGE, baseCurrency: 'lira' }, transactions: [] },
        { asOf: '2024-01-01' },
      ),
      'invalid_currency',
      null,
    )
    expectError(
      analyzePortfolio(
        { portfolio: { ...TRY_AVERAGE, costBasisMethod: 'LIFO' as 'FIFO' }, transactions: [] },
        { asOf: '2024-01-01' },
      ),
      'unknown_cost_basis_method',
      null,
    )
  })

  it('accepts null for fields a type does not read, and ratios as one number', () => {
    const result = resultOf({
      id: 'split',
      type: 'SPLIT',
      tradeDate: '2024-02-01',
      instrumentCode: 'X',
      splitRatio: '2',
      amount: null,
      fee: null,
    })
    expect(unwrap(result).holdings[0]?.quantity.toString()).toBe('20')
  })
})

describe('reading', () => {
  it('reads every type as itself, in applying order', () => {
    const fields: Partial<TransactionInput> = {
      instrumentCode: 'X',
      quantity: '2',
      unitPrice: '3',
      amount: '4',
      splitRatio: '2:1',
      toCurrency: 'USD',
      toAmount: '0.12',
    }
    const given = TRANSACTION_TYPES.map((type, index) => ({
      ...fields,
      id: `t-${type}`,
      type,
      sequence: 10 - index,
      tradeDate: `2024-03-${String(20 - index).padStart(2, '0')}`,
      currency: 'TRY',
    }))
    const settings = { ...TRY_AVERAGE, recordsCash: true }
    const read = orderTransactions(given).map(({ keys, input }) =>
      readTransaction(input, keys, settings),
    )
    // Applying order is by date, the reverse of the order given.
    expect(read.map(({ id, type, sequence, date }) => [id, type, sequence, date])).toEqual(
      given.map(({ id, type, sequence, tradeDate }) => [id, type, sequence, tradeDate]).reverse(),
    )
  })
})

describe('transaction order', () => {
  it('applies by trade date, then sequence, then id, whatever order they are given in', () => {
    const dated = (
      id: string,
      type: string,
      sequence: number,
      quantity: string,
    ): TransactionInput => ({
      id,
      type,
      sequence,
      tradeDate: '2024-01-02',
      currency: 'TRY',
      instrumentCode: 'X',
      quantity,
      unitPrice: type === 'BUY' ? '10' : '12',
    })
    fc.assert(
      fc.property(
        fc.constantFrom(TRY_AVERAGE, TRY_FIFO),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 3 })), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.integer(),
        (portfolio, trades, seed) => {
          // Buys at sequence 0 and sells at sequence 1 of the same day, some with equal sequences.
          let held = 0
          const transactions = trades.flatMap(([quantity, sold], index) => {
            held += quantity
            const sell = Math.min(held, sold)
            held -= sell
            const list = [dated(`b${index}`, 'BUY', 0, String(quantity))]
            if (sell > 0) list.push(dated(`s${index}`, 'SELL', 1, String(sell)))
            return list
          })
          const shuffled =
            fc.sample(fc.shuffledSubarray(transactions, { minLength: transactions.length }), {
              seed,
              numRuns: 1,
            })[0] ?? transactions
          const report = (list: TransactionInput[]) =>
            JSON.stringify(
              unwrap(analyzePortfolio({ portfolio, transactions: list }, { asOf: '2024-01-31' })),
            )
          expect(report(shuffled)).toBe(report(transactions))
        },
      ),
    )
  })
})
