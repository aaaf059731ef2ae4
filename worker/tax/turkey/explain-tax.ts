import { ZERO, decimal } from '../../../shared/decimal/decimal'
import type { Decimal } from '../../../shared/decimal/decimal'
import type { TurkishTaxFigure, TurkishTaxFigureRef } from '../../../shared/portfolio/figure-ids'
import { figureId } from '../../../shared/portfolio/figure-ids'
import type { Derivation, StepInit } from '../../portfolio/explain/derivation'
import { noSuchFigure } from '../../portfolio/explain/explain-source'
import { toResult } from '../../portfolio/errors'
import type { Result } from '../../portfolio/errors'
import type { PortfolioInput } from '../../portfolio/portfolio-input'
import { assessTurkishYear } from './assess-year'
import type { DeclarationTest, TurkishYearAssessment } from './assess-year'
import { KURUS, TRY, explainItem, itemStep, partsStep, taxDerivation } from './explain-tax-items'
import type { TurkishTaxSource } from './explain-tax-items'
import type { TurkishTaxInstrument, TurkishTaxItem } from './tax-items'
import { tariffBrackets } from './tax-rules'
import { TurkishTaxJournal, turkishTaxPass } from './tax-years'
import type { TurkishTaxOptions } from './tax-years'

const TWO = decimal('2')

/**
 * How one figure of the Turkish tax view of `year` was computed (docs/tax-turkey.md): the same
 * pass over the portfolio to `asOf` (the view's date: the year's end, or today), with a journal of
 * what each item was computed from, and the year assessed as the view assesses it. A figure of the
 * year (`turkishTax`) or of an item by its index in the view's list (`turkishTaxItem`). Each
 * derivation recomputes to the view's figure exactly.
 *
 * @example explainTurkishTax(input, instruments, { year: 2025, asOf: '2025-12-31', yiUfe, figure: { scope: 'turkishTax', name: 'fundStopaj' } })
 */
export function explainTurkishTax(
  input: PortfolioInput,
  instruments: Readonly<Record<string, TurkishTaxInstrument>>,
  options: TurkishTaxOptions & { year: number; figure: TurkishTaxFigureRef },
): Result<Derivation> {
  return toResult(() => {
    const journal = new TurkishTaxJournal()
    const pass = turkishTaxPass(input, instruments, options, journal)
    const { year, figure } = options
    const items = pass.itemsByYear.get(year) ?? []
    const source: TurkishTaxSource = { pass, journal, year, items }
    return figure.scope === 'turkishTax'
      ? explainYear(source, assessTurkishYear(year, items), figure.name)
      : explainItem(source, Number(figure.id), figure.name)
  })
}

const taxFigure = (name: TurkishTaxFigure) => figureId({ scope: 'turkishTax', name })

/** A figure of the year as a step, opening its own explanation. */
function figureStep(
  name: TurkishTaxFigure,
  value: Decimal,
  op?: StepInit['op'],
): StepInit & { figure: string } {
  return {
    label: `turkishTax.${name}`,
    value,
    currency: TRY,
    figure: taxFigure(name),
    ...(op ? { op } : {}),
  }
}

/** Steps to sum before a rounding, or one zero for none. */
const orNone = (steps: StepInit[]): StepInit[] =>
  steps.length > 0 ? steps : [{ label: 'none', value: ZERO, currency: TRY }]

const zero = (op: 'atLeast' | 'atMost'): StepInit => ({
  op,
  label: 'turkishTax.zero',
  value: ZERO,
  currency: TRY,
})

type Kind = TurkishTaxItem['kind']

/** The figure `name` of the items of the year (by index) that `keep` selects, as a sum. */
function itemSum(
  source: TurkishTaxSource,
  kind: Kind,
  name: Parameters<typeof itemStep>[2],
  keep: (item: TurkishTaxItem) => boolean = () => true,
): StepInit[] {
  return source.items.flatMap((item, index) =>
    item.kind === kind && keep(item) ? [itemStep(source, index, name)] : [],
  )
}

const indexedGainOf = (item: TurkishTaxItem): Decimal =>
  item.kind === 'foreignSale' ? item.indexedGain : ZERO

/**
 * A declaration test as a factor (rules 4 and 11): × 1 when the amount tested exceeds the year's
 * amount and is declared, × 0 when it does not (or nothing is tested, or the year's amount is not
 * known); the note says which and compares the two.
 */
function testFactor(test: DeclarationTest): StepInit {
  const outcome = testOutcome(test)
  return {
    op: 'times',
    kind: 'one',
    label: `turkishTax.test.${outcome}`,
    value: test.declared === true ? decimal('1') : ZERO,
  }
}

function testOutcome(test: DeclarationTest): 'declared' | 'notDeclared' | 'nothing' | 'unknown' {
  if (test.declared === true) return 'declared'
  if (test.declared === null) return 'unknown'
  return test.amount.isZero() ? 'nothing' : 'notDeclared'
}

function testNote(
  rule: 'turkishDividends' | 'foreignDividends',
  test: DeclarationTest,
  year: number,
): Derivation['notes'][number] {
  const outcome = testOutcome(test)
  return {
    label: `turkishTax.${rule}Test.${outcome}`,
    params:
      test.threshold === null
        ? { amount: test.amount.toString(), year }
        : { amount: test.amount.toString(), threshold: test.threshold.toString(), year },
  }
}

/** The year's figures: the stopaj, the foreign sales and dividends, the beyanname and its estimate. */
function explainYear(
  source: TurkishTaxSource,
  a: TurkishYearAssessment,
  name: TurkishTaxFigure,
): Derivation {
  const { year } = source
  const derived = (value: Decimal, inits: StepInit[], notes: Derivation['notes'] = []) =>
    taxDerivation(taxFigure(name), `turkishTax.${name}`, value, inits, notes)
  const estimate = a.declaration.estimate
  const turkishTest = a.turkishDividends.test
  const foreignTest = a.foreignDividends.test
  switch (name) {
    case 'bistGains':
      return derived(a.bistShares.gain, itemSum(source, 'bistSale', 'gain'))
    case 'fundGains':
      return derived(a.funds.gain, itemSum(source, 'fundSale', 'gain'))
    case 'fundStopaj':
      return derived(a.funds.stopaj, itemSum(source, 'fundSale', 'stopaj'))
    case 'turkishDividends':
      return derived(a.turkishDividends.gross, itemSum(source, 'turkishDividend', 'gross'))
    case 'turkishDividendStopaj':
      return derived(a.turkishDividends.stopaj, itemSum(source, 'turkishDividend', 'stopaj'))
    case 'stopaj':
      return derived(a.funds.stopaj.plus(a.turkishDividends.stopaj), [
        figureStep('fundStopaj', a.funds.stopaj),
        figureStep('turkishDividendStopaj', a.turkishDividends.stopaj, 'plus'),
      ])
    case 'foreignGains':
      return derived(
        a.foreignSales.gains,
        itemSum(source, 'foreignSale', 'indexedGain', (item) => indexedGainOf(item).sign() > 0),
      )
    case 'foreignLosses':
      return derived(
        a.foreignSales.losses,
        itemSum(source, 'foreignSale', 'indexedGain', (item) => indexedGainOf(item).sign() < 0),
      )
    case 'foreignNet':
      return derived(
        a.foreignSales.net,
        [
          figureStep('foreignGains', a.foreignSales.gains),
          figureStep('foreignLosses', a.foreignSales.losses, 'plus'),
          zero('atLeast'),
        ],
        [{ label: 'turkishTax.noCarryForward', params: { year } }],
      )
    case 'foreignNetWithoutIndexation':
      return derived(a.foreignSales.netWithoutIndexation, [
        ...itemSum(source, 'foreignSale', 'gain'),
        zero('atLeast'),
      ])
    case 'foreignDividends':
      return derived(a.foreignDividends.gross, itemSum(source, 'foreignDividend', 'gross'))
    case 'foreignTax':
      return derived(
        a.foreignDividends.foreignTax,
        itemSum(source, 'foreignDividend', 'foreignTax'),
      )
    case 'declaredForeignGains':
      return derived(
        a.declaration.foreignGains,
        [figureStep('foreignNet', a.foreignSales.net)],
        [{ label: 'turkishTax.gainsAlwaysDeclared', params: {} }],
      )
    case 'turkishDividendsTested':
      return derived(turkishTest.amount, [
        figureStep('turkishDividends', a.turkishDividends.gross),
        { op: 'divide', kind: 'one', label: 'turkishTax.halfExempt', value: TWO },
      ])
    case 'declaredTurkishDividends':
      return derived(
        a.declaration.turkishDividends,
        [figureStep('turkishDividendsTested', turkishTest.amount), testFactor(turkishTest)],
        [testNote('turkishDividends', turkishTest, year)],
      )
    case 'foreignDividendsTested':
      return derived(
        foreignTest.amount,
        [figureStep('foreignDividends', a.foreignDividends.gross)],
        [{ label: 'turkishTax.otherForeignIncome', params: {} }],
      )
    case 'declaredForeignDividends':
      return derived(
        a.declaration.foreignDividends,
        [figureStep('foreignDividendsTested', foreignTest.amount), testFactor(foreignTest)],
        [testNote('foreignDividends', foreignTest, year)],
      )
    case 'income':
      return derived(
        a.declaration.income,
        [
          figureStep('declaredForeignGains', a.declaration.foreignGains),
          figureStep('declaredForeignDividends', a.declaration.foreignDividends, 'plus'),
          figureStep('declaredTurkishDividends', a.declaration.turkishDividends, 'plus'),
        ],
        [{ label: 'turkishTax.onlyIncome', params: {} }],
      )
  }
  // The estimate's figures: only for a year with its tariff and its tests decided.
  if (estimate === null) return noSuchFigure(`${name} of ${year}`)
  switch (name) {
    case 'tax':
      return derived(
        estimate.tax,
        [
          ...orNone(tariffSteps(year, a.declaration.income)),
          { op: 'roundHalfUp', label: 'turkishTax.roundedToKurus', value: KURUS, currency: TRY },
        ],
        [{ label: 'turkishTax.onlyIncome', params: {} }],
      )
    case 'turkishStopajCredited':
      return derived(
        estimate.turkishStopajCredited,
        [figureStep('turkishDividendStopaj', a.turkishDividends.stopaj), testFactor(turkishTest)],
        [testNote('turkishDividends', turkishTest, year)],
      )
    case 'foreignTaxCredited':
      return derived(
        estimate.foreignTaxCredited,
        [
          ...orNone(foreignTest.declared === true ? creditSteps(source, a) : []),
          { op: 'roundHalfUp', label: 'turkishTax.roundedToKurus', value: KURUS, currency: TRY },
        ],
        foreignTest.declared === true ? [] : [testNote('foreignDividends', foreignTest, year)],
      )
    case 'foreignTaxNotCredited':
      return derived(estimate.foreignTaxNotCredited, [
        figureStep('foreignTax', a.foreignDividends.foreignTax),
        figureStep('foreignTaxCredited', estimate.foreignTaxCredited, 'minus'),
      ])
    case 'balance':
      return derived(estimate.balance, [
        figureStep('tax', estimate.tax),
        figureStep('turkishStopajCredited', estimate.turkishStopajCredited, 'minus'),
        figureStep('foreignTaxCredited', estimate.foreignTaxCredited, 'minus'),
      ])
    case 'refund':
      return derived(estimate.balance.neg(), [
        figureStep('turkishStopajCredited', estimate.turkishStopajCredited),
        figureStep('foreignTaxCredited', estimate.foreignTaxCredited, 'plus'),
        figureStep('tax', estimate.tax, 'minus'),
      ])
    default:
      return noSuchFigure(name)
  }
}

/**
 * The tax of the tariff (GVK 103, rule 5): each bracket the income reaches, its part of the
 * income (the income, at most the bracket's top, less its bottom) × its rate.
 */
function tariffSteps(year: number, income: Decimal): StepInit[] {
  const brackets = tariffBrackets(year, income)
  if (brackets === null) return noSuchFigure(`tax of ${year}`)
  return brackets.map((bracket) => {
    const bounds: Record<string, string> =
      bracket.top === null
        ? { below: bracket.below.toString() }
        : { below: bracket.below.toString(), top: bracket.top.toString() }
    return partsStep(
      {
        label: bracket.top === null ? 'turkishTax.lastBracket' : 'turkishTax.bracket',
        params: { ...bounds, percent: bracket.rate.toString() },
        value: bracket.part.times(bracket.rate),
        currency: TRY,
      },
      [
        partsStep({ label: 'turkishTax.bracketPart', value: bracket.part, currency: TRY }, [
          figureStep('income', income),
          ...(bracket.top === null
            ? []
            : [
                {
                  op: 'atMost' as const,
                  label: 'turkishTax.bracketTop',
                  value: bracket.top,
                  currency: TRY,
                },
              ]),
          ...(bracket.below.isZero()
            ? []
            : [
                {
                  op: 'minus' as const,
                  label: 'turkishTax.bracketBottom',
                  value: bracket.below,
                  currency: TRY,
                },
              ]),
        ]),
        { op: 'times', kind: 'rate', label: 'turkishTax.bracketRate', value: bracket.rate },
      ],
    )
  })
}

/**
 * Each declared foreign dividend's credit (GVK 123, rule 12): its tax withheld abroad, at most
 * the tax's share on it, tax × its gross ÷ the declared income.
 */
function creditSteps(source: TurkishTaxSource, a: TurkishYearAssessment): StepInit[] {
  const estimate = a.declaration.estimate
  if (estimate === null) return []
  const income = a.declaration.income
  return source.items.flatMap((item, index) => {
    if (item.kind !== 'foreignDividend') return []
    const share = estimate.tax.share(item.gross, income)
    const credit = item.foreignTax.lt(share) ? item.foreignTax : share
    // Its value is the credit, not the item's tax: it opens no explanation of its own.
    const dividend = { ...itemStep(source, index, 'foreignTax'), value: credit, figure: null }
    return [
      partsStep(dividend, [
        { ...itemStep(source, index, 'foreignTax'), label: 'turkishTax.withheldAbroad' },
        partsStep(
          {
            op: 'atMost',
            label: 'turkishTax.taxShare',
            value: share,
            currency: TRY,
          },
          [
            figureStep('tax', estimate.tax),
            { ...itemStep(source, index, 'gross'), op: 'times', label: 'turkishTax.grossDividend' },
            figureStep('income', income, 'divide'),
          ],
        ),
      ]),
    ]
  })
}
