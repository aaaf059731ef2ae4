import { describe, expect, it } from 'vitest'
import { TRY_AVERAGE, analyze, rows } from './test-fixtures'
import type { Row } from './test-fixtures'

const WITH_CASH = { ...TRY_AVERAGE, recordsCash: true }

const deposit = (id: string, tradeDate: string, amount: string, currency = 'TRY'): Row => ({
  id,
  type: 'DEPOSIT',
  tradeDate,
  amount,
  currency,
})
const buy = (id: string, tradeDate: string, quantity: string, unitPrice = '100'): Row => ({
  id,
  type: 'BUY',
  tradeDate,
  instrumentCode: 'A',
  quantity,
  unitPrice,
})

function negativeCash(transactions: Row[], recordsCash = true) {
  const report = analyze(
    { portfolio: { ...WITH_CASH, recordsCash }, transactions: rows(...transactions) },
    '2024-12-31',
  )
  return report.negativeCash.map((each) => ({ ...each, lowest: each.lowest.toString() }))
}

describe('cash below zero', () => {
  it('names the day and the transaction that first left it below zero, and its lowest (docs/portfolio-math.md)', () => {
    // Deposit 1,000; two days later buy for 1,500 (−500); a week later deposit 800 (300).
    expect(
      negativeCash([
        deposit('d1', '2024-03-04', '1000'),
        buy('b1', '2024-03-06', '15'),
        deposit('d2', '2024-03-13', '800'),
      ]),
    ).toEqual([
      {
        currency: 'TRY',
        transactionId: 'b1',
        type: 'BUY',
        date: '2024-03-06',
        lowest: '-500',
        lowestDate: '2024-03-06',
      },
    ])
  })

  it("counts only a day's closing balance: a deposit after the purchase on its day is enough", () => {
    expect(
      negativeCash([buy('b1', '2024-03-06', '15'), deposit('d1', '2024-03-06', '1500')]),
    ).toEqual([])
  })

  it('follows the balance to its lowest on a later day', () => {
    // −500 on the 6th, −800 on the 8th; the first day and transaction stay those of the 6th.
    expect(
      negativeCash([
        deposit('d1', '2024-03-04', '1000'),
        buy('b1', '2024-03-06', '15'),
        { id: 'w1', type: 'WITHDRAWAL', tradeDate: '2024-03-08', amount: '300' },
        deposit('d2', '2024-03-13', '800'),
      ]),
    ).toEqual([
      {
        currency: 'TRY',
        transactionId: 'b1',
        type: 'BUY',
        date: '2024-03-06',
        lowest: '-800',
        lowestDate: '2024-03-08',
      },
    ])
  })

  it('watches each currency apart', () => {
    // A US share bought with dollars that were never deposited or exchanged into.
    expect(
      negativeCash([
        deposit('d1', '2024-03-04', '10000'),
        {
          ...buy('b1', '2024-03-06', '2', '150'),
          instrumentCode: 'AAPL',
          currency: 'USD',
          fxRate: '32',
        },
      ]),
    ).toEqual([
      {
        currency: 'USD',
        transactionId: 'b1',
        type: 'BUY',
        date: '2024-03-06',
        lowest: '-300',
        lowestDate: '2024-03-06',
      },
    ])
  })

  it('has nothing to say about a portfolio that does not record cash', () => {
    expect(negativeCash([buy('b1', '2024-03-06', '15')], false)).toEqual([])
  })
})
