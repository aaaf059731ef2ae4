import { describe, expect, it } from 'vitest'
import { decimal } from '../../../shared/decimal/decimal'
import { reportPass } from '../portfolio-report'
import { TRY_AVERAGE, expectError, rows, series, unwrap } from '../test-fixtures'
import type { MonthlyIndex } from './monthly-index'
import { measuredTotals } from './measured-totals'
import type { Measurement } from './measured-totals'
import { deflateSeries } from './transform-series'
import { computeValueSeries } from '../value-series'

// Worked examples 9–11 of docs/real-returns.md (rule 11), to the digits it gives.

const index = (...months: [string, string][]): MonthlyIndex => ({
  code: 'TUFE',
  months: months.map(([month, value]) => ({ month, value })),
})
const WITH_CASH = { ...TRY_AVERAGE, recordsCash: true }

// 100,000 put in and spent on X at 100 on 15 January 2024 and again on 15 January 2025; X is at
// 200 on 15 January 2026: worth 400,000.
const input = {
  portfolio: WITH_CASH,
  transactions: rows(
    { id: 'd1', type: 'DEPOSIT', tradeDate: '2024-01-15', amount: '100000' },
    {
      id: 'b1',
      type: 'BUY',
      tradeDate: '2024-01-15',
      instrumentCode: 'X',
      quantity: '1000',
      unitPrice: '100',
    },
    { id: 'd2', type: 'DEPOSIT', tradeDate: '2025-01-15', amount: '100000' },
    {
      id: 'b2',
      type: 'BUY',
      tradeDate: '2025-01-15',
      instrumentCode: 'X',
      quantity: '1000',
      unitPrice: '100',
    },
  ),
  prices: { X: series(['2024-01-15', '100'], ['2026-01-15', '200']) },
}
const ASOF = '2026-01-15'
const pass = reportPass(input, ASOF)
const value = pass.report.totals.value
const days = pass.ledger.capital.days
const tufe: Measurement = {
  kind: 'real',
  code: 'TR-TUFE',
  index: index(['2024-01', '100'], ['2025-01', '150'], ['2026-01', '225']),
}

describe('9. two deposits a year apart under 50 % inflation (TRY)', () => {
  it('the report pass records invested capital at the end of each day it changed', () => {
    expect(days.map((day) => [day.date, day.investedCapital.toString()])).toEqual([
      ['2024-01-15', '100000'],
      ['2025-01-15', '200000'],
    ])
    expect(value.toString()).toBe('400000')
    expect(pass.report.totals.totalReturn).toBe(1)
  })

  it('real: invested 375,000, gain 25,000, return +6.67 %', () => {
    const real = unwrap(measuredTotals(value, days, ASOF, tufe, 'TRY'))
    expect(real.currency).toBe('TRY')
    expect(real.changes.map((change) => change.measured.toString())).toEqual(['225000', '150000'])
    expect(real.investedCapital.toString()).toBe('375000')
    expect(real.peakInvestedCapital.toString()).toBe('375000')
    expect(real.peakDate).toBe('2025-01-15')
    expect(real.value.toString()).toBe('400000')
    expect(real.totalGain.toString()).toBe('25000')
    expect(real.totalReturn).toBe(25_000 / 375_000)
    expect(real.totalReturn?.toFixed(4)).toBe('0.0667')
    expect(real.provisional).toBe(false)
  })

  it('invested capital is what the deflated series ends with (rule 9)', () => {
    const full = unwrap(computeValueSeries(input, { from: '2024-01-15', to: ASOF }))
    const deflated = unwrap(deflateSeries(full, tufe.index)).series
    expect(deflated.points.at(-1)?.investedCapital).toBe(375_000)
  })

  it('with one deposit, Fisher: (1 + n) ÷ (1 + i) − 1', () => {
    const first = days.slice(0, 1)
    const real = unwrap(measuredTotals(decimal('300000'), first, ASOF, tufe, 'TRY'))
    // n = 300,000 ÷ 100,000 − 1 = 2, i = 225 ÷ 100 − 1 = 1.25
    expect(real.totalReturn).toBeCloseTo(3 / 2.25 - 1, 15)
  })

  it('a month past the newest published one is provisional', () => {
    const older: Measurement = { ...tufe, index: index(['2024-01', '100'], ['2025-01', '150']) }
    const real = unwrap(measuredTotals(value, days, ASOF, older, 'TRY'))
    expect(real.provisional).toBe(true)
    expect(real.valueFactor).toMatchObject({ kind: 'index', asOf: { valueMonth: '2025-01' } })
  })

  it('a change before the index starts is refused, nothing guessed', () => {
    const late: Measurement = { ...tufe, index: index(['2025-01', '150'], ['2026-01', '225']) }
    expectError(measuredTotals(value, days, ASOF, late, 'TRY'), 'missing_price_index', null)
  })
})

describe('10. the same portfolio in US dollars', () => {
  const usd: Measurement = {
    kind: 'currency',
    currency: 'USD',
    fxRates: {
      'USD/TRY': series(['2024-01-15', '25'], ['2025-01-15', '40'], ['2026-01-15', '50']),
    },
  }

  it('invested 6,500 USD, value 8,000 USD, gain 1,500 USD, return +23.08 %', () => {
    const converted = unwrap(measuredTotals(value, days, ASOF, usd, 'TRY'))
    expect(converted.currency).toBe('USD')
    expect(converted.changes.map((change) => change.measured.toString())).toEqual(['4000', '2500'])
    expect(converted.investedCapital.toString()).toBe('6500')
    expect(converted.peakInvestedCapital.toString()).toBe('6500')
    expect(converted.value.toString()).toBe('8000')
    expect(converted.totalGain.toString()).toBe('1500')
    expect(converted.totalReturn?.toFixed(4)).toBe('0.2308')
  })

  it('a day without a rate in force is refused', () => {
    const gap: Measurement = { ...usd, fxRates: { 'USD/TRY': series(['2026-01-15', '50']) } }
    expectError(measuredTotals(value, days, ASOF, gap, 'TRY'), 'missing_fx_rate', null)
  })
})

describe('11. the peak in today’s money: a withdrawal', () => {
  const withdrawal = [
    { date: '2024-01-15', investedCapital: decimal('100000') },
    { date: '2025-01-15', investedCapital: decimal('40000') },
  ]
  const cpi: Measurement = {
    kind: 'real',
    code: 'TR-TUFE',
    index: index(['2024-01', '100'], ['2025-01', '200'], ['2026-01', '300']),
  }

  it('invested 210,000, peak 300,000, gain −60,000, return −20 %', () => {
    const real = unwrap(measuredTotals(decimal('150000'), withdrawal, ASOF, cpi, 'TRY'))
    expect(real.changes.map((change) => change.measured.toString())).toEqual(['300000', '-90000'])
    expect(real.investedCapital.toString()).toBe('210000')
    expect(real.peakInvestedCapital.toString()).toBe('300000')
    expect(real.peakDate).toBe('2024-01-15')
    expect(real.totalGain.toString()).toBe('-60000')
    expect(real.totalReturn).toBe(-0.2)
  })
})
