import { describe, expect, it } from 'vitest'
import { MEASURED_FIGURES } from '../../../shared/portfolio/figure-ids'
import type { Measurement } from '../real-returns/measured-totals'
import { TRY_AVERAGE, expectError, rows, series, unwrap } from '../test-fixtures'
import { partsThatDisagree, recompute, sameValue } from './derivation'
import { explainMeasured } from './explain-measured'

// Example 9 and 10 of docs/real-returns.md: each measured figure explains itself with each
// deposit's index values or rate, and its steps recompute to it exactly.
const input = {
  portfolio: { ...TRY_AVERAGE, recordsCash: true },
  transactions: rows(
    { id: 'd1', type: 'DEPOSIT', tradeDate: '2024-01-15', amount: '100000' },
    { id: 'd2', type: 'DEPOSIT', tradeDate: '2025-01-15', amount: '100000' },
  ),
}
const asOf = '2026-01-15'
const real: Measurement = {
  kind: 'real',
  code: 'TR-TUFE',
  index: {
    code: 'TUFE',
    months: [
      { month: '2024-01', value: '100' },
      { month: '2025-01', value: '150' },
      { month: '2026-01', value: '225' },
    ],
  },
}
const usd: Measurement = {
  kind: 'currency',
  currency: 'USD',
  fxRates: { 'USD/TRY': series(['2024-01-15', '25'], ['2025-01-15', '40'], ['2026-01-15', '50']) },
}

describe('explainMeasured', () => {
  for (const [id, measurement] of [
    ['real', real],
    ['USD', usd],
  ] as const) {
    for (const name of MEASURED_FIGURES) {
      it(`${id} ${name}: its steps recompute to it`, () => {
        const figure = { scope: 'measured', id, name } as const
        const derivation = unwrap(explainMeasured(input, { asOf, figure, measurement }))
        expect(sameValue(recompute(derivation), derivation.value)).toBe(true)
        expect(partsThatDisagree(derivation)).toEqual([])
      })
    }
  }

  it('shows each deposit × the index of the report date ÷ its own', () => {
    const figure = { scope: 'measured', id: 'real', name: 'investedCapital' } as const
    const derivation = unwrap(explainMeasured(input, { asOf, figure, measurement: real }))
    expect(derivation.value?.toString()).toBe('375000')
    expect(derivation.formula).toBe('measured.investedCapital')
    const first = derivation.steps[0]
    expect(first?.params).toEqual({ date: '2024-01-15' })
    expect(first?.parts?.steps.map((part) => [part.op, part.value.toString()])).toEqual([
      [null, '100000'],
      ['times', '225'],
      ['divide', '100'],
    ])
    expect(first?.parts?.steps[2]?.source).toEqual({
      kind: 'priceIndex',
      index: 'TR-TUFE',
      month: '2024-01',
      provisional: false,
    })
    expect(derivation.notes).toEqual([
      { label: 'measured.inMoneyOf', params: { date: asOf, index: 'TR-TUFE', month: '2026-01' } },
    ])
  })

  it('converts each deposit at its day’s rate, the value at the report date’s', () => {
    const figure = { scope: 'measured', id: 'USD', name: 'totalGain' } as const
    const derivation = unwrap(explainMeasured(input, { asOf, figure, measurement: usd }))
    // Cash 200,000 × 0.02 = 4,000 USD − 6,500 USD invested.
    expect(derivation.value?.toString()).toBe('-2500')
    expect(derivation.steps.map((step) => step.figure)).toEqual([
      'measured.USD.value',
      'measured.USD.investedCapital',
    ])
    expect(derivation).toMatchObject({ kind: 'amount', currency: 'USD' })
  })

  it('refuses a deposit before the index starts', () => {
    const late: Measurement = {
      ...real,
      index: { code: 'TUFE', months: real.index.months.slice(1) },
    }
    const figure = { scope: 'measured', id: 'real', name: 'totalGain' } as const
    expectError(
      explainMeasured(input, { asOf, figure, measurement: late }),
      'missing_price_index',
      null,
    )
  })
})
