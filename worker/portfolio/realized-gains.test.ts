import { describe, expect, it } from 'vitest'
import { TRY_AVERAGE, analyze, rows, series } from './test-fixtures'

// Worked example, checked by hand (docs/portfolio-math.md, "Sales"), average cost:
//   BUY 10 @ 100 + fee 10 = 1,010;  BUY 10 @ 120 + fee 10 = 1,210;  cost of 10 = 1,110.
//   SELL 10 @ 130 − fee 10 = 1,290 before tax; − tax 50 withheld = 1,240 net proceeds.
//   Gain before tax 1,290 − 1,110 = 180; tax 50; gain after tax 1,240 − 1,110 = 130.
const trades = (currency: string, fxRate: string | null) =>
  rows(
    ...[
      ['b1', 'BUY', '2024-01-02', '10', '100', '0'],
      ['b2', 'BUY', '2024-02-01', '10', '120', '0'],
      ['s1', 'SELL', '2024-03-01', '10', '130', '50'],
    ].map(([id = '', type = '', tradeDate = '', quantity, unitPrice, tax]) => ({
      id,
      type,
      tradeDate,
      instrumentCode: 'AAPL',
      currency,
      fxRate,
      quantity,
      unitPrice,
      fee: '10',
      tax,
    })),
  )

describe('a sale with tax withheld', () => {
  it('realizes its gain before and after the tax (docs/portfolio-math.md)', () => {
    const report = analyze(
      { portfolio: TRY_AVERAGE, transactions: trades('TRY', null) },
      '2024-03-31',
    )
    const [sale] = report.sales
    expect(sale?.proceeds.instrument.toString()).toBe('1240')
    expect(sale?.cost.instrument.toString()).toBe('1110')
    expect(sale?.tax.instrument.toString()).toBe('50')
    expect(sale?.gainBeforeTax.instrument.toString()).toBe('180')
    expect(sale?.gain.instrument.toString()).toBe('130')
    expect(report.totals.realizedTax.toString()).toBe('50')
    expect(report.totals.realizedGainBeforeTax.toString()).toBe('180')
    expect(report.totals.realizedGain.toString()).toBe('130')
  })

  it("converts the tax at the sale's rate, in the base currency", () => {
    // Each trade at 30 TRY per USD: cost 1,110 USD = 33,300 TRY, tax 50 USD = 1,500 TRY,
    // gain before tax 180 USD = 5,400 TRY, after tax 130 USD = 3,900 TRY.
    const report = analyze(
      {
        portfolio: TRY_AVERAGE,
        transactions: trades('USD', '30'),
        fxRates: { 'USD/TRY': series(['2024-03-01', '30']) },
      },
      '2024-03-31',
    )
    const [sale] = report.sales
    expect(sale?.tax.base.toString()).toBe('1500')
    expect(sale?.gainBeforeTax.base.toString()).toBe('5400')
    expect(sale?.gain.base.toString()).toBe('3900')
    expect(report.totals.realizedTax.toString()).toBe('1500')
    expect(report.totals.realizedGainBeforeTax.toString()).toBe('5400')
  })

  it('withholds nothing from cash in lieu of a fraction after a split', () => {
    // 3 units split 1:2 leave 1.5: the half unit is paid out, 60, with no tax.
    const report = analyze(
      {
        portfolio: TRY_AVERAGE,
        transactions: rows(
          {
            id: 'b',
            type: 'BUY',
            tradeDate: '2024-01-02',
            instrumentCode: 'X',
            quantity: '3',
            unitPrice: '100',
          },
          {
            id: 's',
            type: 'SPLIT',
            tradeDate: '2024-02-01',
            instrumentCode: 'X',
            splitRatio: '1:2',
            amount: '60',
          },
        ),
      },
      '2024-03-31',
    )
    const [sale] = report.sales
    expect(sale?.tax.base.toString()).toBe('0')
    expect(sale?.gainBeforeTax.base.toString()).toBe(sale?.gain.base.toString())
    expect(report.totals.realizedTax.toString()).toBe('0')
  })
})
