import { describe, expect, it } from 'vitest'
import { allowanceShareUsed, isYearRunning, statementOf } from './statement'
import { year2025, year2026 } from './tax-fixtures'

const linesOf = (view: typeof year2025) =>
  statementOf(view).map((section) => [
    section.id,
    section.lines.map(
      (line) => `${line.id}=${line.amount}${line.kind === 'line' ? '' : `/${line.kind}`}`,
    ),
  ])

describe('statementOf', () => {
  it('lays a year out as the Jahressteuerbescheinigung does, breaking the general pot down', () => {
    expect(linesOf(year2025)).toEqual([
      [
        'income',
        [
          'shareGains=1500',
          'shareLosses=-400',
          'sharesCarriedIn=0',
          'generalIncome=340',
          // 70 + 140 from the ETF, after its 30 % Teilfreistellung.
          'dividends=100/part',
          'interest=30/part',
          'vorabpauschale=70/part',
          'otherSales=140/part',
          'generalCarriedIn=0',
          // (100 − 70) + (200 − 140)
          'teilfreistellung=90',
          'income=1440/sum',
        ],
      ],
      [
        'allowance',
        [
          'freistellungsauftrag=1000.00',
          'allowanceUsed=1000',
          'allowanceLeft=0',
          'taxable=440/sum',
        ],
      ],
      // No church tax line without church tax.
      ['tax', ['kapESt=95', 'soli=5.22', 'withheld=100.22/sum']],
      ['foreignTax', ['foreignTaxCreditable=15', 'foreignTaxCredited=15', 'foreignTaxLapsed=0']],
      ['losses', ['carriedOutShares=0', 'carriedOutGeneral=0']],
    ])
  })

  it('names the engine figure of each computed line, and none of the breakdown', () => {
    const lines = statementOf(year2025).flatMap((section) => section.lines)
    expect(lines.find((line) => line.id === 'kapESt')?.figure).toEqual({
      scope: 'germanTax',
      name: 'kapESt',
    })
    expect(lines.find((line) => line.id === 'dividends')?.figure).toBeNull()
    expect(lines.find((line) => line.id === 'withheld')?.figure).toBeNull()
  })

  it('shows church tax at a rate, leaves out foreign tax and parts that are nothing', () => {
    const lines = linesOf(year2026)
    expect(lines[0]?.[1]).not.toContain('dividends=0/part')
    expect(lines.map(([id]) => id)).toEqual(['income', 'allowance', 'tax', 'losses'])
    expect(lines[2]).toEqual(['tax', ['kapESt=0', 'soli=0', 'churchTax=0', 'withheld=0/sum']])
  })
})

describe('the year so far', () => {
  it('tells a running year from a whole one, and the share of the order used', () => {
    expect(isYearRunning(year2025)).toBe(false)
    expect(isYearRunning(year2026)).toBe(true)
    expect(allowanceShareUsed(year2026)).toBe(0.25)
    expect(allowanceShareUsed({ ...year2026, freistellungsauftrag: '0.00' })).toBeNull()
  })
})
