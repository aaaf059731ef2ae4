import { describe, expect, it } from 'vitest'
import { testOutcome, turkishStatementOf } from './turkish-statement'
import { turkish2025 } from './turkish-tax-fixtures'

/** Each section as `label: amount` (or the outcome's key), to read against the worked examples. */
const linesOf = (view = turkish2025) =>
  Object.fromEntries(
    turkishStatementOf(view).map((section) => [
      section.id,
      section.lines.map((line) => `${line.id}: ${line.text ?? line.amount}`),
    ]),
  )

describe('turkishStatementOf', () => {
  it('lays out the year of docs/tax-turkey.md Examples 1, 11, 12 and 15', () => {
    expect(linesOf()).toEqual({
      withheld: [
        'bistGains: 7052.36',
        'bistTax: tax.turkey.lines.notTaxed',
        'fundGains: 2650.00',
        'fundStopaj: 292.50',
        'turkishDividends: 40000.00',
        'turkishDividendStopaj: 6000.00',
        // 292.50 + 6,000.00
        'stopaj: 6292.5',
      ],
      foreign: [
        'foreignGains: 16236.80',
        'foreignLosses: 0.00',
        'foreignNetWithoutIndexation: 34248.80',
        'foreignNet: 16236.80',
        'foreignDividends: 0.00',
        'foreignTax: 0.00',
      ],
      declaration: [
        'declaredForeignGains: 16236.80',
        'declaredTurkishDividends: 0.00',
        'turkishDividendsTested: 20000.00',
        'turkishDividendsThreshold: 330000',
        'turkishDividendsDeclared: tax.turkey.tests.notDeclared',
        'declaredForeignDividends: 0.00',
        'foreignDividendsTested: 0.00',
        'foreignDividendsThreshold: 18000',
        'foreignDividendsDeclared: tax.turkey.tests.nothing',
        'income: 16236.80',
      ],
      estimate: [
        'tax: 2435.52',
        'turkishStopajCredited: 0.00',
        'foreignTaxCredited: 0.00',
        'foreignTaxNotCredited: 0.00',
        'balance: 2435.52',
      ],
    })
  })

  it('shows a refund as what comes back, and no estimate when the year has none', () => {
    const { assessment } = turkish2025
    const estimate = { ...assessment.declaration.estimate!, balance: '-1500.00' }
    const refunded = turkishStatementOf({
      ...turkish2025,
      assessment: { ...assessment, declaration: { ...assessment.declaration, estimate } },
    })
    expect(refunded.at(-1)?.lines.at(-1)).toMatchObject({ id: 'refund', amount: '1500' })
    const unknown = turkishStatementOf({
      ...turkish2025,
      assessment: { ...assessment, declaration: { ...assessment.declaration, estimate: null } },
    })
    expect(unknown.map((section) => section.id)).toEqual(['withheld', 'foreign', 'declaration'])
  })

  it('names the engine figure of each computed line, and none of the year’s amounts or outcomes', () => {
    const lines = turkishStatementOf(turkish2025).flatMap((section) => section.lines)
    const figureOf = (id: string) => lines.find((line) => line.id === id)?.figure
    expect(figureOf('fundStopaj')).toEqual({ scope: 'turkishTax', name: 'fundStopaj' })
    expect(figureOf('turkishDividendsTested')).toEqual({
      scope: 'turkishTax',
      name: 'turkishDividendsTested',
    })
    expect(figureOf('turkishDividendsThreshold')).toBeNull()
    expect(figureOf('turkishDividendsDeclared')).toBeNull()
    expect(figureOf('bistTax')).toBeNull()
    const computed = lines.filter(
      (line) => line.text === undefined && !line.id.endsWith('Threshold'),
    )
    expect(computed.filter((line) => line.figure === null)).toEqual([])
  })
})

describe('testOutcome', () => {
  it('says declared, not declared, nothing to declare, or not known yet', () => {
    expect(testOutcome({ amount: '400000', threshold: '330000', declared: true })).toBe(
      'tax.turkey.tests.declared',
    )
    expect(testOutcome({ amount: '20000', threshold: '330000', declared: false })).toBe(
      'tax.turkey.tests.notDeclared',
    )
    expect(testOutcome({ amount: '0', threshold: '18000', declared: false })).toBe(
      'tax.turkey.tests.nothing',
    )
    expect(testOutcome({ amount: '500', threshold: null, declared: null })).toBe(
      'tax.turkey.tests.unknown',
    )
  })
})
