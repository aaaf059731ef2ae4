import { describe, expect, it } from 'vitest'
import { TRY_AVERAGE, analyze, rows, series } from './test-fixtures'
import type { Row } from './test-fixtures'

const WITH_CASH = { ...TRY_AVERAGE, recordsCash: true }

const trade = (
  id: string,
  type: string,
  tradeDate: string,
  code: string,
  quantity: string,
  unitPrice: string,
): Row => ({
  id,
  type,
  tradeDate,
  instrumentCode: code,
  quantity,
  unitPrice,
})

// Worked example, checked by hand (docs/portfolio-math.md, "Portfolio totals"), without cash:
//   BUY 10 A @ 100 = 1,000     net invested  1,000
//   SELL 10 A @ 150 = 1,500    net invested   −500
//   BUY 5 B @ 200 = 1,000      net invested    500
//   B closes at 220: value 1,100, total gain 600, peak invested capital 1,000, total return 60 %.
// With cash, the same trades and a deposit of 1,000 first: cash 500, value 1,600, net deposits
// 1,000, the same gain and return.
const trades = [
  trade('a1', 'BUY', '2024-01-02', 'A', '10', '100'),
  trade('a2', 'SELL', '2024-02-01', 'A', '10', '150'),
  trade('b1', 'BUY', '2024-03-01', 'B', '5', '200'),
]
const prices = { B: series(['2024-03-28', '220']) }

describe('invested capital, its parts and total return', () => {
  it('without cash: net invested, from purchases, sales and income (docs/portfolio-math.md)', () => {
    const { totals } = analyze(
      { portfolio: TRY_AVERAGE, transactions: rows(...trades), prices },
      '2024-03-29',
    )
    expect(totals.investedCapital.toString()).toBe('500')
    expect(totals.totalGain.toString()).toBe('600')
    expect(totals.peakInvestedCapital.toString()).toBe('1000')
    expect(totals.totalReturn).toBe(0.6)
    expect(
      Object.fromEntries(
        Object.entries(totals.investedCapitalParts).map(([part, amount]) => [
          part,
          amount.toString(),
        ]),
      ),
    ).toEqual({
      deposits: '0',
      withdrawals: '0',
      purchases: '2000',
      sales: '-1500',
      income: '0',
      costs: '0',
      transfersIn: '0',
      transfersOut: '0',
    })
  })

  it('with cash: net deposits, and the same return as without (docs/portfolio-math.md)', () => {
    const { totals } = analyze(
      {
        portfolio: WITH_CASH,
        transactions: rows(
          { id: 'd', type: 'DEPOSIT', tradeDate: '2024-01-02', amount: '1000' },
          ...trades,
        ),
        prices,
      },
      '2024-03-29',
    )
    expect(totals.value.toString()).toBe('1600')
    expect(totals.investedCapital.toString()).toBe('1000')
    expect(totals.investedCapitalParts.deposits.toString()).toBe('1000')
    expect(totals.investedCapitalParts.purchases.toString()).toBe('0')
    expect(totals.peakInvestedCapital.toString()).toBe('1000')
    expect(totals.totalReturn).toBe(0.6)
  })

  it('keeps a return once sales have brought back more than the purchases cost', () => {
    // Before B is bought: net invested −500, value 0, total gain 500 on a peak of 1,000.
    const { totals } = analyze(
      { portfolio: TRY_AVERAGE, transactions: rows(...trades.slice(0, 2)) },
      '2024-02-15',
    )
    expect(totals.investedCapital.toString()).toBe('-500')
    expect(totals.totalGain.toString()).toBe('500')
    expect(totals.totalReturn).toBe(0.5)
  })

  it("counts a day's closing figure for the peak, whatever the order within the day", () => {
    // Sell A for 1,500 and buy C for 1,200 on one day, the purchase entered first: the day
    // closes at 1,000 − 1,500 + 1,200 = 700, and the peak stays 1,000 (not 2,200).
    const sameDay = rows(
      trade('a1', 'BUY', '2024-01-02', 'A', '10', '100'),
      trade('c1', 'BUY', '2024-02-01', 'C', '10', '120'),
      trade('a2', 'SELL', '2024-02-01', 'A', '10', '150'),
    )
    const { totals } = analyze({ portfolio: TRY_AVERAGE, transactions: sameDay }, '2024-02-15')
    expect(totals.investedCapital.toString()).toBe('700')
    expect(totals.peakInvestedCapital.toString()).toBe('1000')
  })

  it('splits income, costs, refunds and transfers into their parts', () => {
    const { totals } = analyze(
      {
        portfolio: TRY_AVERAGE,
        transactions: rows(
          trade('a1', 'BUY', '2024-01-02', 'A', '10', '100'),
          {
            id: 'v',
            type: 'DIVIDEND',
            tradeDate: '2024-01-10',
            instrumentCode: 'A',
            amount: '30',
            tax: '5',
          },
          { id: 'f', type: 'FEE', tradeDate: '2024-01-11', amount: '12' },
          { id: 'r', type: 'FEE_REFUND', tradeDate: '2024-01-12', amount: '4' },
          {
            ...trade('t1', 'TRANSFER_IN', '2024-01-15', 'B', '2', '50'),
            acquiredDate: '2023-05-02',
          },
          {
            id: 't2',
            type: 'TRANSFER_OUT',
            tradeDate: '2024-01-20',
            instrumentCode: 'A',
            quantity: '4',
          },
        ),
      },
      '2024-01-31',
    )
    const parts = totals.investedCapitalParts
    expect(parts.purchases.toString()).toBe('1000')
    expect(parts.income.toString()).toBe('-25')
    expect(parts.costs.toString()).toBe('8')
    expect(parts.transfersIn.toString()).toBe('100')
    expect(parts.transfersOut.toString()).toBe('-400')
    // 1,000 − 25 + 8 + 100 − 400
    expect(totals.investedCapital.toString()).toBe('683')
    expect(totals.peakInvestedCapital.toString()).toBe('1083')
  })
})
