import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Disposal } from './cost-basis'
import { createCostBasis } from './cost-basis'
import type { Decimal } from './decimal'
import { ONE, ZERO, decimalOf } from './decimal'
import { LotStore } from './lot-store'
import { TRY_AVERAGE, TRY_FIFO, analyze, holdingOf, rows, series } from './test-fixtures'
import { COST_BASIS_METHODS } from './transactions'
import type { PortfolioSettings } from './transactions'

// Worked example, checked by hand:
//   BUY 10 @ 100 + fee 10 = 1,010;  BUY 10 @ 120 + fee 10 = 1,210;  SELL 10 @ 130 − fee 10 = 1,290.
//   Average: 2,220 / 20 = 111 a unit; the sale costs 1,110, gains 180; 10 left at 111.
//   FIFO:    the sale takes the first lot (1,010), gains 280; the second lot is left at 121.
//   Both: the total gain is the same, 370 (180 + 190 unrealized = 280 + 90).
const buyBuySell = rows(
  {
    id: 'b1',
    type: 'BUY',
    tradeDate: '2024-01-02',
    instrumentCode: 'THYAO',
    quantity: '10',
    unitPrice: '100',
    fee: '10',
  },
  {
    id: 'b2',
    type: 'BUY',
    tradeDate: '2024-02-01',
    instrumentCode: 'THYAO',
    quantity: '10',
    unitPrice: '120',
    fee: '10',
  },
  {
    id: 's1',
    type: 'SELL',
    tradeDate: '2024-03-01',
    instrumentCode: 'THYAO',
    quantity: '10',
    unitPrice: '130',
    fee: '10',
  },
)
const closes = { THYAO: series(['2024-03-01', '130']) }

describe('buy, buy, sell: the method decides the realized gain', () => {
  it('weighted average: the sale takes the average cost, which stays unchanged', () => {
    const report = analyze(
      { portfolio: TRY_AVERAGE, transactions: buyBuySell, prices: closes },
      '2024-03-31',
    )
    const [sale] = report.sales
    expect(sale?.averageCost?.toString()).toBe('111')
    expect(sale?.cost.instrument.toString()).toBe('1110')
    expect(sale?.proceeds.instrument.toString()).toBe('1290')
    expect(sale?.gain.instrument.toString()).toBe('180')
    // The pool's quantity-weighted acquisition date is 2024-01-17: 44 days before the sale.
    expect(sale?.holdingPeriodDays).toBe(44)
    expect(sale?.lots.map((lot) => [lot.acquiredBy, lot.acquiredDate])).toEqual([
      [null, '2024-01-17'],
    ])
    const holding = holdingOf(report, 'THYAO')
    expect(holding.averageCost?.toString()).toBe('111')
    expect(holding.unrealizedGain.instrument.toString()).toBe('190')
    expect(report.totals.totalGain.toString()).toBe('370')
  })

  it('FIFO: the sale takes the oldest lot', () => {
    const report = analyze(
      { portfolio: TRY_FIFO, transactions: buyBuySell, prices: closes },
      '2024-03-31',
    )
    const [sale] = report.sales
    expect(sale?.averageCost).toBeNull()
    expect(sale?.cost.instrument.toString()).toBe('1010')
    expect(sale?.gain.instrument.toString()).toBe('280')
    expect(sale?.holdingPeriodDays).toBe(59)
    expect(
      sale?.lots.map((lot) => [lot.acquiredBy, lot.quantity.toString(), lot.holdingPeriodDays]),
    ).toEqual([['b1', '10', 59]])
    const holding = holdingOf(report, 'THYAO')
    expect(holding.averageCost?.toString()).toBe('121')
    expect(holding.unrealizedGain.instrument.toString()).toBe('90')
    expect(report.totals.totalGain.toString()).toBe('370')
  })
})

// Worked example, checked by hand: BUY 100 @ 50 (5,000); 2-for-1 → 200 units; BUY 100 @ 30
// (3,000); SELL 150 @ 40 (6,000); 1-for-10 → 15 units; close 400.
//   FIFO: the sale takes 150 of the 200 split units of the first lot: 5,000 × 150/200 = 3,750,
//     gain 2,250, held 90 days (the lot keeps its date). Left: 50 → 5 units (1,250) and 100 → 10
//     units (3,000): 15 units, cost 4,250; value 6,000, unrealized 1,750.
//   Average: 8,000 × 150/300 = 4,000, gain 2,000. Left: 15 units, cost 4,000, unrealized 2,000.
const splits = rows(
  {
    id: 'b1',
    type: 'BUY',
    tradeDate: '2024-01-02',
    instrumentCode: 'ASELS',
    quantity: '100',
    unitPrice: '50',
  },
  { id: 'x1', type: 'SPLIT', tradeDate: '2024-02-01', instrumentCode: 'ASELS', splitRatio: '2:1' },
  {
    id: 'b2',
    type: 'BUY',
    tradeDate: '2024-03-01',
    instrumentCode: 'ASELS',
    quantity: '100',
    unitPrice: '30',
  },
  {
    id: 's1',
    type: 'SELL',
    tradeDate: '2024-04-01',
    instrumentCode: 'ASELS',
    quantity: '150',
    unitPrice: '40',
  },
  { id: 'x2', type: 'SPLIT', tradeDate: '2024-05-02', instrumentCode: 'ASELS', splitRatio: '1:10' },
)

describe('a 2-for-1 split and a 1-for-10 reverse split mid-history', () => {
  it('FIFO: lots keep their dates and cost; units follow the ratio', () => {
    const report = analyze(
      {
        portfolio: TRY_FIFO,
        transactions: splits,
        prices: { ASELS: series(['2024-05-31', '400']) },
      },
      '2024-05-31',
    )
    const [sale] = report.sales
    expect(sale?.cost.instrument.toString()).toBe('3750')
    expect(sale?.gain.instrument.toString()).toBe('2250')
    expect(
      sale?.lots.map((lot) => [lot.acquiredDate, lot.quantity.toString(), lot.holdingPeriodDays]),
    ).toEqual([['2024-01-02', '150', 90]])
    const holding = holdingOf(report, 'ASELS')
    expect(holding.quantity.toString()).toBe('15')
    expect(holding.costBasis.instrument.toString()).toBe('4250')
    expect(holding.marketValue.instrument.toString()).toBe('6000')
    expect(holding.unrealizedGain.instrument.toString()).toBe('1750')
  })

  it('average: the pool splits; its cost stays', () => {
    const report = analyze(
      {
        portfolio: TRY_AVERAGE,
        transactions: splits,
        prices: { ASELS: series(['2024-05-31', '400']) },
      },
      '2024-05-31',
    )
    expect(report.sales.at(0).gain.instrument.toString()).toBe('2000')
    const holding = holdingOf(report, 'ASELS')
    expect(holding.quantity.toString()).toBe('15')
    expect(holding.costBasis.instrument.toString()).toBe('4000')
    expect(holding.unrealizedGain.instrument.toString()).toBe('2000')
  })

  it('adjusts the last trade price standing in for a missing close', () => {
    // No closes: the sale's 40 becomes 400 after the 1-for-10 reverse split, so 15 units are 6,000.
    const report = analyze({ portfolio: TRY_FIFO, transactions: splits }, '2024-05-31')
    const holding = holdingOf(report, 'ASELS')
    expect(holding.priceSource).toBe('trade')
    expect(holding.price?.toString()).toBe('400')
    expect(holding.marketValue.instrument.toString()).toBe('6000')
  })
})

describe('average and FIFO agree when a position is bought once', () => {
  const amount = (max: number) =>
    fc.integer({ min: 1, max }).map((cents) => (cents / 100).toFixed(2))
  it('gives the same sales, holdings and totals', () => {
    fc.assert(
      fc.property(
        fc.record({
          quantity: fc.integer({ min: 1, max: 1000 }),
          price: amount(100_000),
          fee: amount(1000),
        }),
        fc.array(
          fc.record({
            fraction: fc.double({ min: 0.01, max: 1, noNaN: true }),
            price: amount(100_000),
          }),
          {
            maxLength: 5,
          },
        ),
        ({ quantity, price, fee }, sales) => {
          let held = quantity
          const transactions = rows(
            {
              id: 'buy',
              type: 'BUY',
              tradeDate: '2024-01-02',
              instrumentCode: 'X',
              quantity: String(quantity),
              unitPrice: price,
              fee,
            },
            ...sales.flatMap((sale, index) => {
              const sold = Math.min(held, Math.max(1, Math.round(held * sale.fraction)))
              if (held === 0) return []
              held -= sold
              return [
                {
                  id: `s${index}`,
                  type: 'SELL',
                  tradeDate: `2024-02-0${index + 1}`,
                  instrumentCode: 'X',
                  quantity: String(sold),
                  unitPrice: sale.price,
                },
              ]
            }),
          )
          const report = (portfolio: PortfolioSettings) =>
            JSON.parse(JSON.stringify(analyze({ portfolio, transactions }, '2024-03-01')))
          const average = report(TRY_AVERAGE)
          const fifo = report(TRY_FIFO)
          // Only the description of what was consumed differs: a pool against the one lot.
          for (const sale of [...average.sales, ...fifo.sales]) {
            delete sale.lots
            delete sale.averageCost
          }
          delete average.costBasisMethod
          delete fifo.costBasisMethod
          expect(average).toEqual(fifo)
        },
      ),
    )
  })
})

describe('the cost of units leaving a position', () => {
  it.each(COST_BASIS_METHODS)(
    '%s: accounts for every unit’s cost exactly through sales, transfers, splits and older lots',
    (method) => {
      // Each step: buy (under FIFO possibly dated before the lots held), sell, transfer out or split a share
      // of what is held, applied to a basis whose sales list their lots and to one whose sales do
      // not. Whatever the order, in both currencies and for both: what was sold is exactly the sum
      // of the listed sales' costs, and what was bought = what is held + sold + transferred.
      const step = fc.oneof(
        fc.record({
          kind: fc.constant('buy' as const),
          quantity: fc.integer({ min: 1, max: 500 }),
          cents: fc.integer({ min: 1, max: 1_000_000 }),
          day: fc.integer({ min: 0, max: 400 }),
        }),
        // A share in thousandths: doubles would mostly be 0 or 1, and rarely end a sale inside a lot.
        fc.record({
          kind: fc.constantFrom('sell' as const, 'transfer' as const),
          thousandths: fc.integer({ min: 1, max: 1000 }),
        }),
        fc.record({ kind: fc.constant('split' as const), ratio: fc.constantFrom('2:1', '1:3') }),
      )
      const add = (sum: { cost: Decimal; costBase: Decimal }, more: Disposal | null) => ({
        cost: sum.cost.plus(more?.cost ?? ZERO),
        costBase: sum.costBase.plus(more?.costBase ?? ZERO),
      })
      fc.assert(
        fc.property(fc.boolean(), fc.array(step, { maxLength: 30 }), (inBaseCurrency, steps) => {
          const listing = createCostBasis(method, inBaseCurrency, new LotStore())
          const silent = createCostBasis(method, inBaseCurrency, new LotStore())
          const fxRate = inBaseCurrency ? ONE : decimalOf('3.7')
          let bought = { cost: ZERO, costBase: ZERO }
          let sold = { cost: ZERO, costBase: ZERO }
          let transferred = { cost: ZERO, costBase: ZERO }
          steps.forEach((each, index) => {
            if (each.kind === 'buy') {
              const cost = decimalOf((each.cents / 100).toFixed(2))
              const costBase = inBaseCurrency ? cost : decimalOf((each.cents / 30).toFixed(4))
              const acquired = {
                acquiredBy: `b${index}`,
                acquiredDay: each.day,
                quantity: decimalOf(String(each.quantity)),
                cost,
                costBase,
              }
              listing.acquire(acquired)
              silent.acquire(acquired)
              bought = add(bought, { cost, costBase, lots: [] })
            } else if (each.kind === 'split') {
              const [newShares = '1', oldShares = '1'] = each.ratio.split(':')
              listing.split(decimalOf(newShares), decimalOf(oldShares))
              silent.split(decimalOf(newShares), decimalOf(oldShares))
            } else {
              const quantity = listing.quantity.times(
                decimalOf((each.thousandths / 1000).toFixed(3)),
              )
              if (quantity.isZero()) return
              if (each.kind === 'sell') {
                sold = add(sold, listing.sell(quantity, fxRate, true))
                silent.sell(quantity, fxRate, false)
              } else {
                const disposal = listing.dispose(quantity)
                expect(silent.dispose(quantity).cost.eq(disposal.cost)).toBe(true)
                transferred = add(transferred, disposal)
              }
            }
          })
          for (const basis of [listing, silent]) {
            const soldCost = basis.soldCost().cost
            expect(soldCost.instrument.eq(sold.cost)).toBe(true)
            expect(soldCost.base.eq(sold.costBase)).toBe(true)
            expect(basis.cost.plus(sold.cost).plus(transferred.cost).eq(bought.cost)).toBe(true)
            const heldBase = basis.costBase
            expect(
              heldBase.plus(sold.costBase).plus(transferred.costBase).eq(bought.costBase),
            ).toBe(true)
          }
        }),
        { numRuns: 200 },
      )
    },
  )
})
