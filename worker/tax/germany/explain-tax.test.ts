import { describe, expect, it } from 'vitest'
import de from '../../../locales/de.json'
import en from '../../../locales/en.json'
import tr from '../../../locales/tr.json'
import { MAX_STEP_DEPTH } from '../../../shared/api/schemas/explanation'
import { decimal } from '../../../shared/decimal/decimal'
import type { Decimal } from '../../../shared/decimal/decimal'
import { GERMAN_TAX_FIGURES, figureId } from '../../../shared/portfolio/figure-ids'
import type { GermanTaxFigure, GermanTaxFigureRef } from '../../../shared/portfolio/figure-ids'
import { partsThatDisagree, recompute, sameValue } from '../../portfolio/explain/derivation'
import type { Derivation, Step } from '../../portfolio/explain/derivation'
import type { PortfolioInput } from '../../portfolio/portfolio-input'
import { rows, series, unwrap } from '../../portfolio/test-fixtures'
import type { YearAssessment } from './assess-year'
import { explainGermanTax } from './explain-tax'
import { expectedVorabpauschalen } from './in-year'
import { germanTaxYears, taxPass } from './tax-years'
import type { SettingsOf, TaxInstrument, TaxYear } from './tax-years'

// Every figure of the German tax view explains itself with the depot's own lots and numbers, and
// the explanation recomputes to the view's figure exactly (docs/portfolio-math.md, "Every figure
// explains itself"; the rules: docs/tax-germany.md).

const INSTRUMENTS: Record<string, TaxInstrument> = {
  DEAG: { kind: 'share', fundType: 'other', domestic: true, treatyRate: null },
  USCO: { kind: 'share', fundType: 'other', domestic: false, treatyRate: null },
  FRSA: { kind: 'share', fundType: 'other', domestic: false, treatyRate: null },
  ETF: { kind: 'fund', fundType: 'equity', domestic: false, treatyRate: null },
}

/**
 * A depot over two years: a German share sold at a gain in each, a French share sold at a loss in
 * 2025 (the share pot carried into 2026), a US share (in dollars) whose dividend had 30 % withheld
 * and which is sold at a loss, an equity ETF in dollars bought in two lots in 2025 (its
 * Vorabpauschale of 2025 received in 2026) that distributes, most of it sold in 2026, and interest
 * on cash.
 */
const depot: PortfolioInput = {
  portfolio: { baseCurrency: 'EUR', costBasisMethod: 'AVERAGE', recordsCash: false },
  transactions: rows(
    ...[
      {
        id: 'b1',
        type: 'BUY',
        tradeDate: '2025-02-03',
        instrumentCode: 'DEAG',
        quantity: '50',
        unitPrice: '100',
        fee: '5',
      },
      {
        id: 'b2',
        type: 'BUY',
        tradeDate: '2025-03-10',
        instrumentCode: 'USCO',
        currency: 'USD',
        fxRate: '0.92',
        quantity: '20',
        unitPrice: '150',
        fee: '1',
      },
      {
        id: 'b6',
        type: 'BUY',
        tradeDate: '2025-04-01',
        instrumentCode: 'FRSA',
        quantity: '10',
        unitPrice: '200',
        fee: '2',
      },
      {
        id: 's5',
        type: 'SELL',
        tradeDate: '2025-07-01',
        instrumentCode: 'FRSA',
        quantity: '10',
        unitPrice: '120',
        fee: '2',
      },
      {
        id: 'b3',
        type: 'BUY',
        tradeDate: '2025-05-15',
        instrumentCode: 'ETF',
        currency: 'USD',
        fxRate: '0.89',
        quantity: '40',
        unitPrice: '100',
      },
      {
        id: 'd1',
        type: 'DIVIDEND',
        tradeDate: '2025-06-16',
        instrumentCode: 'USCO',
        currency: 'USD',
        fxRate: '0.9',
        amount: '20',
        tax: '6',
      },
      {
        id: 'b4',
        type: 'BUY',
        tradeDate: '2025-08-01',
        instrumentCode: 'ETF',
        currency: 'USD',
        fxRate: '0.86',
        quantity: '20',
        unitPrice: '104',
        fee: '1.5',
      },
      {
        id: 's1',
        type: 'SELL',
        tradeDate: '2025-09-01',
        instrumentCode: 'DEAG',
        quantity: '30',
        unitPrice: '120',
        fee: '5',
        tax: '100',
      },
      {
        id: 'd2',
        type: 'DIVIDEND',
        tradeDate: '2025-10-01',
        instrumentCode: 'ETF',
        currency: 'USD',
        fxRate: '0.91',
        amount: '30',
      },
      { id: 'i1', type: 'INTEREST', tradeDate: '2025-11-03', amount: '50' },
      {
        id: 's2',
        type: 'SELL',
        tradeDate: '2026-02-02',
        instrumentCode: 'USCO',
        currency: 'USD',
        fxRate: '0.95',
        quantity: '20',
        unitPrice: '130',
        fee: '1',
      },
      {
        id: 's3',
        type: 'SELL',
        tradeDate: '2026-03-02',
        instrumentCode: 'ETF',
        currency: 'USD',
        fxRate: '0.93',
        quantity: '50',
        unitPrice: '110',
        fee: '2',
      },
      {
        id: 'b5',
        type: 'BUY',
        tradeDate: '2026-04-15',
        instrumentCode: 'ETF',
        currency: 'USD',
        fxRate: '0.9',
        quantity: '5',
        unitPrice: '108',
      },
      {
        id: 's4',
        type: 'SELL',
        tradeDate: '2026-04-20',
        instrumentCode: 'DEAG',
        quantity: '20',
        unitPrice: '140',
        fee: '5',
      },
      {
        id: 'd3',
        type: 'DIVIDEND',
        tradeDate: '2026-05-04',
        instrumentCode: 'DEAG',
        amount: '40',
        tax: '10',
      },
    ].map((row) => ({ currency: 'EUR', ...row })),
  ),
  prices: {
    ETF: series(
      ['2025-01-02', '98'],
      ['2025-05-15', '100'],
      ['2025-12-30', '107.5'],
      ['2026-01-02', '108'],
      ['2026-06-30', '111.25'],
    ),
  },
  fxRates: { 'USD/EUR': series(['2025-12-31', '0.92'], ['2026-06-01', '0.9']) },
}

/** Church tax at 9 %; a Freistellungsauftrag of 50 in 2025 and 100 in the other years. */
const settingsOf: SettingsOf = (year) => ({
  churchTaxRate: '0.09',
  freistellungsauftrag: decimal(year === 2025 ? '50' : '100'),
})

function assessed(asOf: string, settings: SettingsOf = settingsOf): TaxYear {
  const year = Number(asOf.slice(0, 4))
  const years = unwrap(germanTaxYears(depot, INSTRUMENTS, { asOf, settingsOf: settings }))
  const found = years.find((each) => each.year === year)
  if (found === undefined) throw new Error(`No year ${year}`)
  return found
}

/** A figure of the year as the view gives it. */
function yearValue(a: YearAssessment, name: GermanTaxFigure): Decimal {
  switch (name) {
    case 'foreignTaxCreditable':
      return a.foreignTax.creditable
    case 'foreignTaxCredited':
      return a.foreignTax.credited
    case 'foreignTaxLapsed':
      return a.foreignTax.lapsed
    case 'carriedOutShares':
      return a.carriedOut.shares
    case 'carriedOutGeneral':
      return a.carriedOut.general
    default:
      return a[name]
  }
}

/** Every figure of the view of `asOf`'s year with its value. */
function viewFigures(asOf: string, settings: SettingsOf): [GermanTaxFigureRef, Decimal][] {
  const { assessment, items } = assessed(asOf, settings)
  const figures: [GermanTaxFigureRef, Decimal][] = GERMAN_TAX_FIGURES.map((name) => [
    { scope: 'germanTax', name },
    yearValue(assessment, name),
  ])
  items.forEach((item, index) => {
    figures.push([{ scope: 'germanTaxItem', id: String(index), name: 'amount' }, item.amount])
  })
  return figures
}

function explain(figure: GermanTaxFigureRef, asOf: string, settings = settingsOf): Derivation {
  const year = Number(asOf.slice(0, 4))
  return unwrap(explainGermanTax(depot, INSTRUMENTS, { year, asOf, settingsOf: settings, figure }))
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
  expect(derivation.currency).toBe('EUR')
}

/** Every step, at any depth. */
function allSteps(steps: readonly Step[]): Step[] {
  return steps.flatMap((each) => [each, ...(each.parts ? allSteps(each.parts.steps) : [])])
}

const YEARS = ['2025-12-31', '2026-12-31'] as const
const certified2025: SettingsOf = (year) => ({
  ...settingsOf(year),
  lossCertificate: year === 2025,
})

describe('every figure of the German tax view explains itself', () => {
  for (const asOf of YEARS) {
    for (const [name, settings] of [
      ['carried', settingsOf],
      ['with a loss certificate for 2025', certified2025],
    ] as const) {
      it(`recomputes each figure of ${asOf.slice(0, 4)} exactly (${name})`, () => {
        const figures = viewFigures(asOf, settings)
        expect(figures.length).toBeGreaterThan(GERMAN_TAX_FIGURES.length + 3)
        for (const [figure, value] of figures) {
          const derivation = explain(figure, asOf, settings)
          expect(derivation.figure).toBe(figureId(figure))
          expectExplains(derivation, value)
        }
      })
    }
  }

  it('explains a fund’s Vorabpauschale expected at today’s price, as the view expects it', () => {
    const asOf = '2026-06-30'
    const [expected] = expectedVorabpauschalen(taxPass(depot, INSTRUMENTS, asOf))
    expect(expected?.instrumentCode).toBe('ETF')
    const amount = explain({ scope: 'germanTaxExpected', id: 'ETF', name: 'amount' }, asOf)
    expectExplains(amount, expected?.amount ?? decimal('0'))
    // The 10 units left of the second lot, held all year, and the 5 bought in April: 9/12.
    expect(amount.steps.map((each) => each.params)).toEqual([
      { quantity: '10', acquired: '2025-08-01' },
      { quantity: '5', acquired: '2026-04-15' },
    ])
    expect(
      amount.steps[1]?.parts?.steps.find((each) => each.label === 'germanTax.monthsKept')?.value,
    ).toEqual(decimal('9'))
    const taxable = explain({ scope: 'germanTaxExpected', id: 'ETF', name: 'taxable' }, asOf)
    expectExplains(taxable, expected?.taxable ?? decimal('0'))
    expect(taxable.steps[0]?.figure).toBe('germanTaxExpected.ETF.amount')
  })

  it('shows the sale of fund units: proceeds, each FIFO lot’s cost, the Vorabpauschalen borne, 70 %', () => {
    const { items } = assessed('2026-12-31')
    const index = items.findIndex((item) => item.transactionId === 's3')
    const sale = explain(
      { scope: 'germanTaxItem', id: String(index), name: 'amount' },
      '2026-12-31',
    )
    expect(sale.formula).toBe('germanTaxItem.fundSale')
    expect(sale.steps.map((each) => [each.op, each.label, each.source?.kind ?? null])).toEqual([
      [null, 'proceeds', 'transaction'],
      ['minus', 'lot', 'transaction'],
      ['minus', 'lot', 'transaction'],
      ['minus', 'germanTax.vorabpauschalenBorne', 'transaction'],
      ['minus', 'germanTax.vorabpauschalenBorne', 'transaction'],
      ['times', 'germanTax.taxablePart', null],
    ])
    // The lots are the buying transactions: all 40 of May, 10 of the 20 of August.
    expect(sale.steps.slice(1, 3).map((each) => [each.params.quantity, each.source])).toEqual([
      [
        '40',
        {
          kind: 'transaction',
          transactionId: 'b3',
          type: 'BUY',
          date: '2025-05-15',
          instrumentCode: 'ETF',
        },
      ],
      [
        '10',
        {
          kind: 'transaction',
          transactionId: 'b4',
          type: 'BUY',
          date: '2025-08-01',
          instrumentCode: 'ETF',
        },
      ],
    ])
    expect(sale.notes.map((note) => note.label)).toEqual(['germanTax.vorabpauschalenInFull'])
  })

  it('shows a Vorabpauschale per lot from the year’s prices, the Basiszins and the rate', () => {
    const { items } = assessed('2026-12-31')
    const index = items.findIndex((item) => item.kind === 'vorabpauschale')
    expect(items.filter((item) => item.kind === 'vorabpauschale')).toHaveLength(1)
    const item = explain(
      { scope: 'germanTaxItem', id: String(index), name: 'amount' },
      '2026-12-31',
    )
    const [may] = item.steps
    expect(may?.parts?.steps.map((each) => [each.op, each.label])).toEqual([
      [null, 'quantity'],
      ['times', 'germanTax.firstPrice'],
      ['times', 'germanTax.basiszins'],
      ['times', 'germanTax.basisertragShare'],
      ['atMost', 'germanTax.yearRise'],
      ['minus', 'germanTax.distributions'],
      ['atLeast', 'germanTax.zero'],
      ['times', 'germanTax.monthsKept'],
      ['divide', 'germanTax.monthsOfYear'],
      ['times', 'fxRate'],
    ])
    const sources = allSteps(item.steps).flatMap((each) => (each.source ? [each.source] : []))
    expect(sources).toContainEqual({ kind: 'basiszins', year: 2025 })
    expect(sources).toContainEqual({
      kind: 'price',
      instrumentCode: 'ETF',
      date: '2025-01-02',
      origin: 'close',
    })
    expect(sources).toContainEqual({
      kind: 'fxRate',
      currency: 'USD',
      date: '2025-12-31',
      origin: 'reference',
    })
    expect(item.notes).toEqual([
      { label: 'germanTax.receivedOn', params: { date: '2026-01-02', year: 2025 } },
    ])
  })

  it('credits the foreign tax up to the treaty rate, and links the taxes to the figures they use', () => {
    const creditable = explain({ scope: 'germanTax', name: 'foreignTaxCreditable' }, '2025-12-31')
    // 30 % withheld on 20 dollars at 0.90: 5.40; credited up to 15 %: 2.70.
    expect(creditable.value?.toString()).toBe('2.7')
    expect(creditable.steps[0]?.parts?.steps.map((each) => each.value.toString())).toEqual([
      '5.4',
      '2.7',
    ])
    const kapESt = explain({ scope: 'germanTax', name: 'kapESt' }, '2025-12-31')
    expect(kapESt.steps.map((each) => [each.op, each.figure])).toEqual([
      [null, 'germanTax.taxable'],
      ['minus', null],
      ['divide', null],
      ['roundHalfUp', null],
    ])
    expect(kapESt.steps[2]?.value.toString()).toBe('4.09')
    const soli = explain({ scope: 'germanTax', name: 'soli' }, '2025-12-31')
    expect(soli.steps.map((each) => each.op)).toEqual([null, 'times', 'floor'])
  })

  it('meets the share losses carried from 2025 in the share pot, unless they were certified', () => {
    const income = explain({ scope: 'germanTax', name: 'income' }, '2026-12-31')
    const [pot] = income.steps
    expect(pot?.label).toBe('germanTax.sharePot')
    expect(pot?.parts?.steps.map((each) => [each.op, each.label, each.value.toString()])).toEqual([
      [null, 'germanTax.shareGains', '793'],
      ['plus', 'germanTax.shareLosses', '-291.87'],
      ['plus', 'germanTax.carriedInShares', '-212'],
      ['atLeast', 'germanTax.zero', '0'],
    ])
    expect(pot?.parts?.steps[2]?.params).toEqual({ year: 2025 })
    const certified = explain({ scope: 'germanTax', name: 'income' }, '2026-12-31', certified2025)
    expect(certified.notes).toEqual([
      { label: 'germanTax.certifiedBefore', params: { year: 2025 } },
    ])
    const carried = explain(
      { scope: 'germanTax', name: 'carriedOutShares' },
      '2025-12-31',
      certified2025,
    )
    expect(carried.value?.toString()).toBe('-212')
    expect(carried.notes).toEqual([{ label: 'germanTax.certified', params: { year: 2025 } }])
  })

  it('refuses an item that is not in the view, and a fund not expected', () => {
    for (const figure of [
      { scope: 'germanTaxItem', id: '99', name: 'amount' },
      { scope: 'germanTaxExpected', id: 'DEAG', name: 'amount' },
      { scope: 'germanTaxExpected', id: 'NOPE', name: 'taxable' },
    ] as const) {
      const result = explainGermanTax(depot, INSTRUMENTS, {
        year: 2025,
        asOf: '2025-12-31',
        settingsOf,
        figure,
      })
      expect(result.ok ? null : result.error.code).toBe('unknown_figure')
    }
  })

  it('explains a year with nothing in it as that year assessed with no items', () => {
    const left = explain({ scope: 'germanTax', name: 'allowanceLeft' }, '2024-12-31')
    expectExplains(left, decimal('100'))
  })
})

describe('the words of every tax explanation', () => {
  const locales = { en, tr, de } as const
  const message = (messages: unknown, path: string): unknown =>
    path
      .split('.')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], messages)

  it('exist in tr, en and de for each formula, step and note', () => {
    const derivations: Derivation[] = []
    for (const asOf of YEARS) {
      for (const settings of [settingsOf, certified2025]) {
        for (const [figure] of viewFigures(asOf, settings)) {
          derivations.push(explain(figure, asOf, settings))
        }
      }
    }
    for (const name of ['amount', 'taxable'] as const) {
      derivations.push(explain({ scope: 'germanTaxExpected', id: 'ETF', name }, '2026-06-30'))
    }
    const keys = new Set<string>()
    for (const derivation of derivations) {
      keys.add(`explain.formula.${derivation.formula}`)
      for (const note of derivation.notes) keys.add(`explain.note.${note.label}`)
      for (const each of allSteps(derivation.steps)) {
        keys.add(`explain.step.${each.label}`)
        if (each.op !== null) keys.add(`explain.ops.${each.op}`)
      }
    }
    expect([...keys].filter((key) => key.startsWith('explain.formula.')).length).toBeGreaterThan(
      GERMAN_TAX_FIGURES.length + 4,
    )
    for (const [locale, messages] of Object.entries(locales)) {
      const missing = [...keys].filter((key) => typeof message(messages, key) !== 'string')
      expect(missing, locale).toEqual([])
    }
  })
})
