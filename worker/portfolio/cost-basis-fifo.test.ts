import { describe, expect, it } from 'vitest'
import { FifoCostBasis } from './cost-basis-fifo'
import { decimal, sum } from '../../shared/decimal/decimal'
import { parseIsoDate } from './iso-date'
import { TRY_FIFO, analyze, holdingOf, rows } from './test-fixtures'

// Worked example, checked by hand: three lots of 10 (100, 200, and 300 + fee 3 = 303), three sales
// at 40 of 5, 10 and 12 units.
//   Sale 1:  5 from lot 1 = 50;                          proceeds 200, gain 150; held 91 days.
//   Sale 2:  5 from lot 1 (50) + 5 from lot 2 (100) = 150; proceeds 400, gain 250.
//            Held 121 and 90 days: (5 × 121 + 5 × 90) / 10 = 105.5 → 106.
//   Sale 3:  5 from lot 2 (100) + 7 from lot 3 (303 × 7/10 = 212.1) = 312.1; proceeds 480, gain 167.9.
//            Held 121 and 92 days: (5 × 121 + 7 × 92) / 12 = 104.08 → 104.
//   Left: 3 units of lot 3 at 90.9, 30.3 a unit.
const threeLots = rows(
  {
    id: 'b1',
    type: 'BUY',
    tradeDate: '2024-01-01',
    instrumentCode: 'KCHOL',
    quantity: '10',
    unitPrice: '10',
  },
  {
    id: 'b2',
    type: 'BUY',
    tradeDate: '2024-02-01',
    instrumentCode: 'KCHOL',
    quantity: '10',
    unitPrice: '20',
  },
  {
    id: 'b3',
    type: 'BUY',
    tradeDate: '2024-03-01',
    instrumentCode: 'KCHOL',
    quantity: '10',
    unitPrice: '30',
    fee: '3',
  },
  {
    id: 's1',
    type: 'SELL',
    tradeDate: '2024-04-01',
    instrumentCode: 'KCHOL',
    quantity: '5',
    unitPrice: '40',
  },
  {
    id: 's2',
    type: 'SELL',
    tradeDate: '2024-05-01',
    instrumentCode: 'KCHOL',
    quantity: '10',
    unitPrice: '40',
  },
  {
    id: 's3',
    type: 'SELL',
    tradeDate: '2024-06-01',
    instrumentCode: 'KCHOL',
    quantity: '12',
    unitPrice: '40',
  },
)

describe('FIFO: partial sales across three lots', () => {
  const report = analyze({ portfolio: TRY_FIFO, transactions: threeLots }, '2024-06-30')

  it('consumes the oldest lots first, a part of a lot taking its share of that lot’s cost', () => {
    const summary = [...report.sales].map((sale) => ({
      id: sale.transactionId,
      cost: sale.cost.instrument.toString(),
      gain: sale.gain.instrument.toString(),
      lots: sale.lots.map(
        (lot) => `${lot.acquiredBy}:${lot.quantity.toString()}:${lot.cost.instrument.toString()}`,
      ),
      days: sale.holdingPeriodDays,
    }))
    expect(summary).toEqual([
      { id: 's1', cost: '50', gain: '150', lots: ['b1:5:50'], days: 91 },
      { id: 's2', cost: '150', gain: '250', lots: ['b1:5:50', 'b2:5:100'], days: 106 },
      { id: 's3', cost: '312.1', gain: '167.9', lots: ['b2:5:100', 'b3:7:212.1'], days: 104 },
    ])
  })

  it('leaves the newest lot’s remainder', () => {
    const holding = holdingOf(report, 'KCHOL')
    expect(holding.quantity.toString()).toBe('3')
    expect(holding.costBasis.instrument.toString()).toBe('90.9')
    expect(holding.averageCost?.toString()).toBe('30.3')
    expect(holding.realizedGain.instrument.toString()).toBe('567.9')
  })
})

describe('FifoCostBasis', () => {
  const day = (date: string) => parseIsoDate(date) ?? 0
  const lot = (acquiredBy: string, date: string, quantity: string, cost: string) => ({
    acquiredBy,
    acquiredDay: day(date),
    quantity: decimal(quantity),
    cost: decimal(cost),
    costBase: decimal(cost),
  })

  /** Takes `quantity` out: its cost and the lots it came from. */
  const take = (basis: FifoCostBasis, quantity: string) => {
    const lots = basis.take(decimal(quantity))
    return { cost: sum(lots.map((taken) => taken.cost)), lots }
  }

  it('queues a transferred-in lot by its acquisition date, not its arrival', () => {
    const basis = new FifoCostBasis()
    basis.acquire(lot('new', '2024-03-01', '1', '30'))
    basis.acquire(lot('old', '2023-01-01', '1', '10'))
    expect(take(basis, '1').lots.map((taken) => taken.acquiredBy)).toEqual(['old'])
  })

  it('queues lots of one acquisition date in arrival order, wherever they fall in the queue', () => {
    const basis = new FifoCostBasis()
    basis.acquire(lot('march', '2024-03-01', '1', '30'))
    basis.acquire(lot('january', '2023-01-01', '1', '10'))
    basis.acquire(lot('june', '2023-06-01', '1', '20'))
    basis.acquire(lot('january again', '2023-01-01', '1', '11'))
    basis.acquire(lot('march again', '2024-03-01', '1', '31'))
    expect(take(basis, '5').lots.map((taken) => taken.acquiredBy)).toEqual([
      'january',
      'january again',
      'june',
      'march',
      'march again',
    ])
  })

  // Worked by hand: a lot of 3 units for 100. Selling 1 takes 100 × 1/3 = 33.333…33 (to 20
  // places) and leaves 66.666…67; selling 1 of the 2 left takes 66.666…67 × 1/2 = 33.333…335,
  // rounded half to even to 33.333…34, and leaves 33.333…33, which the last unit takes whole.
  // The three parts add up to exactly 100.
  it('takes each sale’s proportional share and keeps the remainder, so the parts add up', () => {
    const basis = new FifoCostBasis()
    basis.acquire(lot('b', '2024-01-02', '3', '100'))
    expect(take(basis, '1').cost.toString()).toBe('33.33333333333333333333')
    expect(basis.cost.toString()).toBe('66.66666666666666666667')
    expect(take(basis, '1').cost.toString()).toBe('33.33333333333333333334')
    expect(basis.cost.toString()).toBe('33.33333333333333333333')
    expect(take(basis, '1').cost.toString()).toBe('33.33333333333333333333')
    expect(basis.cost.toString()).toBe('0')
    expect(basis.lots).toEqual([])
  })

  it('keeps a thousand partial sales exact: what is left plus what was sold is what was bought', () => {
    const basis = new FifoCostBasis()
    basis.acquire({ ...lot('b', '2024-01-01', '1000', '1000'), costBase: decimal('30000.5') })
    let soldCost = decimal('0')
    let soldCostBase = decimal('0')
    for (let sale = 0; sale < 999; sale++) {
      for (const taken of basis.take(decimal('0.999'))) {
        soldCost = soldCost.plus(taken.cost)
        soldCostBase = soldCostBase.plus(taken.costBase)
      }
    }
    expect(basis.quantity.toString()).toBe('1.999')
    expect(basis.cost.plus(soldCost).toString()).toBe('1000')
    expect(basis.costBase.plus(soldCostBase).toString()).toBe('30000.5')
  })
})
