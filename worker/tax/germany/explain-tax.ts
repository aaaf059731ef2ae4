import { ZERO, decimal } from '../../../shared/decimal/decimal'
import type { Decimal } from '../../../shared/decimal/decimal'
import type { GermanTaxFigure, GermanTaxFigureRef } from '../../../shared/portfolio/figure-ids'
import { figureId } from '../../../shared/portfolio/figure-ids'
import type { Derivation, StepInit } from '../../portfolio/explain/derivation'
import { toResult } from '../../portfolio/errors'
import type { Result } from '../../portfolio/errors'
import type { PortfolioInput } from '../../portfolio/portfolio-input'
import { NO_LOSSES, assessYear } from './assess-year'
import type { YearAssessment } from './assess-year'
import {
  EUR,
  creditStep,
  explainExpected,
  explainItem,
  itemStep,
  partsStep,
  taxDerivation,
} from './explain-tax-items'
import type { TaxSource } from './explain-tax-items'
import { ABGELTUNGSTEUER, SOLI } from './tax-rules'
import { TaxJournal, assessYears, taxPass } from './tax-years'
import type { SettingsOf, TaxInstrument } from './tax-years'

const CENT = decimal('0.01')
const FOUR = decimal('4')

/**
 * How one figure of the German tax view of `year` was computed (docs/tax-germany.md): the same
 * pass over the depot to `asOf` (the view's date: the year's end, or today), with a journal of
 * what each item was computed from, and the year assessed as the view assesses it. A figure of
 * the year (`germanTax`), an item by its index in the view's list (`germanTaxItem`), or a fund's
 * Vorabpauschale expected at today's price (`germanTaxExpected`). Each derivation recomputes to
 * the view's figure exactly.
 *
 * @example explainGermanTax(input, instruments, { year: 2025, asOf: '2025-12-31', settingsOf, figure: { scope: 'germanTax', name: 'kapESt' } })
 */
export function explainGermanTax(
  input: PortfolioInput,
  instruments: Readonly<Record<string, TaxInstrument>>,
  options: { year: number; asOf: string; settingsOf: SettingsOf; figure: GermanTaxFigureRef },
): Result<Derivation> {
  return toResult(() => {
    const journal = new TaxJournal()
    const pass = taxPass(input, instruments, options.asOf, journal)
    const { year, settingsOf, figure } = options
    const assessed = assessYears(pass, settingsOf).find((each) => each.year === year)
    const source: TaxSource = { pass, journal, year, items: assessed?.items ?? [] }
    switch (figure.scope) {
      case 'germanTax':
        return explainYear(
          source,
          // A year before the first transaction (or after today) has nothing in it.
          assessed?.assessment ?? assessYear([], settingsOf(year), NO_LOSSES),
          settingsOf,
          figure.name,
        )
      case 'germanTaxItem':
        return explainItem(source, Number(figure.id))
      case 'germanTaxExpected':
        return explainExpected(source, figure.id, figure.name)
    }
  })
}

const taxFigure = (name: GermanTaxFigure) => figureId({ scope: 'germanTax', name })

/** A figure of the year as a step, opening its own explanation. */
function figureStep(label: string, name: GermanTaxFigure, value: Decimal, op?: 'minus' | 'plus') {
  return {
    label,
    value,
    currency: EUR,
    figure: taxFigure(name),
    ...(op ? { op } : {}),
  } satisfies StepInit
}

const zero = (op: 'atLeast' | 'atMost'): StepInit => ({
  op,
  label: 'germanTax.zero',
  value: ZERO,
  currency: EUR,
})

/** The items of the year (by index) that `keep` selects, as a sum. */
function itemSum(source: TaxSource, keep: (index: number) => boolean): StepInit[] {
  return source.items.flatMap((_, index) => (keep(index) ? [itemStep(source, index)] : []))
}

/** The year's figures (rules 1–7): the pots, the allowance, the foreign tax and the three taxes. */
function explainYear(
  source: TaxSource,
  assessment: YearAssessment,
  settingsOf: SettingsOf,
  name: GermanTaxFigure,
): Derivation {
  const { year, items } = source
  const a = assessment
  const settings = settingsOf(year)
  const derived = (value: Decimal, inits: StepInit[], notes: Derivation['notes'] = []) =>
    taxDerivation(taxFigure(name), `germanTax.${name}`, value, inits, notes)
  const carriedIn = (pot: 'shares' | 'general'): StepInit => ({
    op: 'plus',
    label: pot === 'shares' ? 'germanTax.carriedInShares' : 'germanTax.carriedInGeneral',
    params: { year: year - 1 },
    value: a.carriedIn[pot],
    currency: EUR,
  })
  // A Verlustbescheinigung for the year before: its pots went to the tax return, not here.
  const certifiedBefore: Derivation['notes'] =
    year > source.pass.firstYear && settingsOf(year - 1).lossCertificate
      ? [{ label: 'germanTax.certifiedBefore', params: { year: year - 1 } }]
      : []
  const shareNet = a.shareGains.plus(a.shareLosses).plus(a.carriedIn.shares)
  const shareSteps: StepInit[] = [
    figureStep('germanTax.shareGains', 'shareGains', a.shareGains),
    figureStep('germanTax.shareLosses', 'shareLosses', a.shareLosses, 'plus'),
    carriedIn('shares'),
  ]
  const sharePot = partsStep(
    { label: 'germanTax.sharePot', value: shareNet.gt(ZERO) ? shareNet : ZERO, currency: EUR },
    [...shareSteps, zero('atLeast')],
  )
  const beforeAllowance: StepInit[] = [
    sharePot,
    figureStep('germanTax.generalIncome', 'generalIncome', a.generalIncome, 'plus'),
    carriedIn('general'),
  ]
  const freistellungsauftrag: StepInit = {
    label: 'germanTax.freistellungsauftrag',
    params: { year },
    value: settings.freistellungsauftrag,
    currency: EUR,
    source: { kind: 'taxSetting', setting: 'freistellungsauftrag', year },
  }
  const churchRate = decimal(settings.churchTaxRate)
  const churchRateSource = { kind: 'taxSetting', setting: 'churchTaxRate', year } as const
  const shareItem = (index: number) => items[index]?.pot === 'shares'
  const certifiedNow: Derivation['notes'] = settings.lossCertificate
    ? [{ label: 'germanTax.certified', params: { year } }]
    : []
  switch (name) {
    case 'shareGains':
      return derived(
        a.shareGains,
        itemSum(source, (index) => shareItem(index) && (items[index]?.amount.sign() ?? 0) > 0),
      )
    case 'shareLosses':
      return derived(
        a.shareLosses,
        itemSum(source, (index) => shareItem(index) && (items[index]?.amount.sign() ?? 0) < 0),
      )
    case 'generalIncome':
      return derived(
        a.generalIncome,
        itemSum(source, (index) => items[index]?.pot === 'general'),
      )
    case 'income':
      return derived(a.income, [...beforeAllowance, zero('atLeast')], certifiedBefore)
    case 'allowanceUsed':
      return derived(a.allowanceUsed, [
        freistellungsauftrag,
        { ...figureStep('germanTax.income', 'income', a.income), op: 'atMost' },
      ])
    case 'allowanceLeft':
      return derived(a.allowanceLeft, [
        freistellungsauftrag,
        figureStep('germanTax.allowanceUsed', 'allowanceUsed', a.allowanceUsed, 'minus'),
      ])
    case 'taxable':
      return derived(a.taxable, [
        figureStep('germanTax.income', 'income', a.income),
        figureStep('germanTax.allowanceUsed', 'allowanceUsed', a.allowanceUsed, 'minus'),
      ])
    case 'foreignTaxCreditable':
      return derived(
        a.foreignTax.creditable,
        items.flatMap((_, index) => creditStep(source, index) ?? []),
      )
    case 'foreignTaxCredited':
      return derived(a.foreignTax.credited, [
        figureStep(
          'germanTax.foreignTaxCreditable',
          'foreignTaxCreditable',
          a.foreignTax.creditable,
        ),
        partsStep(
          {
            op: 'atMost',
            label: 'germanTax.germanTaxOnTaxable',
            value: a.taxable.times(ABGELTUNGSTEUER),
            currency: EUR,
          },
          [
            figureStep('germanTax.taxable', 'taxable', a.taxable),
            {
              op: 'times',
              kind: 'rate',
              label: 'germanTax.abgeltungsteuer',
              value: ABGELTUNGSTEUER,
            },
          ],
        ),
      ])
    case 'foreignTaxLapsed':
      return derived(a.foreignTax.lapsed, [
        figureStep(
          'germanTax.foreignTaxCreditable',
          'foreignTaxCreditable',
          a.foreignTax.creditable,
        ),
        figureStep(
          'germanTax.foreignTaxCredited',
          'foreignTaxCredited',
          a.foreignTax.credited,
          'minus',
        ),
      ])
    case 'kapESt':
      return derived(a.kapESt, [
        figureStep('germanTax.taxable', 'taxable', a.taxable),
        partsStep(
          {
            op: 'minus',
            label: 'germanTax.fourTimesCredited',
            value: FOUR.times(a.foreignTax.credited),
            currency: EUR,
          },
          [
            { kind: 'one', label: 'germanTax.four', value: FOUR },
            {
              ...figureStep(
                'germanTax.foreignTaxCredited',
                'foreignTaxCredited',
                a.foreignTax.credited,
              ),
              op: 'times',
            },
          ],
        ),
        partsStep(
          {
            op: 'divide',
            kind: 'factor',
            label: 'germanTax.divisor',
            value: FOUR.plus(churchRate),
          },
          [
            { kind: 'one', label: 'germanTax.four', value: FOUR },
            {
              op: 'plus',
              kind: 'factor',
              label: 'germanTax.churchTaxRate',
              value: churchRate,
              source: churchRateSource,
            },
          ],
        ),
        { op: 'roundHalfUp', label: 'germanTax.roundedToCent', value: CENT, currency: EUR },
      ])
    case 'soli':
      return derived(a.soli, [
        figureStep('germanTax.kapESt', 'kapESt', a.kapESt),
        { op: 'times', kind: 'rate', label: 'germanTax.soliRate', value: SOLI },
        { op: 'floor', label: 'germanTax.cutToCent', value: CENT, currency: EUR },
      ])
    case 'churchTax':
      return derived(a.churchTax, [
        figureStep('germanTax.kapESt', 'kapESt', a.kapESt),
        {
          op: 'times',
          kind: 'rate',
          label: 'germanTax.churchTaxRate',
          value: churchRate,
          source: churchRateSource,
        },
        { op: 'floor', label: 'germanTax.cutToCent', value: CENT, currency: EUR },
      ])
    case 'carriedOutShares':
      return derived(
        a.carriedOut.shares,
        [...shareSteps, zero('atMost')],
        [...certifiedBefore, ...certifiedNow],
      )
    case 'carriedOutGeneral':
      return derived(
        a.carriedOut.general,
        [...beforeAllowance, zero('atMost')],
        [...certifiedBefore, ...certifiedNow],
      )
  }
}
