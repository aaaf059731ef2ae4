import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ZERO, sum } from '../../shared/decimal/decimal'
import type { Holding } from './holdings'
import { decimal } from './index'
import { TRY_AVERAGE, TRY_FIFO, analyze, closedOf, holdingOf, rows, series } from './test-fixtures'
import type { Row } from './test-fixtures'

describe('dividends and fees', () => {
  // Worked example, checked by hand (no cash recorded):
  //   BUY 100 @ 20 + fee 5 + tax 1 = cost 2,006.  DIVIDEND 150 − withholding 15 = 135 net.
  //   FEE 12 and TAX 8 on the holding; INTEREST 10 on the portfolio.  Close 21: value 2,100.
  //   Holding: unrealized 94; dividends 135; fees 5 + 12 = 17; taxes 1 + 15 + 8 = 24.
  //   Invested: +2,006 − 135 + 12 + 8 − 10 = 1,881; total gain 2,100 − 1,881 = 219
  //   = 94 + 135 (dividends) + 10 (interest) − 20 (FEE and TAX).
  const report = analyze(
    {
      portfolio: TRY_AVERAGE,
      transactions: rows(
        {
          id: 'b1',
          type: 'BUY',
          tradeDate: '2024-01-02',
          instrumentCode: 'TUPRS',
          quantity: '100',
          unitPrice: '20',
          fee: '5',
          tax: '1',
        },
        {
          id: 'd1',
          type: 'DIVIDEND',
          tradeDate: '2024-05-02',
          instrumentCode: 'TUPRS',
          amount: '150',
          tax: '15',
        },
        { id: 'f1', type: 'FEE', tradeDate: '2024-06-01', instrumentCode: 'TUPRS', amount: '12' },
        { id: 't1', type: 'TAX', tradeDate: '2024-06-01', instrumentCode: 'TUPRS', amount: '8' },
        { id: 'i1', type: 'INTEREST', tradeDate: '2024-06-03', amount: '10' },
      ),
      prices: { TUPRS: series(['2024-06-28', '21']) },
    },
    '2024-06-30',
  )

  it('shows income net of withholding and every fee and tax paid on the holding', () => {
    const holding = holdingOf(report, 'TUPRS')
    expect(holding.costBasis.instrument.toString()).toBe('2006')
    expect(holding.marketValue.instrument.toString()).toBe('2100')
    expect(holding.unrealizedGain.instrument.toString()).toBe('94')
    expect(holding.dividends.instrument.toString()).toBe('135')
    expect(holding.fees.instrument.toString()).toBe('17')
    expect(holding.taxes.instrument.toString()).toBe('24')
    expect(holding.shareOfValue).toBe(1)
  })

  it('counts fees inside a cost basis once, and stand-alone costs against the total gain', () => {
    const totals = report.totals
    expect(totals.investedCapital.toString()).toBe('1881')
    expect(totals.totalGain.toString()).toBe('219')
    expect(totals.dividends.toString()).toBe('135')
    expect(totals.interest.toString()).toBe('10')
    expect(totals.otherCosts.toString()).toBe('20')
    expect(totals.fees.toString()).toBe('17')
    expect(totals.taxes.toString()).toBe('24')
  })
})

describe('income and costs in a foreign currency, each at its own date’s FX rate', () => {
  // Worked example, checked by hand (TRY portfolio, average cost, no cash recorded):
  //   BUY 10 UST @ 100 USD + fee 2 + tax 1 at 30: cost 1,003 USD = 30,090 TRY (fee 60, tax 30).
  //   DIVIDEND 50 USD − withholding 5 at 32: net 45 USD = 1,440 TRY (tax 160).
  //   INTEREST 20 USD − charge 1 at 33 (a coupon): net 19 USD = 627 TRY (fee 33).
  //   FEE 4 USD and TAX 2 USD at 35: 140 and 70 TRY, other costs 210 TRY.
  //   Fees 7 USD = 60 + 33 + 140 = 233 TRY; taxes 8 USD = 30 + 160 + 70 = 260 TRY.
  //   Invested: 30,090 − 1,440 − 627 + 140 + 70 = 28,233. Close 101 USD, valued at the last rate
  //   seen (35): 35,350 TRY; total gain 7,117 = unrealized 5,260 + 1,440 + 627 − 210.
  const usd = { instrumentCode: 'UST', currency: 'USD' }
  const report = analyze(
    {
      portfolio: TRY_AVERAGE,
      transactions: rows(
        {
          ...usd,
          id: 'b1',
          type: 'BUY',
          tradeDate: '2024-01-02',
          fxRate: '30',
          quantity: '10',
          unitPrice: '100',
          fee: '2',
          tax: '1',
        },
        {
          ...usd,
          id: 'd1',
          type: 'DIVIDEND',
          tradeDate: '2024-03-01',
          fxRate: '32',
          amount: '50',
          tax: '5',
        },
        {
          ...usd,
          id: 'i1',
          type: 'INTEREST',
          tradeDate: '2024-04-01',
          fxRate: '33',
          amount: '20',
          fee: '1',
        },
        { ...usd, id: 'f1', type: 'FEE', tradeDate: '2024-05-02', fxRate: '35', amount: '4' },
        { ...usd, id: 't1', type: 'TAX', tradeDate: '2024-05-02', fxRate: '35', amount: '2' },
      ),
      prices: { UST: series(['2024-06-28', '101']) },
    },
    '2024-06-30',
  )

  it('converts each income, fee and tax of the holding at its own rate', () => {
    const holding = holdingOf(report, 'UST')
    expect(holding.costBasis.base.toString()).toBe('30090')
    expect(holding.dividends.instrument.toString()).toBe('45')
    expect(holding.dividends.base.toString()).toBe('1440')
    expect(holding.interest.instrument.toString()).toBe('19')
    expect(holding.interest.base.toString()).toBe('627')
    expect(holding.fees.instrument.toString()).toBe('7')
    expect(holding.fees.base.toString()).toBe('233')
    expect(holding.taxes.instrument.toString()).toBe('8')
    expect(holding.taxes.base.toString()).toBe('260')
  })

  it('adds them up in the totals, in the base currency', () => {
    const totals = report.totals
    expect(totals.dividends.toString()).toBe('1440')
    expect(totals.interest.toString()).toBe('627')
    expect(totals.fees.toString()).toBe('233')
    expect(totals.taxes.toString()).toBe('260')
    expect(totals.otherCosts.toString()).toBe('210')
    expect(totals.investedCapital.toString()).toBe('28233')
    expect(totals.value.toString()).toBe('35350')
    expect(totals.totalGain.toString()).toBe('7117')
  })
})

describe('a USD stock in a TRY portfolio, where the currency effect dominates', () => {
  const portfolio = { ...TRY_FIFO, recordsCash: false }
  const fxRates = {
    'USD/TRY': series(['2024-01-02', '30'], ['2024-03-01', '32'], ['2024-06-28', '40']),
  }

  it('splits the gain as in the design: 14,000 TRY = price effect 4,000 + currency effect 10,000', () => {
    const report = analyze(
      {
        portfolio,
        transactions: rows({
          id: 'b1',
          type: 'BUY',
          tradeDate: '2024-01-02',
          instrumentCode: 'AAPL',
          currency: 'USD',
          fxRate: '30',
          quantity: '10',
          unitPrice: '100',
        }),
        prices: { AAPL: series(['2024-06-28', '110']) },
        fxRates,
      },
      '2024-06-30',
    )
    const holding = holdingOf(report, 'AAPL')
    expect(holding.costBasis.base.toString()).toBe('30000')
    expect(holding.marketValue.instrument.toString()).toBe('1100')
    expect(holding.marketValue.base.toString()).toBe('44000')
    expect(holding.unrealizedGain.instrument.toString()).toBe('100')
    expect(holding.unrealizedGain.base.toString()).toBe('14000')
    expect(holding.unrealizedCurrencyEffect.toString()).toBe('10000')
    expect(holding.unrealizedPriceEffect.toString()).toBe('4000')
    expect(decimal('10').eq(holding.quantity)).toBe(true)
    expect(holding.unrealizedReturn.instrument).toBeCloseTo(0.1, 12)
    expect(holding.unrealizedReturn.base).toBeCloseTo(14000 / 30000, 12)
    expect(holding.fxRate.toString()).toBe('40')
  })

  // One purchase: the average pool and the FIFO lot cost the same, so both methods give these.
  it.each([TRY_FIFO, TRY_AVERAGE])(
    'splits a sale’s realized gain the same way, at the sale’s FX rate ($costBasisMethod)',
    (method) => {
      // SELL 4 @ 105 − fee 1 = 419 USD at 32 = 13,408 TRY; cost 400 USD = 12,000 TRY.
      // Gain 1,408 TRY = currency effect 400 × 32 − 12,000 = 800 + price effect 19 × 32 = 608.
      const report = analyze(
        {
          portfolio: method,
          transactions: rows(
            {
              id: 'b1',
              type: 'BUY',
              tradeDate: '2024-01-02',
              instrumentCode: 'AAPL',
              currency: 'USD',
              fxRate: '30',
              quantity: '10',
              unitPrice: '100',
            },
            {
              id: 's1',
              type: 'SELL',
              tradeDate: '2024-03-01',
              instrumentCode: 'AAPL',
              currency: 'USD',
              fxRate: '32',
              quantity: '4',
              unitPrice: '105',
              fee: '1',
            },
          ),
          prices: { AAPL: series(['2024-06-28', '110']) },
          fxRates,
        },
        '2024-06-30',
      )
      const [sale] = report.sales
      expect(sale?.proceeds.base.toString()).toBe('13408')
      expect(sale?.gain.instrument.toString()).toBe('19')
      expect(sale?.gain.base.toString()).toBe('1408')
      expect(sale?.currencyEffect.toString()).toBe('800')
      expect(sale?.priceEffect.toString()).toBe('608')
      const holding = holdingOf(report, 'AAPL')
      // 6 left: 660 USD = 26,400 TRY against 18,000: 8,400 = 2,400 price + 6,000 currency.
      expect(holding.unrealizedGain.base.toString()).toBe('8400')
      expect(holding.unrealizedCurrencyEffect.toString()).toBe('6000')
      expect(holding.realizedCurrencyEffect.toString()).toBe('800')
      expect(holding.realizedPriceEffect.toString()).toBe('608')
      expect(holding.unrealizedPriceEffect.toString()).toBe('2400')
      expect(report.totals.unrealizedCurrencyEffect.toString()).toBe('6000')
      expect(report.totals.unrealizedPriceEffect.toString()).toBe('2400')
      expect(report.totals.realizedCurrencyEffect.toString()).toBe('800')
      expect(report.totals.realizedPriceEffect.toString()).toBe('608')
    },
  )
})

describe('charges on a stand-alone fee', () => {
  it('count the fee, its own charges and all of it as a cost', () => {
    // FEE 12 with a charge of 1 and a tax of 2: 15 paid; fees 12 + 1 = 13, taxes 2, other costs
    // 15, and with no cash recorded, 15 put in.
    const report = analyze(
      {
        portfolio: TRY_AVERAGE,
        transactions: rows({
          id: 'f1',
          type: 'FEE',
          tradeDate: '2024-06-01',
          amount: '12',
          fee: '1',
          tax: '2',
        }),
      },
      '2024-06-30',
    )
    expect(report.totals.fees.toString()).toBe('13')
    expect(report.totals.taxes.toString()).toBe('2')
    expect(report.totals.otherCosts.toString()).toBe('15')
    expect(report.totals.investedCapital.toString()).toBe('15')
  })
})

describe('closed positions', () => {
  it('are listed apart from holdings, by code, with their realized gain', () => {
    // ZZZ: 10 @ 10 bought, sold @ 12: realized 20. AAA: 5 @ 20 bought and sold at the same price.
    // Nothing is held and no cash is recorded, so the portfolio is worth 0 and holds nothing.
    const report = analyze(
      {
        portfolio: TRY_AVERAGE,
        transactions: rows(
          {
            id: 'b1',
            type: 'BUY',
            tradeDate: '2024-01-02',
            instrumentCode: 'ZZZ',
            quantity: '10',
            unitPrice: '10',
          },
          {
            id: 'b2',
            type: 'BUY',
            tradeDate: '2024-01-03',
            instrumentCode: 'AAA',
            quantity: '5',
            unitPrice: '20',
          },
          {
            id: 's1',
            type: 'SELL',
            tradeDate: '2024-02-01',
            instrumentCode: 'ZZZ',
            quantity: '10',
            unitPrice: '12',
          },
          {
            id: 's2',
            type: 'SELL',
            tradeDate: '2024-02-02',
            instrumentCode: 'AAA',
            quantity: '5',
            unitPrice: '20',
          },
        ),
      },
      '2024-06-30',
    )
    expect(report.holdings).toEqual([])
    expect(report.closedPositions.map((closed) => closed.instrumentCode)).toEqual(['AAA', 'ZZZ'])
    expect(report.totals.value.toString()).toBe('0')
    expect(report.totals.costBasis.toString()).toBe('0')
    expect(closedOf(report, 'ZZZ').realizedGain.base.toString()).toBe('20')
    expect(closedOf(report, 'ZZZ').realizedPriceEffect.toString()).toBe('20')
    expect(closedOf(report, 'AAA').realizedGain.base.toString()).toBe('0')
  })
})

describe('prices', () => {
  it('values at the last trade before the first close, and at cost with no price at all', () => {
    const report = analyze(
      {
        portfolio: TRY_AVERAGE,
        transactions: rows(
          {
            id: 'b1',
            type: 'BUY',
            tradeDate: '2024-01-02',
            instrumentCode: 'NEW',
            quantity: '2',
            unitPrice: '10',
            fee: '1',
          },
          {
            id: 'b2',
            type: 'BUY',
            tradeDate: '2024-01-05',
            instrumentCode: 'NEW',
            quantity: '1',
            unitPrice: '12',
          },
          {
            id: 't1',
            type: 'TRANSFER_IN',
            tradeDate: '2024-01-05',
            instrumentCode: 'GIFT',
            quantity: '4',
            unitPrice: '5',
            fee: '2',
          },
        ),
        prices: { NEW: series(['2024-02-01', '15']) },
      },
      '2024-01-31',
    )
    const recent = holdingOf(report, 'NEW')
    expect([recent.priceSource, recent.price?.toString(), recent.priceDate]).toEqual([
      'trade',
      '12',
      '2024-01-05',
    ])
    expect(recent.marketValue.instrument.toString()).toBe('36')
    const gift = holdingOf(report, 'GIFT')
    expect([gift.priceSource, gift.price]).toEqual(['cost', null])
    expect(gift.marketValue.instrument.toString()).toBe('22')
    expect(gift.unrealizedGain.instrument.toString()).toBe('0')
  })

  it('adjusts the standing-in trade price for a bonus issue; a subscription price never stands in', () => {
    // BUY 10 @ 50; a bonus issue of 10 makes the 50 a 25; 10 subscribed at 5 leave it at 25:
    // 30 units, 750.
    const report = analyze(
      {
        portfolio: TRY_FIFO,
        transactions: rows(
          {
            id: 'b',
            type: 'BUY',
            tradeDate: '2024-01-02',
            instrumentCode: 'X',
            quantity: '10',
            unitPrice: '50',
          },
          {
            id: 'x',
            type: 'BONUS_ISSUE',
            tradeDate: '2024-02-01',
            instrumentCode: 'X',
            quantity: '10',
          },
          {
            id: 'r',
            type: 'RIGHTS_ISSUE',
            tradeDate: '2024-03-01',
            instrumentCode: 'X',
            quantity: '10',
            unitPrice: '5',
          },
        ),
      },
      '2024-03-31',
    )
    const holding = holdingOf(report, 'X')
    expect([holding.priceSource, holding.price?.toString(), holding.priceDate]).toEqual([
      'trade',
      '25',
      '2024-01-02',
    ])
    expect(holding.marketValue.instrument.toString()).toBe('750')
    expect(holding.costBasis.instrument.toString()).toBe('550')
  })

  it('carries the last close forward', () => {
    const report = analyze(
      {
        portfolio: TRY_AVERAGE,
        transactions: rows({
          id: 'b1',
          type: 'BUY',
          tradeDate: '2024-01-02',
          instrumentCode: 'X',
          quantity: '1',
          unitPrice: '10',
        }),
        prices: { X: series(['2024-01-02', '10'], ['2024-01-05', '11'], ['2024-01-08', '12']) },
      },
      '2024-01-07',
    )
    expect([holdingOf(report, 'X').price?.toString(), holdingOf(report, 'X').priceDate]).toEqual([
      '11',
      '2024-01-05',
    ])
  })
})

describe('the sum of the holdings’ values is the portfolio’s value', () => {
  const money = fc.integer({ min: 1, max: 1_000_000 }).map((cents) => (cents / 100).toFixed(2))
  const units = fc
    .integer({ min: 1, max: 10_000_000 })
    .map((hundredMillionths) => (hundredMillionths / 1e6).toFixed(6))
  it('holds for any mix of currencies, cash, prices and sales', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            instrument: fc.constantFrom('A', 'B', 'C'),
            quantity: units,
            price: money,
            fee: money,
            close: money,
            sellHalf: fc.boolean(),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.boolean(),
        (trades, recordsCash) => {
          const currencies: Record<string, string> = { A: 'TRY', B: 'USD', C: 'EUR' }
          const fxRate = (instrument: string) =>
            instrument === 'A' ? null : instrument === 'B' ? '32.5' : '35.125'
          const transactions = rows(
            ...(recordsCash
              ? [{ id: 'dep', type: 'DEPOSIT', tradeDate: '2024-01-01', amount: '1000' }]
              : []),
            ...trades.flatMap((trade, index) => {
              const common = {
                instrumentCode: trade.instrument,
                currency: currencies[trade.instrument],
                fxRate: fxRate(trade.instrument),
                tradeDate: `2024-01-${String(index + 2).padStart(2, '0')}`,
              }
              const buy = {
                ...common,
                id: `b${index}`,
                type: 'BUY',
                quantity: trade.quantity,
                unitPrice: trade.price,
                fee: trade.fee,
              }
              if (!trade.sellHalf) return [buy]
              return [
                buy,
                {
                  ...common,
                  id: `s${index}`,
                  type: 'SELL',
                  quantity: (Number(trade.quantity) / 2).toFixed(7),
                  unitPrice: trade.close,
                },
              ]
            }),
          )
          const prices = Object.fromEntries(
            trades.map((trade) => [trade.instrument, series(['2024-02-01', trade.close])]),
          )
          const fxRates = {
            'USD/TRY': series(['2024-02-01', '33.25']),
            'TRY/EUR': series(['2024-02-01', '0.025']),
          }
          const report = analyze(
            { portfolio: { ...TRY_FIFO, recordsCash }, transactions, prices, fxRates },
            '2024-02-15',
          )
          const holdingsValue = report.holdings.reduce(
            (sum, holding) => sum.plus(holding.marketValue.base),
            ZERO,
          )
          expect(
            holdingsValue.plus(report.totals.cashBalance ?? ZERO).eq(report.totals.value),
          ).toBe(true)
          const shares = report.holdings.reduce(
            (sum, holding) => sum + (holding.shareOfValue ?? 0),
            0,
          )
          if (report.totals.cashBalance === null) expect(shares).toBeCloseTo(1, 9)
        },
      ),
    )
  })
})

describe('open lots', () => {
  // Worked example, checked by hand (TRY, no cash recorded), reported on 2024-06-30:
  //   BUY b1 2023-01-02: 10 @ 100 + fee 10 = 1,010.   BUY b2 2023-07-03: 10 @ 120 + fee 10 = 1,210.
  //   SELL 4 on 2023-10-02.   SPLIT 2:1 on 2024-01-02.
  //   FIFO: the sale takes 4 of b1 (1,010 × 4/10 = 404); b1 keeps 6 units at 606, b2 10 at 1,210;
  //   the split doubles the units: b1 12 at 606, b2 20 at 1,210. Held since 2023-01-02: 365 + 180 =
  //   545 days; since 2023-07-03: 363 days (2024 is a leap year).
  //   Average: one pool of 20 at 2,220, dated by quantity 91 days after 2023-01-02 (b2 came 182
  //   days later): 2023-04-03. The sale takes 2,220 × 4/20 = 444; 16 units at 1,776; the split
  //   makes 32 at 1,776. Held 545 − 91 = 454 days.
  const transactions = rows(
    {
      id: 'b1',
      type: 'BUY',
      tradeDate: '2023-01-02',
      instrumentCode: 'ASELS',
      quantity: '10',
      unitPrice: '100',
      fee: '10',
    },
    {
      id: 'b2',
      type: 'BUY',
      tradeDate: '2023-07-03',
      instrumentCode: 'ASELS',
      quantity: '10',
      unitPrice: '120',
      fee: '10',
    },
    {
      id: 's1',
      type: 'SELL',
      tradeDate: '2023-10-02',
      instrumentCode: 'ASELS',
      quantity: '4',
      unitPrice: '130',
    },
    {
      id: 'x1',
      type: 'SPLIT',
      tradeDate: '2024-01-02',
      instrumentCode: 'ASELS',
      splitRatio: '2:1',
    },
  )
  const lotsOf = (holding: Holding) =>
    holding.openLots.map((lot) => [
      lot.acquiredBy,
      lot.acquiredDate,
      lot.quantity.toString(),
      lot.cost.instrument.toString(),
      lot.cost.base.toString(),
      lot.holdingPeriodDays,
    ])

  it('FIFO: the lots still held, oldest first, after a partial sale and a split', () => {
    const holding = holdingOf(analyze({ portfolio: TRY_FIFO, transactions }, '2024-06-30'), 'ASELS')
    expect(lotsOf(holding)).toEqual([
      ['b1', '2023-01-02', '12', '606', '606', 545],
      ['b2', '2023-07-03', '20', '1210', '1210', 363],
    ])
    expect(holding.quantity.toString()).toBe('32')
    expect(holding.costBasis.instrument.toString()).toBe('1816')
  })

  it('average: one pool at the quantity-weighted acquisition date', () => {
    const holding = holdingOf(
      analyze({ portfolio: TRY_AVERAGE, transactions }, '2024-06-30'),
      'ASELS',
    )
    expect(lotsOf(holding)).toEqual([[null, '2023-04-03', '32', '1776', '1776', 454]])
  })

  it('FIFO: a transfer in takes its place by its acquired date, at its purchase FX rate', () => {
    // BUY 5 @ 180 USD at 31: 900 USD = 27,900 TRY, held 150 days on 2024-06-30.
    // TRANSFER_IN 3 @ 150 USD, bought 2022-05-16 at 15: 450 USD = 6,750 TRY, held 731 + 45 = 776
    // days; it goes ahead of the later purchase.
    const usd = { instrumentCode: 'AAPL', currency: 'USD' }
    const report = analyze(
      {
        portfolio: TRY_FIFO,
        transactions: rows(
          {
            id: 'b1',
            type: 'BUY',
            tradeDate: '2024-02-01',
            ...usd,
            quantity: '5',
            unitPrice: '180',
            fxRate: '31',
          },
          {
            id: 't1',
            type: 'TRANSFER_IN',
            tradeDate: '2024-03-01',
            ...usd,
            quantity: '3',
            unitPrice: '150',
            fxRate: '32',
            acquiredDate: '2022-05-16',
            acquisitionFxRate: '15',
          },
        ),
      },
      '2024-06-30',
    )
    expect(lotsOf(holdingOf(report, 'AAPL'))).toEqual([
      ['t1', '2022-05-16', '3', '450', '6750', 776],
      ['b1', '2024-02-01', '5', '900', '27900', 150],
    ])
  })

  it('FIFO: the open lots add up to the holding’s quantity and cost basis', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 50 }), sold: fc.nat(60) }), {
          minLength: 1,
          maxLength: 8,
        }),
        (steps) => {
          let held = 0
          const list: Row[] = []
          steps.forEach(({ quantity, sold }, at) => {
            const tradeDate = `2024-0${1 + Math.floor(at / 3)}-1${at % 3}`
            list.push({
              id: `b${at}`,
              type: 'BUY',
              tradeDate,
              instrumentCode: 'X',
              quantity: String(quantity),
              unitPrice: '7.3',
              fee: '1',
            })
            held += quantity
            const sell = Math.min(sold, held - 1)
            if (sell > 0) {
              list.push({
                id: `s${at}`,
                type: 'SELL',
                tradeDate,
                instrumentCode: 'X',
                quantity: String(sell),
                unitPrice: '9',
              })
              held -= sell
            }
          })
          const holding = holdingOf(
            analyze({ portfolio: TRY_FIFO, transactions: rows(...list) }, '2024-12-31'),
            'X',
          )
          expect(sum(holding.openLots.map((lot) => lot.quantity)).eq(holding.quantity)).toBe(true)
          expect(
            sum(holding.openLots.map((lot) => lot.cost.instrument)).eq(
              holding.costBasis.instrument,
            ),
          ).toBe(true)
        },
      ),
    )
  })
})
