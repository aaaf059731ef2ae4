import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createCostBasis } from './cost-basis'
import type { Lot } from './cost-basis'
import { decimal, sum } from '../../shared/decimal/decimal'
import { TRY_AVERAGE, TRY_FIFO, analyze, holdingOf, rows, series } from './test-fixtures'
import type { Row } from './test-fixtures'
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
    expect(report.sales.at(0)?.gain.instrument.toString()).toBe('2000')
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

// The worked example of docs/portfolio-math.md, checked by hand: BUY 60 @ 40 (2,400) on
// 2024-01-10 and 40 @ 65 (2,600) on 2024-03-15: 100 units for 5,000. A 100 % bonus issue on
// 2024-06-03 brings 100 units at no cost; a rights issue on 2024-09-02 buys 100 at 1; SELL 150 @ 30
// (4,500) on 2024-11-01.
//   Average: 200 at 25 (5,000); 300 at 17 (5,100); the sale costs 2,550, gains 1,950; 150 left at 17.
//   FIFO: the lots become 120 at 20 (2,400, 2024-01-10) and 80 at 32.5 (2,600, 2024-03-15), then
//     100 at 1 (100, 2024-09-02); the sale takes the first lot and 30 of the second: 2,400 + 975 =
//     3,375, gains 1,125; 50 at 32.5 (1,625) and 100 at 1 (100) are left.
const capitalIncreases = rows(
  {
    id: 'b1',
    type: 'BUY',
    tradeDate: '2024-01-10',
    instrumentCode: 'ASELS',
    quantity: '60',
    unitPrice: '40',
  },
  {
    id: 'b2',
    type: 'BUY',
    tradeDate: '2024-03-15',
    instrumentCode: 'ASELS',
    quantity: '40',
    unitPrice: '65',
  },
  {
    id: 'bonus',
    type: 'BONUS_ISSUE',
    tradeDate: '2024-06-03',
    instrumentCode: 'ASELS',
    quantity: '100',
  },
  {
    id: 'rights',
    type: 'RIGHTS_ISSUE',
    tradeDate: '2024-09-02',
    instrumentCode: 'ASELS',
    quantity: '100',
    unitPrice: '1',
  },
  {
    id: 's1',
    type: 'SELL',
    tradeDate: '2024-11-01',
    instrumentCode: 'ASELS',
    quantity: '150',
    unitPrice: '30',
  },
)

describe('a bonus issue and a rights issue, as docs/portfolio-math.md works them out', () => {
  const at = (portfolio: PortfolioSettings, asOf: string) =>
    analyze({ portfolio, transactions: capitalIncreases }, asOf)
  const lots = (report: ReturnType<typeof at>) =>
    holdingOf(report, 'ASELS').openLots.map((lot) => [
      lot.acquiredBy,
      lot.acquiredDate,
      lot.quantity.toString(),
      lot.cost.instrument.toString(),
    ])

  it('average: the bonus issue halves the cost per unit, the rights issue joins the pool at its price', () => {
    const afterBonus = holdingOf(at(TRY_AVERAGE, '2024-06-03'), 'ASELS')
    expect(afterBonus.quantity.toString()).toBe('200')
    expect(afterBonus.costBasis.instrument.toString()).toBe('5000')
    expect(afterBonus.averageCost?.toString()).toBe('25')
    const afterRights = holdingOf(at(TRY_AVERAGE, '2024-09-02'), 'ASELS')
    expect(afterRights.quantity.toString()).toBe('300')
    expect(afterRights.costBasis.instrument.toString()).toBe('5100')
    expect(afterRights.averageCost?.toString()).toBe('17')

    const report = at(TRY_AVERAGE, '2024-11-30')
    const [sale] = report.sales
    expect(sale?.averageCost?.toString()).toBe('17')
    expect(sale?.cost.instrument.toString()).toBe('2550')
    expect(sale?.gain.instrument.toString()).toBe('1950')
    const held = holdingOf(report, 'ASELS')
    expect(held.quantity.toString()).toBe('150')
    expect(held.costBasis.instrument.toString()).toBe('2550')
  })

  it('average: the bonus units keep the pool’s date; the rights issue weighs in with its own', () => {
    // 60 units from 2024-01-10 and 40 from 2024-03-15 (65 days later) average 26 days after the
    // first, 2024-02-05; the 100 bonus units take that date; 100 subscribed on 2024-09-02 (210 days
    // later) move the 300 a third of the way, 70 days, to 2024-04-15.
    expect(lots(at(TRY_AVERAGE, '2024-06-03'))).toEqual([[null, '2024-02-05', '200', '5000']])
    expect(lots(at(TRY_AVERAGE, '2024-09-02'))).toEqual([[null, '2024-04-15', '300', '5100']])
  })

  it('FIFO: each lot takes its share of the bonus units with its cost and date; the rights are a lot of their own', () => {
    expect(lots(at(TRY_FIFO, '2024-06-03'))).toEqual([
      ['b1', '2024-01-10', '120', '2400'],
      ['b2', '2024-03-15', '80', '2600'],
    ])
    expect(lots(at(TRY_FIFO, '2024-09-02'))).toEqual([
      ['b1', '2024-01-10', '120', '2400'],
      ['b2', '2024-03-15', '80', '2600'],
      ['rights', '2024-09-02', '100', '100'],
    ])

    const report = at(TRY_FIFO, '2024-11-30')
    const [sale] = report.sales
    expect(sale?.cost.instrument.toString()).toBe('3375')
    expect(sale?.gain.instrument.toString()).toBe('1125')
    expect(
      sale?.lots.map((lot) => [
        lot.acquiredDate,
        lot.quantity.toString(),
        lot.cost.instrument.toString(),
      ]),
    ).toEqual([
      ['2024-01-10', '120', '2400'],
      ['2024-03-15', '30', '975'],
    ])
    expect(lots(report)).toEqual([
      ['b2', '2024-03-15', '50', '1625'],
      ['rights', '2024-09-02', '100', '100'],
    ])
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
          // Only the description of what was consumed or is held differs: a pool against the
          // one lot, with the same date, units and cost.
          for (const sale of [...average.sales, ...fifo.sales]) {
            delete sale.lots
            delete sale.averageCost
          }
          for (const holding of [...average.holdings, ...fifo.holdings]) {
            for (const lot of holding.openLots) delete lot.acquiredBy
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
    '%s: accounts for every unit’s cost exactly through sales, transfers, splits, bonus issues and older lots',
    (method) => {
      // Each step: buy (under FIFO possibly dated before the lots held), take out a share of
      // what is held (a sale or a transfer), split, or add bonus units. Whatever the order: what
      // was bought is exactly what is held plus what left, in both currencies, units and cost
      // alike; bonus units add exactly their number and no cost.
      const step = fc.oneof(
        fc.record({
          kind: fc.constant('buy' as const),
          quantity: fc.integer({ min: 1, max: 500 }),
          cents: fc.integer({ min: 1, max: 1_000_000 }),
          day: fc.integer({ min: 0, max: 400 }),
        }),
        // A share in thousandths: doubles would mostly be 0 or 1, and rarely end a sale inside a lot.
        fc.record({
          kind: fc.constant('take' as const),
          thousandths: fc.integer({ min: 1, max: 1000 }),
        }),
        fc.record({
          kind: fc.constant('split' as const),
          ratio: fc.constantFrom('2:1', '1:3', '3:2'),
        }),
        fc.record({
          kind: fc.constant('bonus' as const),
          quantity: fc.integer({ min: 1, max: 300 }),
        }),
      )
      const total = (lots: readonly Lot[]) => ({
        cost: sum(lots.map((lot) => lot.cost)),
        costBase: sum(lots.map((lot) => lot.costBase)),
      })
      fc.assert(
        fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
          const basis = createCostBasis(method)
          const bought: Lot[] = []
          const left: Lot[] = []
          steps.forEach((each, index) => {
            if (each.kind === 'buy') {
              const acquired = {
                acquiredBy: `b${index}`,
                acquiredDay: each.day,
                quantity: decimal(String(each.quantity)),
                cost: decimal((each.cents / 100).toFixed(2)),
                costBase: decimal((each.cents / 30).toFixed(4)),
              }
              basis.acquire(acquired)
              bought.push(acquired)
            } else if (each.kind === 'split') {
              const [newShares = '1', oldShares = '1'] = each.ratio.split(':')
              left.push(...basis.split(decimal(newShares), decimal(oldShares)))
              expect(basis.quantity.isWhole()).toBe(true)
            } else if (each.kind === 'bonus') {
              if (basis.quantity.isZero()) return
              const added = decimal(String(each.quantity))
              const before = basis.quantity
              basis.addBonusUnits(added)
              expect(basis.quantity.eq(before.plus(added))).toBe(true)
              expect(sum(basis.lots.map((lot) => lot.quantity)).eq(basis.quantity)).toBe(true)
            } else {
              const quantity = basis.quantity
                .times(decimal((each.thousandths / 1000).toFixed(3)))
                .floor()
              if (quantity.isZero()) return
              const taken = basis.take(quantity)
              expect(sum(taken.map((lot) => lot.quantity)).eq(quantity)).toBe(true)
              left.push(...taken)
            }
          })
          const held = total(basis.lots)
          expect(basis.cost.eq(held.cost)).toBe(true)
          expect(basis.costBase.eq(held.costBase)).toBe(true)
          expect(held.cost.plus(total(left).cost).eq(total(bought).cost)).toBe(true)
          expect(held.costBase.plus(total(left).costBase).eq(total(bought).costBase)).toBe(true)
        }),
        {
          numRuns: 200,
          // Found by a run: a 1-for-3 split's rounding residue left a lot of the last digits of
          // a unit, which the next split emptied and dropped with its cost.
          examples: [
            [
              [
                { kind: 'buy', quantity: 1, cents: 1, day: 0 },
                { kind: 'split', ratio: '2:1' },
                { kind: 'buy', quantity: 230, cents: 1, day: 0 },
                { kind: 'split', ratio: '2:1' },
                { kind: 'buy', quantity: 1, cents: 5, day: 0 },
                { kind: 'split', ratio: '1:3' },
                { kind: 'split', ratio: '3:2' },
              ],
            ],
          ],
        },
      )
    },
  )
})

describe('a split that leaves a fraction of a unit', () => {
  // 10 units for 700, then 1-for-3: 3 whole units stay (630); the third of a unit is paid out in
  // cash (5) with a tenth of the cost (70): a realized gain of −65. Selling all 3 leaves nothing.
  const reverse = rows(
    {
      id: 'b',
      type: 'BUY',
      tradeDate: '2024-01-02',
      instrumentCode: 'X',
      quantity: '10',
      unitPrice: '70',
    },
    {
      id: 'x',
      type: 'SPLIT',
      tradeDate: '2024-02-01',
      instrumentCode: 'X',
      splitRatio: '1:3',
      amount: '5',
    },
    {
      id: 's',
      type: 'SELL',
      tradeDate: '2024-03-01',
      instrumentCode: 'X',
      quantity: '3',
      unitPrice: '250',
    },
  )

  it.each(COST_BASIS_METHODS)(
    '%s: pays it out in cash, and selling all leaves exactly 0',
    (method) => {
      const portfolio = method === 'FIFO' ? TRY_FIFO : TRY_AVERAGE
      const afterSplit = analyze({ portfolio, transactions: reverse }, '2024-02-15')
      const holding = holdingOf(afterSplit, 'X')
      expect(holding.quantity.toString()).toBe('3')
      expect(holding.costBasis.instrument.toString()).toBe('630')
      const [cashInLieu] = afterSplit.sales
      expect(cashInLieu?.transactionId).toBe('x')
      expect(cashInLieu?.quantity.toString()).toBe('0.33333333333333333333')
      expect(cashInLieu?.cost.instrument.toString()).toBe('70')
      expect(cashInLieu?.gain.instrument.toString()).toBe('-65')
      expect(afterSplit.totals.investedCapital.toString()).toBe('695')

      const soldOut = analyze({ portfolio, transactions: reverse }, '2024-03-31')
      expect(soldOut.holdings).toEqual([])
      expect(soldOut.sales.at(1)?.cost.instrument.toString()).toBe('630')
      expect(soldOut.closedPositions[0]?.realizedGain.instrument.toString()).toBe('55')
    },
  )

  it('keeps every unit of a position that already held fractions', () => {
    const fractional = rows(
      { ...reverse[0], id: 'b', quantity: '10.5' } as Row,
      { ...reverse[1], id: 'x', amount: null } as Row,
    )
    const report = analyze({ portfolio: TRY_FIFO, transactions: fractional }, '2024-02-15')
    expect(holdingOf(report, 'X').quantity.toString()).toBe('3.5')
    expect(report.sales).toEqual([])
  })
})
