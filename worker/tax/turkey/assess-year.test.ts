import { describe, expect, it } from 'vitest'
import type { Row } from '../../portfolio/test-fixtures'
import { decimal } from '../../../shared/decimal/decimal'
import { assessTurkishYear } from './assess-year'
import type { TurkishYearAssessment } from './assess-year'
import { BIST_SHARE, US_SHARE, liraPortfolio, onlyItem, taxYears, yearOf } from './test-fixtures'

// The worked examples of docs/tax-turkey.md on dividends and the beyanname (12–14, 20–22), by
// number, from a lira portfolio's transactions, to the kuruş.

const text = (value: { toString(): string } | null | undefined) =>
  value === null || value === undefined ? null : value.toString()

const turkishDividend = (id: string, tradeDate: string, amount: string): Row => ({
  id,
  type: 'DIVIDEND',
  tradeDate,
  instrumentCode: 'BIST',
  amount,
})

/** A dividend in dollars with the tax withheld abroad, recorded at `fxRate`. */
const usDividend = (
  id: string,
  tradeDate: string,
  amount: string,
  tax: string,
  fxRate: string,
): Row => ({
  id,
  type: 'DIVIDEND',
  tradeDate,
  instrumentCode: 'US',
  currency: 'USD',
  fxRate,
  amount,
  tax,
})

function assessed(list: Row[], year: number, lastYear = year): TurkishYearAssessment {
  return yearOf(taxYears(liraPortfolio(list), { BIST: BIST_SHARE, US: US_SHARE }, lastYear), year)
    .assessment
}

/** The estimate's figures, as strings. */
function estimateOf(year: TurkishYearAssessment) {
  const estimate = year.declaration.estimate
  return {
    income: text(year.declaration.income),
    tax: text(estimate?.tax),
    turkishStopajCredited: text(estimate?.turkishStopajCredited),
    foreignTaxCredited: text(estimate?.foreignTaxCredited),
    foreignTaxNotCredited: text(estimate?.foreignTaxNotCredited),
    balance: text(estimate?.balance),
  }
}

describe('Turkish dividends', () => {
  it('Example 12: below the amount, the stopaj is final and nothing is declared', () => {
    const years = taxYears(
      liraPortfolio([turkishDividend('d', '2025-05-20', '40000.00')]),
      { BIST: BIST_SHARE },
      2025,
    )
    const year = yearOf(years, 2025)
    const dividend = onlyItem(year, 'turkishDividend')
    expect([text(dividend.rate), dividend.decision, text(dividend.stopaj)]).toEqual([
      '0.15',
      'CK 9286 (RG 22.12.2024, no. 32760)',
      '6000',
    ])
    expect(text(dividend.gross.minus(dividend.stopaj))).toBe('34000')
    const { test } = year.assessment.turkishDividends
    expect([text(test.amount), text(test.threshold), test.declared]).toEqual([
      '20000',
      '330000',
      false,
    ])
    expect(estimateOf(year.assessment)).toMatchObject({ income: '0', tax: '0', balance: '0' })
  })

  it('Example 13: above the amount, the half is declared and the whole stopaj credited: a refund', () => {
    const year = assessed([turkishDividend('d', '2025-06-12', '800000.00')], 2025)
    expect(text(year.turkishDividends.stopaj)).toBe('120000')
    expect(year.turkishDividends.test.declared).toBe(true)
    expect(text(year.declaration.turkishDividends)).toBe('400000')
    expect(estimateOf(year)).toEqual({
      income: '400000',
      tax: '77000',
      turkishStopajCredited: '120000',
      foreignTaxCredited: '0',
      foreignTaxNotCredited: '0',
      balance: '-43000',
    })
  })

  it('Example 14: two rates in 2024 by the payment date, tested against the 2024 amount', () => {
    const year = assessed(
      [
        turkishDividend('d1', '2024-05-14', '300000.00'),
        turkishDividend('d2', '2024-12-23', '200000.00'),
      ],
      2024,
    )
    expect([year.turkishDividends.gross, year.turkishDividends.stopaj].map(text)).toEqual([
      '500000',
      '60000',
    ])
    expect([
      text(year.turkishDividends.test.threshold),
      year.turkishDividends.test.declared,
    ]).toEqual(['230000', true])
    expect(estimateOf(year)).toMatchObject({
      income: '250000',
      tax: '45900',
      turkishStopajCredited: '60000',
      balance: '-14100',
    })
    // Paid on 20.12.2024, before CK 9286: 10 %, and a smaller refund.
    const earlier = assessed(
      [
        turkishDividend('d1', '2024-05-14', '300000.00'),
        turkishDividend('d2', '2024-12-20', '200000.00'),
      ],
      2024,
    )
    expect(estimateOf(earlier)).toMatchObject({ turkishStopajCredited: '50000', balance: '-4100' })
  })

  it('a dividend paid before the table begins is listed, not computed', () => {
    const years = taxYears(
      liraPortfolio([
        turkishDividend('d1', '2021-12-21', '100'),
        turkishDividend('d2', '2021-12-22', '100'),
      ]),
      { BIST: BIST_SHARE },
      2021,
    )
    expect(yearOf(years, 2021).items.map((item) => [item.kind, item.transactionId])).toEqual([
      ['notCovered', 'd1'],
      ['turkishDividend', 'd2'],
    ])
  })
})

describe('foreign dividends and the return', () => {
  const buyUs: Row = {
    id: 'b',
    type: 'BUY',
    tradeDate: '2024-03-15',
    instrumentCode: 'US',
    currency: 'USD',
    fxRate: '32',
    quantity: '10',
    unitPrice: '150',
  }
  const example20: Row[] = [
    buyUs,
    usDividend('d1', '2024-03-15', '150.00', '30.00', '32'),
    usDividend('d2', '2024-06-14', '150.00', '30.00', '32.8'),
    usDividend('d3', '2024-09-13', '150.00', '30.00', '34'),
    usDividend('d4', '2025-03-14', '150.00', '30.00', '36.5'),
    usDividend('d5', '2025-06-13', '150.00', '30.00', '39.25'),
    usDividend('d6', '2025-09-12', '150.00', '30.00', '41.3'),
  ]

  it('Example 20: the same dollars, 2024 declared in full, 2025 not', () => {
    const years = taxYears(liraPortfolio(example20), { US: US_SHARE }, 2025)
    const dividends = yearOf(years, 2024).items.flatMap((item) =>
      item.kind === 'foreignDividend'
        ? [[text(item.rate?.value), text(item.gross), text(item.foreignTax)]]
        : [],
    )
    expect(dividends).toEqual([
      ['32', '4800', '960'],
      ['32.8', '4920', '984'],
      ['34', '5100', '1020'],
    ])
    const in2024 = yearOf(years, 2024).assessment
    expect([
      text(in2024.foreignDividends.gross),
      text(in2024.foreignDividends.test.threshold),
    ]).toEqual(['14820', '13000'])
    expect(in2024.foreignDividends.test.declared).toBe(true)
    expect(estimateOf(in2024)).toEqual({
      income: '14820',
      tax: '2223',
      turkishStopajCredited: '0',
      foreignTaxCredited: '2223',
      foreignTaxNotCredited: '741',
      balance: '0',
    })
    const in2025 = yearOf(years, 2025).assessment
    expect([
      text(in2025.foreignDividends.gross),
      text(in2025.foreignDividends.test.threshold),
    ]).toEqual(['17557.5', '18000'])
    expect(in2025.foreignDividends.test.declared).toBe(false)
    expect(estimateOf(in2025)).toMatchObject({
      income: '0',
      tax: '0',
      foreignTaxCredited: '0',
      balance: '0',
    })
  })

  it('Example 21: a foreign dividend beside gains, its credit by GVK 123’s proportion, half up', () => {
    // A net değer artış kazancı of 160,000.00: 297 USD at 32.00, indexed × 1.375, sold for 4,415
    // USD at 39.20.
    const year = assessed(
      [
        { ...buyUs, quantity: '5', unitPrice: '59.40' },
        {
          ...buyUs,
          id: 's',
          type: 'SELL',
          tradeDate: '2025-06-10',
          fxRate: '39.2',
          quantity: '5',
          unitPrice: '883.00',
        },
        usDividend('d', '2025-09-15', '1000.00', '200.00', '41.4'),
      ],
      2025,
    )
    expect(text(year.declaration.foreignGains)).toBe('160000')
    expect([year.foreignDividends.gross, year.foreignDividends.foreignTax].map(text)).toEqual([
      '41400',
      '8280',
    ])
    expect(year.foreignDividends.test.declared).toBe(true)
    expect(estimateOf(year)).toEqual({
      income: '201400',
      tax: '32380',
      turkishStopajCredited: '0',
      foreignTaxCredited: '6656.07',
      foreignTaxNotCredited: '1623.93',
      balance: '25723.93',
    })
  })

  it('a year without its amounts gets its tests undecided and no estimate', () => {
    const years = taxYears(
      liraPortfolio([
        buyUs,
        usDividend('d', '2026-03-16', '150.00', '30.00', '41.4'),
        turkishDividend('t', '2026-03-16', '1000000'),
      ]),
      { US: US_SHARE, BIST: BIST_SHARE },
      2026,
    )
    const year = yearOf(years, 2026).assessment
    expect([year.foreignDividends.test.threshold, year.foreignDividends.test.declared]).toEqual([
      null,
      null,
    ])
    expect([
      text(year.turkishDividends.test.threshold),
      year.turkishDividends.test.declared,
    ]).toEqual(['400000', true])
    expect(year.declaration.estimate).toBeNull()
  })
})

describe('the person’s return across portfolios (rule 14)', () => {
  /** A portfolio's 2025: a Turkish dividend and a US one. */
  function portfolioItems(turkish: [string, string], us: [string, string, string, string]) {
    const [day, gross] = turkish
    const [usDay, amount, tax, fxRate] = us
    const years = taxYears(
      liraPortfolio([
        turkishDividend('t', day, gross),
        usDividend('d', usDay, amount, tax, fxRate),
      ]),
      { BIST: BIST_SHARE, US: US_SHARE },
      2025,
    )
    return yearOf(years, 2025)
  }

  it('Example 22: each portfolio below the amounts, together above them', () => {
    const a = portfolioItems(['2025-05-20', '360000'], ['2025-05-20', '250.00', '50.00', '38.5'])
    const b = portfolioItems(['2025-09-15', '320000'], ['2025-09-15', '300.00', '60.00', '41.4'])
    // Each alone declares nothing: the stopaj is final, the US tax lost.
    for (const [alone, notCredited] of [
      [a, '1925'],
      [b, '2484'],
    ] as const) {
      expect(alone.assessment.turkishDividends.test.declared).toBe(false)
      expect(alone.assessment.foreignDividends.test.declared).toBe(false)
      expect(estimateOf(alone.assessment)).toMatchObject({
        income: '0',
        tax: '0',
        foreignTaxNotCredited: notCredited,
      })
    }
    const person = assessTurkishYear(2025, [...a.items, ...b.items])
    expect([person.turkishDividends.test, person.foreignDividends.test]).toEqual([
      { amount: decimal('340000'), threshold: decimal('330000'), declared: true },
      { amount: decimal('22045'), threshold: decimal('18000'), declared: true },
    ])
    expect(estimateOf(person)).toEqual({
      income: '362045',
      tax: '66752.15',
      turkishStopajCredited: '102000',
      foreignTaxCredited: '4064.55',
      foreignTaxNotCredited: '344.45',
      balance: '-39312.4',
    })
  })
})
