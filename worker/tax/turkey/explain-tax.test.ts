import { describe, expect, it } from 'vitest'
import de from '../../../locales/de.json'
import en from '../../../locales/en.json'
import tr from '../../../locales/tr.json'
import { MAX_STEP_DEPTH } from '../../../shared/api/schemas/explanation'
import type { Decimal } from '../../../shared/decimal/decimal'
import { TURKISH_TAX_FIGURES, figureId } from '../../../shared/portfolio/figure-ids'
import type {
  TurkishTaxFigure,
  TurkishTaxFigureRef,
  TurkishTaxItemFigure,
} from '../../../shared/portfolio/figure-ids'
import { partsThatDisagree, recompute, sameValue } from '../../portfolio/explain/derivation'
import type { Derivation, Step } from '../../portfolio/explain/derivation'
import type { Row } from '../../portfolio/test-fixtures'
import { unwrap } from '../../portfolio/test-fixtures'
import type { TurkishYearAssessment } from './assess-year'
import { explainTurkishTax } from './explain-tax'
import type { TurkishTaxInstrument, TurkishTaxItem } from './tax-items'
import { turkishTaxYears } from './tax-years'
import type { TurkishTaxYear } from './tax-years'
import { BIST_SHARE, US_SHARE, YI_UFE, fund, liraPortfolio } from './test-fixtures'

// Every figure of the Turkish tax view explains itself with the portfolio's own lots, the TCMB
// rates and the Yİ-ÜFE values, and the explanation recomputes to the view's figure exactly
// (docs/portfolio-math.md, "Every figure explains itself"; the rules: docs/tax-turkey.md).

const INSTRUMENTS: Record<string, TurkishTaxInstrument> = {
  THYAO: BIST_SHARE,
  DEBT: fund('other'),
  EQF: fund('equityIntensive'),
  AAPL: US_SHARE,
  MSFT: US_SHARE,
  NVDA: US_SHARE,
}

/** The examples' Yİ-ÜFE, and February 2025 for a sale at a loss. */
const YI_UFE_MORE = { ...YI_UFE, '2025-02': '3900.00' }

const trade = (
  type: 'BUY' | 'SELL',
  id: string,
  tradeDate: string,
  code: string,
  quantity: string,
  unitPrice: string,
  more: Partial<Row> = {},
): Row => ({ id, type, tradeDate, instrumentCode: code, quantity, unitPrice, ...more })
const usd = { currency: 'USD', fxRate: '36' }

/**
 * A lira portfolio's 2025: a Borsa İstanbul share sold with fees (Example 1) and its dividend of
 * 700,000 (its half above 2025's amount: declared); a debt fund sold across two purchase bands
 * (0 % and 15 %), the second lot in part; an equity-intensive fund (0 %); US shares sold in two
 * lots, both indexed (Example 18), sold once not indexed (Example 19), and sold at a loss; a US
 * dividend with 20 % withheld (Example 21), declared.
 */
const portfolio = liraPortfolio([
  trade('BUY', 'b-debt1', '2023-03-15', 'DEBT', '10000', '1.250000'),
  trade('BUY', 'b-aapl1', '2024-03-15', 'AAPL', '10', '150.00', usd),
  trade('BUY', 'b-eqf', '2024-06-10', 'EQF', '1000', '10.000000'),
  trade('BUY', 'b-aapl2', '2025-01-06', 'AAPL', '10', '180.00', usd),
  trade('BUY', 'b-msft', '2025-02-03', 'MSFT', '10', '100.00', usd),
  trade('BUY', 'b-thyao', '2025-02-12', 'THYAO', '200', '280.00', { fee: '22.40' }),
  trade('BUY', 'b-debt2', '2025-03-10', 'DEBT', '5000', '2.000000'),
  trade('BUY', 'b-nvda', '2025-03-14', 'NVDA', '10', '100.00', usd),
  trade('SELL', 's-nvda', '2025-04-15', 'NVDA', '10', '90.00', usd),
  trade('SELL', 's-debt', '2025-05-20', 'DEBT', '12000', '2.418765'),
  {
    id: 'd-thyao',
    type: 'DIVIDEND',
    tradeDate: '2025-05-20',
    instrumentCode: 'THYAO',
    amount: '700000',
  },
  trade('SELL', 's-msft', '2025-06-02', 'MSFT', '10', '120.00', usd),
  trade('SELL', 's-thyao', '2025-06-04', 'THYAO', '200', '315.50', { fee: '25.24' }),
  trade('SELL', 's-aapl', '2025-06-10', 'AAPL', '15', '210.00', usd),
  trade('SELL', 's-eqf', '2025-07-01', 'EQF', '1000', '12.500000'),
  {
    id: 'd-aapl',
    type: 'DIVIDEND',
    tradeDate: '2025-09-15',
    instrumentCode: 'AAPL',
    amount: '1000',
    tax: '200',
    ...usd,
  },
])

function viewOf(year: number): TurkishTaxYear {
  const years = unwrap(
    turkishTaxYears(portfolio, INSTRUMENTS, { asOf: `${year}-12-31`, yiUfe: YI_UFE_MORE }),
  )
  const found = years.find((each) => each.year === year)
  if (found === undefined) throw new Error(`No year ${year}`)
  return found
}

/** A figure of the year as the view gives it; null where the view has none (no estimate). */
function yearValue(a: TurkishYearAssessment, name: TurkishTaxFigure): Decimal | null {
  const e = a.declaration.estimate
  switch (name) {
    case 'bistGains':
      return a.bistShares.gain
    case 'fundGains':
      return a.funds.gain
    case 'fundStopaj':
      return a.funds.stopaj
    case 'turkishDividends':
      return a.turkishDividends.gross
    case 'turkishDividendStopaj':
      return a.turkishDividends.stopaj
    case 'stopaj':
      return a.funds.stopaj.plus(a.turkishDividends.stopaj)
    case 'foreignGains':
      return a.foreignSales.gains
    case 'foreignLosses':
      return a.foreignSales.losses
    case 'foreignNetWithoutIndexation':
      return a.foreignSales.netWithoutIndexation
    case 'foreignNet':
      return a.foreignSales.net
    case 'foreignDividends':
      return a.foreignDividends.gross
    case 'foreignTax':
      return a.foreignDividends.foreignTax
    case 'declaredForeignGains':
      return a.declaration.foreignGains
    case 'turkishDividendsTested':
      return a.turkishDividends.test.amount
    case 'declaredTurkishDividends':
      return a.declaration.turkishDividends
    case 'foreignDividendsTested':
      return a.foreignDividends.test.amount
    case 'declaredForeignDividends':
      return a.declaration.foreignDividends
    case 'income':
      return a.declaration.income
    case 'tax':
      return e?.tax ?? null
    case 'turkishStopajCredited':
      return e?.turkishStopajCredited ?? null
    case 'foreignTaxCredited':
      return e?.foreignTaxCredited ?? null
    case 'foreignTaxNotCredited':
      return e?.foreignTaxNotCredited ?? null
    case 'balance':
      return e?.balance ?? null
    case 'refund':
      return e === null ? null : e.balance.neg()
  }
}

/** An item's figures as the view lists them. */
function itemValues(item: TurkishTaxItem): [TurkishTaxItemFigure, Decimal][] {
  switch (item.kind) {
    case 'bistSale':
    case 'fundSale':
      return [
        ['proceeds', item.proceeds],
        ['cost', item.cost],
        ['gain', item.gain],
        ['stopaj', item.stopaj],
      ]
    case 'foreignSale':
      return [
        ['proceeds', item.proceeds],
        ['cost', item.cost],
        ['gain', item.gain],
        ['indexedGain', item.indexedGain],
      ]
    case 'turkishDividend':
      return [
        ['gross', item.gross],
        ['stopaj', item.stopaj],
      ]
    case 'foreignDividend':
      return [
        ['gross', item.gross],
        ['foreignTax', item.foreignTax],
      ]
    case 'notCovered':
      return []
  }
}

/** Every figure of the view of `year` with its value. */
function viewFigures(year: number): [TurkishTaxFigureRef, Decimal][] {
  const { assessment, items } = viewOf(year)
  const figures: [TurkishTaxFigureRef, Decimal][] = TURKISH_TAX_FIGURES.flatMap((name) => {
    const value = yearValue(assessment, name)
    return value === null ? [] : [[{ scope: 'turkishTax', name }, value]]
  })
  items.forEach((item, index) => {
    for (const [name, value] of itemValues(item)) {
      figures.push([{ scope: 'turkishTaxItem', id: String(index), name }, value])
    }
  })
  return figures
}

function explain(figure: TurkishTaxFigureRef, year = 2025): Derivation {
  return unwrap(
    explainTurkishTax(portfolio, INSTRUMENTS, {
      year,
      asOf: `${year}-12-31`,
      yiUfe: YI_UFE_MORE,
      figure,
    }),
  )
}

function depthOf(steps: readonly Step[]): number {
  return Math.max(0, ...steps.map((each) => (each.parts ? 1 + depthOf(each.parts.steps) : 0)))
}

/** The derivation gives the view's figure, recomputes to it, and so does every step's parts. */
function expectExplains(derivation: Derivation, value: Decimal): void {
  expect(derivation.value?.toString(), derivation.figure).toBe(value.toString())
  const again = recompute(derivation)
  expect(sameValue(again, value), `${derivation.figure} recomputes to ${String(again)}`).toBe(true)
  expect(partsThatDisagree(derivation), derivation.figure).toEqual([])
  expect(depthOf(derivation.steps), derivation.figure).toBeLessThanOrEqual(MAX_STEP_DEPTH)
  expect(derivation.currency).toBe('TRY')
}

/** Every step, at any depth. */
function allSteps(steps: readonly Step[]): Step[] {
  return steps.flatMap((each) => [each, ...(each.parts ? allSteps(each.parts.steps) : [])])
}

/** The index in the view of 2025 of the item of `transactionId`. */
function indexOf(transactionId: string): string {
  const index = viewOf(2025).items.findIndex((item) => item.transactionId === transactionId)
  if (index < 0) throw new Error(`No item of ${transactionId}`)
  return String(index)
}

describe('every figure of the Turkish tax view explains itself', () => {
  for (const year of [2024, 2025]) {
    it(`recomputes each figure of ${year} exactly`, () => {
      const figures = viewFigures(year)
      expect(figures.length).toBeGreaterThan(year === 2025 ? TURKISH_TAX_FIGURES.length + 20 : 20)
      for (const [figure, value] of figures) {
        const derivation = explain(figure, year)
        expect(derivation.figure).toBe(figureId(figure))
        expectExplains(derivation, value)
      }
    })
  }

  it('shows a fund sale’s stopaj lot by lot, each at its purchase band’s rate', () => {
    const stopaj = explain({ scope: 'turkishTaxItem', id: indexOf('s-debt'), name: 'stopaj' })
    const [first, second, rounded] = stopaj.steps
    // 10,000 units of 2023 (CK 3321, 0 %) and 2,000 of the 5,000 of March 2025 (CK 9487, 15 %).
    expect([first?.params, second?.params]).toEqual([
      { quantity: '10000', acquired: '2023-03-15' },
      { quantity: '2000', acquired: '2025-03-10' },
    ])
    const rates = [first, second].map((lot) => lot?.parts?.steps.at(-1))
    expect(rates.map((rate) => [rate?.label, rate?.value.toString(), rate?.params])).toEqual([
      [
        'turkishTax.fundRate.otherFunds',
        '0',
        { from: '2020-12-23', to: '2024-04-30', decision: 'CK 3321 (RG 22.12.2020)' },
      ],
      [
        'turkishTax.fundRate.otherFunds',
        '0.15',
        { from: '2025-02-01', to: '2025-07-08', decision: 'CK 9487 (RG 31.01.2025)' },
      ],
    ])
    // 2,000 × (2.418765 − 2.000000) × 15 % = 125.6295, rounded once for the sale.
    expect(second?.value.toString()).toBe('125.6295')
    expect(rounded?.op).toBe('roundHalfUp')
    expect(stopaj.value?.toString()).toBe('125.63')
    // The lot's proceeds are its share of the sale's, which opens its own explanation.
    expect(second?.parts?.steps[0]?.parts?.steps.map((each) => each.label)).toEqual([
      'proceeds',
      'turkishTax.otherLotProceeds',
    ])
    expect(second?.parts?.steps[0]?.parts?.steps[0]?.figure).toBe(
      `turkishTaxItem.${indexOf('s-debt')}.proceeds`,
    )
  })

  it('shows an equity-intensive fund at 0 %', () => {
    const stopaj = explain({ scope: 'turkishTaxItem', id: indexOf('s-eqf'), name: 'stopaj' })
    const rate = stopaj.steps[0]?.parts?.steps.at(-1)
    expect([rate?.label, rate?.value.toString()]).toEqual([
      'turkishTax.fundRate.equityIntensive',
      '0',
    ])
  })

  it('shows a foreign sale’s proceeds and cost at the TCMB rates, and its cost indexed by Yİ-ÜFE', () => {
    const id = indexOf('s-aapl')
    const proceeds = explain({ scope: 'turkishTaxItem', id, name: 'proceeds' })
    // 15 × 210.00 USD × 39.2000 (Example 18).
    expect(proceeds.value?.toString()).toBe('123480')
    expect(proceeds.steps.at(-1)?.source).toEqual({
      kind: 'fxRate',
      currency: 'USD',
      date: '2025-06-05',
      origin: 'tcmb',
    })
    const cost = explain({ scope: 'turkishTaxItem', id, name: 'cost' })
    // 1,500.00 USD × 32.0000, and 900.00 USD × 35.4000 for the five units of the second lot.
    expect(cost.steps.map((lot) => lot.parts?.steps.map((each) => each.value.toString()))).toEqual([
      ['1500', '32'],
      ['900', '35.4'],
    ])
    const indexed = explain({ scope: 'turkishTaxItem', id, name: 'indexedGain' })
    expect(indexed.value?.toString()).toBe('22434')
    const indexedCost = indexed.steps[0]?.parts?.steps[1]
    expect(indexedCost?.label).toBe('turkishTax.indexedCost')
    expect(indexedCost?.value.toString()).toBe('66000')
    expect(indexedCost?.parts?.steps.map((each) => [each.value.toString(), each.source])).toEqual([
      ['48000', expect.objectContaining({ kind: 'transaction', transactionId: 'b-aapl1' })],
      [
        '4125',
        { kind: 'priceIndex', index: 'TR-YIUFE-2003', month: '2025-05', provisional: false },
      ],
      [
        '3000',
        { kind: 'priceIndex', index: 'TR-YIUFE-2003', month: '2024-02', provisional: false },
      ],
    ])
    // The second lot's index rose exactly 10 %: at least 10 %, indexed.
    expect(indexed.steps[1]?.parts?.steps[1]?.params.percent).toBe('0.1')
  })

  it('leaves a cost not indexed below 10 %, and a loss as it is', () => {
    const msft = explain({ scope: 'turkishTaxItem', id: indexOf('s-msft'), name: 'indexedGain' })
    const cost = msft.steps[0]?.parts?.steps[1]
    expect([cost?.label, cost?.value.toString()]).toEqual(['turkishTax.costNotIndexed', '36000'])
    expect(msft.value?.toString()).toBe('10920')
    const nvda = explain({ scope: 'turkishTaxItem', id: indexOf('s-nvda'), name: 'indexedGain' })
    expect(nvda.steps[0]?.label).toBe('turkishTax.lotAtLoss')
    expect(nvda.value?.toString()).toBe('-2300')
  })

  it('shows a dividend’s gross, its stopaj, the exempt half and the test', () => {
    const stopaj = explain({ scope: 'turkishTaxItem', id: indexOf('d-thyao'), name: 'stopaj' })
    expect(stopaj.steps.map((each) => [each.label, each.value.toString()])).toEqual([
      ['turkishTax.grossDividend', '700000'],
      ['turkishTax.dividendRate', '0.15'],
      ['turkishTax.roundedToKurus', '0.01'],
    ])
    const tested = explain({ scope: 'turkishTax', name: 'turkishDividendsTested' })
    expect(tested.value?.toString()).toBe('350000')
    const declared = explain({ scope: 'turkishTax', name: 'declaredTurkishDividends' })
    expect(declared.notes).toEqual([
      {
        label: 'turkishTax.turkishDividendsTest.declared',
        params: { amount: '350000', threshold: '330000', year: 2025 },
      },
    ])
  })

  it('credits the foreign tax at most the tax’s share on the dividend, and links the figures it uses', () => {
    const credited = explain({ scope: 'turkishTax', name: 'foreignTaxCredited' })
    const [dividend] = credited.steps
    expect(dividend?.parts?.steps[1]?.parts?.steps.map((each) => each.figure)).toEqual([
      'turkishTax.tax',
      `turkishTaxItem.${indexOf('d-aapl')}.gross`,
      'turkishTax.income',
    ])
    const tax = explain({ scope: 'turkishTax', name: 'tax' })
    // 31,054 of gains, 41,400 and 350,000 of dividends reach the third bracket of 2025's tariff.
    expect(tax.steps.map((each) => each.label)).toEqual([
      'turkishTax.bracket',
      'turkishTax.bracket',
      'turkishTax.bracket',
      'turkishTax.roundedToKurus',
    ])
  })

  it('refuses an item that is not in the view, a figure its item does not have, and an estimate the year lacks', () => {
    for (const [figure, year] of [
      [{ scope: 'turkishTaxItem', id: '99', name: 'gain' }, 2025],
      [{ scope: 'turkishTaxItem', id: indexOf('s-debt'), name: 'indexedGain' }, 2025],
      [{ scope: 'turkishTaxItem', id: indexOf('d-aapl'), name: 'stopaj' }, 2025],
      [{ scope: 'turkishTax', name: 'tax' }, 2026],
    ] as const) {
      const result = explainTurkishTax(portfolio, INSTRUMENTS, {
        year,
        asOf: `${year}-12-31`,
        yiUfe: YI_UFE_MORE,
        figure,
      })
      expect(result.ok ? null : result.error.code).toBe('unknown_figure')
    }
  })
})

describe('the words of every Turkish tax explanation', () => {
  const locales = { en, tr, de } as const
  const message = (messages: unknown, path: string): unknown =>
    path
      .split('.')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], messages)

  it('exist in tr, en and de for each formula, step and note', () => {
    const keys = new Set<string>()
    for (const year of [2024, 2025]) {
      for (const [figure] of viewFigures(year)) {
        const derivation = explain(figure, year)
        keys.add(`explain.formula.${derivation.formula}`)
        for (const note of derivation.notes) keys.add(`explain.note.${note.label}`)
        for (const each of allSteps(derivation.steps)) {
          keys.add(`explain.step.${each.label}`)
          if (each.op !== null) keys.add(`explain.ops.${each.op}`)
        }
      }
    }
    for (const [locale, messages] of Object.entries(locales)) {
      const missing = [...keys].filter((key) => typeof message(messages, key) !== 'string')
      expect(missing, locale).toEqual([])
    }
  })
})
