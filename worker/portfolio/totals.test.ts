import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sum } from '../../shared/decimal/decimal'
import { analyzePortfolio } from './portfolio-report'
import { TRY_AVERAGE, analyze, rows, series } from './test-fixtures'
import type { Row } from './test-fixtures'

const WITH_CASH = { ...TRY_AVERAGE, recordsCash: true }

/** A purchase, a bonus issue of one unit per unit held, and a rights issue. */
const CAPITAL_INCREASES: Row[] = [
  {
    id: 'b',
    type: 'BUY',
    tradeDate: '2024-02-01',
    instrumentCode: 'THYAO',
    quantity: '10',
    unitPrice: '50',
  },
  {
    id: 'x',
    type: 'BONUS_ISSUE',
    tradeDate: '2024-03-01',
    instrumentCode: 'THYAO',
    quantity: '10',
  },
  {
    id: 'r',
    type: 'RIGHTS_ISSUE',
    tradeDate: '2024-04-01',
    instrumentCode: 'THYAO',
    quantity: '10',
    unitPrice: '5',
    fee: '1',
  },
]

describe('a portfolio that records cash', () => {
  // Worked example, checked by hand (average cost):
  //   DEPOSIT 10,000 − fee 10            cash  9,990   invested 10,000   other costs 10
  //   BUY 50 @ 100 + fee 5 = 5,005       cash  4,985
  //   DIVIDEND 100 − withholding 10      cash  5,075   dividends 90
  //   SELL 20 @ 120 − fee 4 = 2,396      cash  7,471   cost 5,005 × 20/50 = 2,002, realized 394
  //   FEE 25 (account)                   cash  7,446   other costs 35
  //   INTEREST 30 − tax 3                cash  7,473   interest 27
  //   WITHDRAWAL 1,000                   cash  6,473   invested 9,000
  //   End of 2024, close 110: 30 units = 3,300, value 9,773, total gain 773.
  //   2025-06-30, close 130: 3,900 (cost 3,003, unrealized 897), value 10,373, total gain 1,373
  //     = 897 + 394 + 90 + 27 − 35.
  const report = analyze(
    {
      portfolio: WITH_CASH,
      transactions: rows(
        { id: 'd1', type: 'DEPOSIT', tradeDate: '2024-01-02', amount: '10000', fee: '10' },
        {
          id: 'b1',
          type: 'BUY',
          tradeDate: '2024-01-03',
          instrumentCode: 'THYAO',
          quantity: '50',
          unitPrice: '100',
          fee: '5',
        },
        {
          id: 'v1',
          type: 'DIVIDEND',
          tradeDate: '2024-02-01',
          instrumentCode: 'THYAO',
          amount: '100',
          tax: '10',
        },
        {
          id: 's1',
          type: 'SELL',
          tradeDate: '2024-03-01',
          instrumentCode: 'THYAO',
          quantity: '20',
          unitPrice: '120',
          fee: '4',
        },
        { id: 'f1', type: 'FEE', tradeDate: '2024-04-01', amount: '25' },
        { id: 'i1', type: 'INTEREST', tradeDate: '2024-05-01', amount: '30', tax: '3' },
        { id: 'w1', type: 'WITHDRAWAL', tradeDate: '2024-06-03', amount: '1000' },
      ),
      prices: { THYAO: series(['2024-12-31', '110'], ['2025-06-30', '130']) },
    },
    '2025-06-30',
  )

  it('keeps the cash balance from deposits, withdrawals, trades, income and costs', () => {
    const totals = report.totals
    expect(totals.cashBalance?.toString()).toBe('6473')
    expect(totals.securitiesValue.toString()).toBe('3900')
    expect(totals.value.toString()).toBe('10373')
    expect(totals.investedCapital.toString()).toBe('9000')
    expect(totals.costBasis.toString()).toBe('3003')
    expect(totals.totalGain.toString()).toBe('1373')
    expect(totals.unrealizedGain.toString()).toBe('897')
    expect(totals.realizedGain.toString()).toBe('394')
    expect(totals.dividends.toString()).toBe('90')
    expect(totals.interest.toString()).toBe('27')
    expect(totals.otherCosts.toString()).toBe('35')
    expect(totals.fees.toString()).toBe('44')
    expect(totals.taxes.toString()).toBe('13')
  })

  it('takes charges from a deposit and adds them to a withdrawal, as costs', () => {
    // Deposit 1,000 − fee 10 − tax 2 = 988 in cash; withdrawal 500 + fee 5 = 505 out of it.
    // Invested: what the investor sent and received, 1,000 − 500. Other costs 10 + 2 + 5.
    const { totals } = analyze(
      {
        portfolio: WITH_CASH,
        transactions: rows(
          {
            id: 'd',
            type: 'DEPOSIT',
            tradeDate: '2024-01-02',
            amount: '1000',
            fee: '10',
            tax: '2',
          },
          { id: 'w', type: 'WITHDRAWAL', tradeDate: '2024-02-01', amount: '500', fee: '5' },
        ),
      },
      '2024-12-31',
    )
    expect(totals.cashBalance?.toString()).toBe('483')
    expect(totals.investedCapital.toString()).toBe('500')
    expect(totals.otherCosts.toString()).toBe('17')
    expect(totals.totalGain.toString()).toBe('-17')
  })

  it('takes a refund as a cost given back, never as a charge (docs/portfolio-math.md)', () => {
    // Deposit 1,000; TAX 30 → cash 970, other costs 30; TAX_REFUND 12 → cash 982, taxes paid
    // 18, other costs 18; total gain 982 − 1,000 = −18.
    const { totals } = analyze(
      {
        portfolio: WITH_CASH,
        transactions: rows(
          { id: 'd', type: 'DEPOSIT', tradeDate: '2024-01-02', amount: '1000' },
          { id: 't', type: 'TAX', tradeDate: '2024-02-01', amount: '30' },
          { id: 'r', type: 'TAX_REFUND', tradeDate: '2024-03-01', amount: '12' },
        ),
      },
      '2024-12-31',
    )
    expect(totals.cashBalance?.toString()).toBe('982')
    expect(totals.taxes.toString()).toBe('18')
    expect(totals.otherCosts.toString()).toBe('18')
    expect(totals.investedCapital.toString()).toBe('1000')
    expect(totals.totalGain.toString()).toBe('-18')
  })

  it('pays a rights issue out of cash and moves no money on a bonus issue (docs/portfolio-math.md)', () => {
    // Deposit 1,000; BUY 10 @ 50 → cash 500; BONUS_ISSUE 10 → cash 500; RIGHTS_ISSUE 10 @ 5 +
    // fee 1 = 51 → cash 449. Invested stays 1,000; 30 units cost 551. Without cash the same
    // purchases are money put in: 500, 500, 551.
    const transactions = rows(
      { id: 'd', type: 'DEPOSIT', tradeDate: '2024-01-02', amount: '1000' },
      ...CAPITAL_INCREASES,
    )
    const { totals } = analyze({ portfolio: WITH_CASH, transactions }, '2024-12-31')
    expect(totals.cashBalance?.toString()).toBe('449')
    expect(totals.investedCapital.toString()).toBe('1000')
    expect(totals.costBasis.toString()).toBe('551')
    expect(totals.fees.toString()).toBe('1')

    const invested = (asOf: string) =>
      analyze({ portfolio: TRY_AVERAGE, transactions: rows(...CAPITAL_INCREASES) }, asOf).totals
        .investedCapital
    expect(invested('2024-02-01').toString()).toBe('500')
    expect(invested('2024-03-01').toString()).toBe('500')
    expect(invested('2024-04-01').toString()).toBe('551')
  })

  it('moves money between the cash of two currencies on an exchange (docs/portfolio-math.md)', () => {
    // Base EUR: deposit 1,000 EUR; EXCHANGE 500 EUR into 540 USD, fee 2 EUR → cash 498 EUR and
    // 540 USD costing 500 EUR, other costs 2. At 1.10 USD per EUR the dollars are worth
    // 490.91 EUR: value 988.91, total gain −11.09 = −2 − 9.09 currency effect on cash.
    const euros = { baseCurrency: 'EUR', costBasisMethod: 'FIFO', recordsCash: true } as const
    const { totals } = analyze(
      {
        portfolio: euros,
        transactions: rows(
          { id: 'd', type: 'DEPOSIT', tradeDate: '2024-01-02', currency: 'EUR', amount: '1000' },
          {
            id: 'x',
            type: 'EXCHANGE',
            tradeDate: '2024-01-03',
            currency: 'EUR',
            amount: '500',
            fee: '2',
            toCurrency: 'USD',
            toAmount: '540',
          },
        ),
        fxRates: { 'EUR/USD': series(['2024-01-04', '1.10']) },
      },
      '2024-01-04',
    )
    const cents = (value: { round(places: number): { toString(): string } }) =>
      value.round(2).toString()
    expect(cents(totals.cashBalance!)).toBe('988.91')
    expect(totals.investedCapital.toString()).toBe('1000')
    expect(totals.otherCosts.toString()).toBe('2')
    expect(totals.fees.toString()).toBe('2')
    expect(cents(totals.cashCurrencyEffect)).toBe('-9.09')
    expect(cents(totals.totalGain)).toBe('-11.09')
  })

  it('refuses an exchange in a portfolio without cash, or into the same currency', () => {
    const exchange = {
      id: 'x',
      type: 'EXCHANGE',
      tradeDate: '2024-01-03',
      amount: '500',
      toCurrency: 'USD',
      toAmount: '15',
    }
    expect(
      analyzePortfolio(
        { portfolio: TRY_AVERAGE, transactions: rows(exchange) },
        { asOf: '2024-01-04' },
      ),
    ).toMatchObject({ ok: false, error: { code: 'cash_not_recorded', transactionId: 'x' } })
    const same = { ...exchange, toCurrency: 'TRY' }
    expect(
      analyzePortfolio({ portfolio: WITH_CASH, transactions: rows(same) }, { asOf: '2024-01-04' }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_currency', field: 'toCurrency' } })
  })

  it('takes a refund without cash as money taken out (docs/portfolio-math.md)', () => {
    const { totals } = analyze(
      {
        portfolio: TRY_AVERAGE,
        transactions: rows(
          { id: 'f', type: 'FEE', tradeDate: '2024-02-01', amount: '10' },
          { id: 'r', type: 'FEE_REFUND', tradeDate: '2024-03-01', amount: '4' },
        ),
      },
      '2024-12-31',
    )
    expect(totals.investedCapital.toString()).toBe('6')
    expect(totals.otherCosts.toString()).toBe('6')
    expect(totals.fees.toString()).toBe('6')
    expect(totals.totalGain.toString()).toBe('-6')
  })

  it('gives the same figures per calendar year', () => {
    const years = report.years.map((year) => ({
      year: year.year,
      endDate: year.endDate,
      value: year.value.toString(),
      investedCapital: year.investedCapital.toString(),
      cashBalance: year.cashBalance?.toString(),
      totalGain: year.totalGain.toString(),
      netInflow: year.netInflow.toString(),
      gain: year.gain.toString(),
      realizedGain: year.realizedGain.toString(),
      income: [year.dividends.toString(), year.interest.toString()],
      costs: [year.otherCosts.toString(), year.fees.toString(), year.taxes.toString()],
    }))
    expect(years).toEqual([
      {
        year: 2024,
        endDate: '2024-12-31',
        value: '9773',
        investedCapital: '9000',
        cashBalance: '6473',
        totalGain: '773',
        netInflow: '9000',
        gain: '773',
        realizedGain: '394',
        income: ['90', '27'],
        costs: ['35', '44', '13'],
      },
      {
        year: 2025,
        endDate: '2025-06-30',
        value: '10373',
        investedCapital: '9000',
        cashBalance: '6473',
        totalGain: '1373',
        netInflow: '0',
        gain: '600',
        realizedGain: '0',
        income: ['0', '0'],
        costs: ['0', '0', '0'],
      },
    ])
  })

  it('shows what exchange rates did to cash held in another currency', () => {
    // 100 EUR deposited at 35 (3,500 TRY) are worth 4,000 TRY at 40: a 500 TRY currency effect.
    const euros = analyze(
      {
        portfolio: WITH_CASH,
        transactions: rows({
          id: 'd1',
          type: 'DEPOSIT',
          tradeDate: '2024-01-02',
          currency: 'EUR',
          fxRate: '35',
          amount: '100',
        }),
        fxRates: { 'EUR/TRY': series(['2024-06-28', '40']) },
      },
      '2024-06-30',
    )
    expect(euros.totals.cashBalance?.toString()).toBe('4000')
    expect(euros.totals.investedCapital.toString()).toBe('3500')
    expect(euros.totals.cashCurrencyEffect.toString()).toBe('500')
    expect(euros.totals.totalGain.toString()).toBe('500')
  })
})

describe('total gain', () => {
  const money = fc.integer({ min: 1, max: 10_000_00 }).map((cents) => (cents / 100).toFixed(2))
  it('breaks down exactly into unrealized, realized, income, other costs and cash currency effect; invested capital into its parts', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(
          fc.record({
            kind: fc.constantFrom(
              'BUY',
              'SELL',
              'DIVIDEND',
              'FEE',
              'FEE_REFUND',
              'TAX_REFUND',
              'INTEREST',
              'DEPOSIT',
              'EXCHANGE',
            ),
            instrument: fc.constantFrom('A', 'B'),
            quantity: fc.integer({ min: 1, max: 50 }),
            amount: money,
            fee: money,
            fxRate: fc
              .integer({ min: 2000, max: 4000 })
              .map((hundredths) => (hundredths / 100).toFixed(2)),
          }),
          { maxLength: 15 },
        ),
        (recordsCash, actions) => {
          const held = { A: 0, B: 0 }
          const transactions = rows(
            ...actions.flatMap((action, index): Row[] => {
              const currency = action.instrument === 'A' ? 'TRY' : 'USD'
              const common = {
                id: `t${index}`,
                tradeDate: `2024-01-${String(index + 1).padStart(2, '0')}`,
                currency,
                fxRate: currency === 'TRY' ? null : action.fxRate,
                fee: action.fee,
              }
              const instrument = {
                ...common,
                instrumentCode: action.instrument,
                unitPrice: action.amount,
              }
              switch (action.kind) {
                case 'BUY':
                  held[action.instrument] += action.quantity
                  return [{ ...instrument, type: 'BUY', quantity: String(action.quantity) }]
                case 'SELL': {
                  const sold = Math.min(held[action.instrument], action.quantity)
                  held[action.instrument] -= sold
                  return sold === 0 ? [] : [{ ...instrument, type: 'SELL', quantity: String(sold) }]
                }
                case 'DIVIDEND':
                  return [
                    {
                      ...common,
                      type: 'DIVIDEND',
                      instrumentCode: action.instrument,
                      amount: action.amount,
                    },
                  ]
                case 'DEPOSIT':
                  return recordsCash ? [{ ...common, type: 'DEPOSIT', amount: action.amount }] : []
                case 'EXCHANGE': {
                  // Into the other currency of the two, at a rate the action's FX rate gives.
                  const toCurrency = currency === 'TRY' ? 'USD' : 'TRY'
                  const toAmount = (Number(action.amount) * Number(action.fxRate)).toFixed(2)
                  const exchange = { ...common, type: 'EXCHANGE', toCurrency, toAmount }
                  return recordsCash ? [{ ...exchange, amount: action.amount }] : []
                }
                default:
                  return [{ ...common, type: action.kind, amount: action.amount }]
              }
            }),
          )
          const report = analyze(
            {
              portfolio: { ...TRY_AVERAGE, recordsCash },
              transactions,
              prices: { A: series(['2024-02-01', '12.34']), B: series(['2024-02-01', '5.67']) },
              fxRates: { 'USD/TRY': series(['2024-02-01', '33.33']) },
            },
            '2024-02-15',
          )
          const totals = report.totals
          const parts = totals.unrealizedGain
            .plus(totals.realizedGain)
            .plus(totals.dividends)
            .plus(totals.interest)
            .minus(totals.otherCosts)
            .plus(totals.cashCurrencyEffect)
          expect(parts.eq(totals.totalGain)).toBe(true)
          expect(totals.value.minus(totals.investedCapital).eq(totals.totalGain)).toBe(true)
          const capitalParts = Object.values(totals.investedCapitalParts)
          expect(sum(capitalParts).eq(totals.investedCapital)).toBe(true)
          expect(totals.peakInvestedCapital.lt(totals.investedCapital)).toBe(false)
          const yearly = report.years.reduce(
            (sum, year) => sum.plus(year.gain),
            totals.value.minus(totals.value),
          )
          expect(yearly.eq(totals.totalGain)).toBe(true)
        },
      ),
    )
  })
})

describe('the total return', () => {
  it('is the total gain over the invested capital, none with nothing invested', () => {
    const held = analyze(
      {
        portfolio: TRY_AVERAGE,
        transactions: rows({
          id: 'b',
          type: 'BUY',
          tradeDate: '2026-11-02',
          instrumentCode: 'THYAO',
          quantity: '10',
          unitPrice: '280',
        }),
        prices: { THYAO: series(['2026-11-27', '308']) },
      },
      '2026-11-29',
    )
    // 10 × 308 = 3,080 against 2,800 put in: 280 ÷ 2,800 = 10 %.
    expect(held.totals.totalReturn).toBe(0.1)
    expect(
      analyze({ portfolio: TRY_AVERAGE, transactions: [] }, '2026-11-29').totals.totalReturn,
    ).toBeNull()
  })
})

describe('a transfer in', () => {
  // Worked example (docs/portfolio-math.md, "Fees and taxes"): 10 shares transferred in at a
  // carried cost of 250 with a fee of 5 and a tax of 2 (those of the original purchase): cost
  // basis 2,507; fees 5 and taxes 2, on the holding and in the portfolio's totals. In USD at a
  // purchase rate of 30, the same figures × 30.
  it('counts its fee and tax in the holding’s and the portfolio’s fees and taxes', () => {
    const transfer = {
      id: 't',
      type: 'TRANSFER_IN' as const,
      tradeDate: '2024-03-01',
      instrumentCode: 'THYAO',
      quantity: '10',
      unitPrice: '250',
      fee: '5',
      tax: '2',
      acquiredDate: '2023-01-02',
    }
    const report = analyze({ portfolio: TRY_AVERAGE, transactions: rows(transfer) }, '2024-03-31')
    const holding = report.holdings[0]
    expect(holding?.costBasis.base.toString()).toBe('2507')
    expect([holding?.fees.base.toString(), holding?.taxes.base.toString()]).toEqual(['5', '2'])
    expect([report.totals.fees.toString(), report.totals.taxes.toString()]).toEqual(['5', '2'])
    expect(report.totals.otherCosts.toString()).toBe('0')

    const usd = analyze(
      {
        portfolio: TRY_AVERAGE,
        transactions: rows({
          ...transfer,
          instrumentCode: 'AAPL',
          currency: 'USD',
          fxRate: '32',
          acquisitionFxRate: '30',
        }),
      },
      '2024-03-31',
    )
    expect(usd.holdings[0]?.costBasis.base.toString()).toBe('75210')
    expect([usd.totals.fees.toString(), usd.totals.taxes.toString()]).toEqual(['150', '60'])
  })
})
