import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ZERO, decimal } from '../../shared/decimal/decimal'
import { analyzePortfolio } from './portfolio-report'
import { transferInDetails } from './realized-gains'
import {
  TRY_AVERAGE,
  TRY_FIFO,
  analyze,
  closedOf,
  expectError,
  holdingOf,
  rows,
} from './test-fixtures'

describe('a transfer between portfolios keeps the cost basis', () => {
  // Worked example, checked by hand. Portfolio A: BUY 10 @ 100 + fee 5 (1,005) on 2023-01-10,
  // BUY 10 @ 120 (1,200) on 2023-06-01, then TRANSFER_OUT 15 on 2024-01-15: the first lot whole
  // (1,005) and 5 of the second (600) leave, A keeps 5 units (600) and realizes nothing.
  // Portfolio B takes them in with their cost and dates; SELL 12 @ 150 on 2024-03-01 takes the
  // first lot (1,005) and 2 of the second (240): cost 1,245, gain 1,800 − 1,245 = 555, the lots
  // held 416 and 274 days, exactly what A would have realized selling them itself.
  const buys = rows(
    {
      id: 'a1',
      type: 'BUY',
      tradeDate: '2023-01-10',
      instrumentCode: 'SAP',
      quantity: '10',
      unitPrice: '100',
      fee: '5',
    },
    {
      id: 'a2',
      type: 'BUY',
      tradeDate: '2023-06-01',
      instrumentCode: 'SAP',
      quantity: '10',
      unitPrice: '120',
    },
  )
  const source = analyze(
    {
      portfolio: TRY_FIFO,
      transactions: [
        ...buys,
        ...rows({
          id: 'a3',
          type: 'TRANSFER_OUT',
          tradeDate: '2024-01-15',
          instrumentCode: 'SAP',
          quantity: '15',
          sequence: 9,
        }),
      ],
    },
    '2024-03-31',
  )

  it('removes the units and their cost from the sending portfolio without a gain', () => {
    const [transfer] = source.transfers
    expect(transfer?.cost.instrument.toString()).toBe('1605')
    expect(
      transfer?.lots.map((lot) => [
        lot.acquiredDate,
        lot.quantity.toString(),
        lot.cost.base.toString(),
      ]),
    ).toEqual([
      ['2023-01-10', '10', '1005'],
      ['2023-06-01', '5', '600'],
    ])
    expect([...source.sales]).toEqual([])
    expect(holdingOf(source, 'SAP').costBasis.instrument.toString()).toBe('600')
    expect(source.totals.investedCapital.toString()).toBe('600')
  })

  it('carries cost and acquisition dates into the receiving portfolio', () => {
    const lots = source.transfers[0]?.lots ?? []
    const receiving = analyze(
      {
        portfolio: TRY_FIFO,
        transactions: rows(
          ...lots.map((lot, index) => ({
            id: `in${index}`,
            type: 'TRANSFER_IN',
            tradeDate: '2024-01-15',
            instrumentCode: 'SAP',
            ...transferInDetails(lot),
          })),
          {
            id: 'b1',
            type: 'SELL',
            tradeDate: '2024-03-01',
            instrumentCode: 'SAP',
            quantity: '12',
            unitPrice: '150',
          },
        ),
      },
      '2024-03-31',
    )
    // In at the carried cost (1,605), out at the sale's proceeds (1,800): this portfolio records no cash.
    expect(receiving.totals.investedCapital.toString()).toBe('-195')
    const [sale] = receiving.sales
    expect(sale?.cost.instrument.toString()).toBe('1245')
    expect(sale?.gain.instrument.toString()).toBe('555')
    expect(sale?.lots.map((lot) => lot.holdingPeriodDays)).toEqual([416, 274])

    const soldAtHome = analyze(
      {
        portfolio: TRY_FIFO,
        transactions: [
          ...buys,
          ...rows({
            id: 'a3',
            type: 'SELL',
            tradeDate: '2024-03-01',
            instrumentCode: 'SAP',
            quantity: '12',
            unitPrice: '150',
            sequence: 9,
          }),
        ],
      },
      '2024-03-31',
    )
    expect(soldAtHome.sales.at(0)?.gain.instrument.toString()).toBe('555')
  })
})

describe('selling or transferring more than is held', () => {
  const bought = rows({
    id: 'b1',
    type: 'BUY',
    tradeDate: '2024-01-02',
    instrumentCode: 'X',
    quantity: '1.5',
    unitPrice: '10',
  })

  it('is a typed error naming the transaction, for a sale and for a transfer', () => {
    for (const type of ['SELL', 'TRANSFER_OUT']) {
      const result = analyzePortfolio(
        {
          portfolio: TRY_AVERAGE,
          transactions: [
            ...bought,
            ...rows({
              id: 'too-many',
              type,
              tradeDate: '2024-01-03',
              instrumentCode: 'X',
              quantity: '1.50000001',
              unitPrice: '10',
              sequence: 5,
            }),
          ],
        },
        { asOf: '2024-02-01' },
      )
      expectError(result, 'insufficient_quantity', 'too-many')
    }
  })

  it('includes selling what was never bought, and selling before buying on the same day', () => {
    const result = analyzePortfolio(
      {
        portfolio: TRY_FIFO,
        transactions: rows(
          {
            id: 's1',
            type: 'SELL',
            tradeDate: '2024-01-02',
            instrumentCode: 'X',
            quantity: '1',
            unitPrice: '10',
            sequence: 1,
          },
          {
            id: 'b1',
            type: 'BUY',
            tradeDate: '2024-01-02',
            instrumentCode: 'X',
            quantity: '1',
            unitPrice: '10',
            sequence: 2,
          },
        ),
      },
      { asOf: '2024-02-01' },
    )
    expectError(result, 'insufficient_quantity', 's1')
  })

  it('refuses an instrument traded in two currencies', () => {
    const result = analyzePortfolio(
      {
        portfolio: TRY_FIFO,
        transactions: [
          ...bought,
          ...rows({
            id: 'usd',
            type: 'BUY',
            tradeDate: '2024-01-03',
            instrumentCode: 'X',
            currency: 'USD',
            fxRate: '30',
            quantity: '1',
            unitPrice: '1',
            sequence: 5,
          }),
        ],
      },
      { asOf: '2024-02-01' },
    )
    expectError(result, 'currency_mismatch', 'usd')
  })
})

describe('buying and selling everything at the same price', () => {
  const cost = fc.integer({ min: 0, max: 50_000 }).map((cents) => (cents / 100).toFixed(2))
  it('realizes minus the fees and taxes paid, under either method', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(TRY_AVERAGE, TRY_FIFO),
        fc.integer({ min: 1, max: 1_000_000 }).map((cents) => (cents / 100).toFixed(2)),
        fc.array(
          fc.record({ quantity: fc.integer({ min: 1, max: 10_000 }), fee: cost, tax: cost }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.array(
          fc.record({ share: fc.double({ min: 0, max: 1, noNaN: true }), fee: cost, tax: cost }),
          { maxLength: 6 },
        ),
        (portfolio, price, buys, sells) => {
          // Quantities in hundred-millionths, so lots split at fractions of a unit.
          let held = buys.reduce((sum, buy) => sum + buy.quantity, 0) * 1000
          const units = (count: number) => (count / 1e8).toFixed(8)
          const sales = sells.map((sell) => {
            const quantity = Math.floor(held * sell.share)
            held -= quantity
            return { ...sell, quantity }
          })
          sales.push({ share: 1, fee: '0', tax: '0', quantity: held })
          const transactions = rows(
            ...buys.map((buy, index) => ({
              id: `b${index}`,
              type: 'BUY',
              tradeDate: '2024-01-02',
              instrumentCode: 'X',
              quantity: units(buy.quantity * 1000),
              unitPrice: price,
              fee: buy.fee,
              tax: buy.tax,
            })),
            ...sales
              .filter((sale) => sale.quantity > 0)
              .map((sale, index) => ({
                id: `s${index}`,
                type: 'SELL',
                tradeDate: '2024-02-01',
                instrumentCode: 'X',
                quantity: units(sale.quantity),
                unitPrice: price,
                fee: sale.fee,
                tax: sale.tax,
              })),
          )
          const costs = transactions.reduce(
            (sum, transaction) =>
              sum.plus(decimal(transaction.fee ?? '0')).plus(decimal(transaction.tax ?? '0')),
            ZERO,
          )
          const report = analyze({ portfolio, transactions }, '2024-03-01')
          expect(report.holdings).toEqual([])
          expect(closedOf(report, 'X').realizedGain.instrument.eq(costs.neg())).toBe(true)
        },
      ),
    )
  })
})
