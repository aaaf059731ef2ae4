import type { Decimal } from '../../../shared/decimal/decimal'
import { figureId } from '../../../shared/portfolio/figure-ids'
import type { FigureRef, MeasuredFigure, OtherMeasure } from '../../../shared/portfolio/figure-ids'
import type { Result } from '../errors'
import { toResult } from '../errors'
import type { PortfolioInput } from '../portfolio-input'
import { reportPass } from '../portfolio-report'
import { measured } from '../real-returns/measured-totals'
import type {
  MeasureFactor,
  MeasuredChange,
  MeasuredTotals,
  Measurement,
} from '../real-returns/measured-totals'
import type { IndexValue } from '../real-returns/monthly-index'
import type { Derivation, Step, StepInit } from './derivation'
import { decimalSteps, derivation, floatSteps, joined } from './explain-source'

type MeasuredRef = Extract<FigureRef, { scope: 'measured' }>

/** An index value as a step: its month, and the index it is of, named by its code. */
function indexStep(op: 'times' | 'divide', value: IndexValue, code: string): StepInit {
  return {
    op,
    kind: 'factor',
    label: 'measured.indexValue',
    params: { index: code, month: value.valueMonth },
    value: value.value,
    source: {
      kind: 'priceIndex',
      index: code,
      month: value.valueMonth,
      provisional: value.provisional,
    },
  }
}

/** A rate as a step: units of `to` per unit of `from`, in force on its date. */
function rateStep(factor: Extract<MeasureFactor, { kind: 'rate' }>, from: string, to: string) {
  return {
    op: 'times' as const,
    kind: 'fxRate' as const,
    label: 'measured.rate',
    params: { currency: to, per: from },
    value: factor.rate.value,
    source: {
      kind: 'fxRate' as const,
      currency: to,
      date: factor.rate.date,
      origin: 'reference' as const,
    },
  }
}

/** Everything a measured figure's steps read. */
interface Context {
  totals: MeasuredTotals
  measure: OtherMeasure
  base: string
  /** The index's name for the reader (`TR-TUFE`); null for a currency. */
  indexCode: string | null
}

/** One day's change: the nominal change × I(asOf) ÷ I(day), or × the day's rate (rule 9). */
function changeStep(context: Context, change: MeasuredChange): StepInit {
  const { base, totals, indexCode } = context
  const nominal: StepInit = {
    label: 'measured.nominalChange',
    params: { date: change.date },
    value: change.nominal,
    currency: base,
  }
  const factor = change.factor
  const parts =
    factor.kind === 'index'
      ? [
          nominal,
          indexStep('times', factor.asOf, indexCode ?? ''),
          indexStep('divide', factor.at, indexCode ?? ''),
        ]
      : [nominal, rateStep(factor, base, totals.currency)]
  return {
    label: 'measured.change',
    params: { date: change.date },
    value: change.measured,
    currency: totals.currency,
    parts: decimalSteps(joined('times', parts, base)),
  }
}

function changesSum(context: Context, changes: readonly MeasuredChange[]): Step[] {
  return joined(
    'plus',
    changes.map((change) => changeStep(context, change)),
    context.totals.currency,
  )
}

function figureStep(
  context: Context,
  name: MeasuredFigure,
  label: string,
  op?: 'minus' | 'divide',
) {
  const value = context.totals[name] as Decimal
  return {
    op,
    label,
    value,
    currency: context.totals.currency,
    figure: figureId({ scope: 'measured', id: context.measure, name }),
  }
}

function explained(context: Context, ref: MeasuredRef) {
  const { totals, base } = context
  switch (ref.name) {
    case 'value': {
      const nominal: StepInit = {
        label: 'value',
        value: totals.nominalValue,
        currency: base,
        figure: figureId({ scope: 'totals', name: 'value' }),
      }
      const factor = totals.valueFactor
      return derivation(
        ref,
        totals.value,
        decimalSteps(
          joined(
            'plus',
            factor.kind === 'rate' ? [nominal, rateStep(factor, base, totals.currency)] : [nominal],
            base,
          ),
        ),
        [],
        `measured.${factor.kind === 'rate' ? 'valueConverted' : 'valueReal'}`,
      )
    }
    case 'investedCapital':
      return derivation(
        ref,
        totals.investedCapital,
        decimalSteps(changesSum(context, totals.changes)),
        [],
        'measured.investedCapital',
      )
    case 'peakInvestedCapital': {
      const upToPeak = totals.changes.filter(
        (change) => totals.peakDate !== null && change.date <= totals.peakDate,
      )
      return derivation(
        ref,
        totals.peakInvestedCapital,
        decimalSteps(changesSum(context, upToPeak)),
        totals.peakDate === null
          ? []
          : [{ label: 'measured.peakOn', params: { date: totals.peakDate } }],
        'measured.peakInvestedCapital',
      )
    }
    case 'totalGain':
      return derivation(
        ref,
        totals.totalGain,
        decimalSteps(
          joined(
            'plus',
            [
              figureStep(context, 'value', 'measured.value'),
              figureStep(context, 'investedCapital', 'measured.investedCapital', 'minus'),
            ],
            totals.currency,
          ),
        ),
        [],
        'measured.totalGain',
      )
    case 'totalReturn':
      return derivation(
        ref,
        totals.totalReturn,
        floatSteps(
          joined(
            'plus',
            [
              figureStep(context, 'totalGain', 'measured.totalGain'),
              figureStep(context, 'peakInvestedCapital', 'measured.peakInvestedCapital', 'divide'),
            ],
            totals.currency,
          ),
        ),
        [],
        'measured.totalReturn',
      )
  }
}

/**
 * How a total measured real or in another currency on `asOf` was computed (docs/real-returns.md,
 * rule 11): the same report pass and {@link measuredTotals} as the figure, each change of
 * invested capital with the index values or the rate it was measured by. `indexCode` names the
 * index to the reader (`TR-TUFE`).
 *
 * @example explainMeasured(input, { asOf: '2026-01-15', figure: { scope: 'measured', id: 'real', name: 'totalReturn' }, measurement })
 */
export function explainMeasured(
  input: PortfolioInput,
  options: { asOf: string; figure: MeasuredRef; measurement: Measurement },
): Result<Derivation> {
  return toResult(() => {
    const { report, ledger } = reportPass(input, options.asOf)
    const { measurement, figure } = options
    const base = report.baseCurrency
    const totals = measured(
      report.totals.value,
      ledger.capital.days,
      options.asOf,
      measurement,
      base,
    )
    const context: Context = {
      totals,
      measure: figure.id,
      base,
      indexCode: measurement.kind === 'real' ? measurement.code : null,
    }
    const notes: Derivation['notes'] =
      measurement.kind === 'real' && totals.valueFactor.kind === 'index'
        ? [
            {
              label: totals.provisional ? 'measured.inMoneyOfProvisional' : 'measured.inMoneyOf',
              params: {
                date: options.asOf,
                index: measurement.code,
                month: totals.valueFactor.asOf.valueMonth,
              },
            },
          ]
        : []
    const explainedFigure = explained(context, figure)
    return {
      ...explainedFigure,
      notes: [...explainedFigure.notes, ...notes],
      kind: figure.name === 'totalReturn' ? 'fraction' : 'amount',
      currency: figure.name === 'totalReturn' ? null : totals.currency,
    }
  })
}
