import type { PerformanceFigure } from '../../../shared/portfolio/figure-ids'
import { figureId } from '../../../shared/portfolio/figure-ids'
import { step } from './derivation'
import type { Derivation, Step } from './derivation'
import type { Result } from '../errors'
import { toResult } from '../errors'
import { windowFlows } from '../money-weighted-return'
import { seriesWindow, windowChange, windowNetFlow } from '../series-window'
import type { ReturnPeriod } from '../series-window'
import { annualized, chainedGrowth, subPeriods, yearExponent } from '../time-weighted-return'
import type { SubPeriod } from '../time-weighted-return'
import type { ValueSeries } from '../value-series'
import { xirr, xirrRates } from '../xirr'

const FRACTION = { kind: 'fraction', currency: null } as const

function factorStep(period: SubPeriod, currency: string): Step {
  const money = { kind: 'amount' as const, currency }
  return step({
    op: 'times',
    kind: 'factor',
    label: 'subPeriod',
    params: { from: period.from, to: period.to },
    value: period.factor,
    parts: {
      arithmetic: 'float',
      steps: [
        step({
          ...money,
          label: 'valueAtEnd',
          params: { date: period.to },
          value: period.endValue,
        }),
        step({ ...money, op: 'plus', label: 'outflow', value: period.outflow }),
        step({
          ...money,
          op: 'divide',
          label: 'invested',
          value: period.invested,
          parts: {
            arithmetic: 'float',
            steps: [
              step({
                ...money,
                label: 'valueAtStart',
                params: { date: period.from },
                value: period.startValue,
              }),
              step({ ...money, op: 'plus', label: 'inflow', value: period.inflow }),
            ],
          },
        }),
      ],
    },
  })
}

/**
 * How a return over a range of the value series was computed: the time-weighted return's
 * sub-periods and their growth factors, chained; its yearly rate; or the dated cash flows the
 * money-weighted return balances, with every rate that balances them.
 */
export function explainReturn(
  series: ValueSeries,
  name: PerformanceFigure,
  period?: ReturnPeriod,
): Result<Derivation> {
  return toResult((): Derivation => {
    const window = seriesWindow(series, period)
    const figure = figureId({ scope: 'performance', name })
    const formula = `performance.${name}`
    const currency = series.baseCurrency
    const range = { label: 'range', params: { from: window.from, to: window.to } }
    if (name === 'valueChange') {
      const money = { kind: 'amount' as const, currency }
      return {
        figure,
        formula,
        arithmetic: 'float',
        value: windowChange(window),
        kind: 'amount',
        currency,
        steps: [
          step({
            ...money,
            label: 'valueAtEnd',
            params: { date: window.to },
            value: window.endValue,
          }),
          step({
            ...money,
            op: 'minus',
            label: 'valueAtStart',
            params: { date: window.from },
            value: window.startValue,
          }),
        ],
        notes: [range, { label: 'netFlow', params: { amount: windowNetFlow(window) } }],
      }
    }
    if (name === 'mwr') {
      const flows = windowFlows(window)
      const rate = xirr(flows)
      const steps = flows.map((flow, index) =>
        step({
          kind: 'cashFlow',
          label:
            index === 0
              ? 'startValuePaidIn'
              : index === flows.length - 1
                ? 'endValueReceived'
                : 'netFlow',
          params: { date: flow.date },
          value: flow.amount,
          currency,
        }),
      )
      const rates = xirrRates(flows)
      const notes = [
        range,
        ...(rate.rate === null ? [{ label: `mwrReason.${rate.reason}`, params: {} }] : []),
        ...(rates.length > 1
          ? rates.map((balancing) => ({
              label: balancing === rate.rate ? 'balancingRateChosen' : 'balancingRate',
              params: { rate: balancing },
            }))
          : []),
      ]
      return { figure, formula, arithmetic: 'xirr', value: rate.rate, ...FRACTION, steps, notes }
    }
    const periods = subPeriods(window)
    const growth = chainedGrowth(periods)
    const chained: Step[] = [
      step({ kind: 'one', label: 'start', value: 1 }),
      ...periods.map((sub) => factorStep(sub, currency)),
    ]
    if (name === 'twr') {
      return {
        figure,
        formula,
        arithmetic: 'float',
        value: growth - 1,
        ...FRACTION,
        steps: [...chained, step({ op: 'minus', kind: 'one', label: 'start', value: 1 })],
        notes: [range],
      }
    }
    const yearly = annualized(growth, window.days)
    return {
      figure,
      formula,
      arithmetic: 'float',
      value: yearly,
      ...FRACTION,
      steps:
        yearly === null
          ? []
          : [
              step({
                kind: 'factor',
                label: 'growth',
                value: growth,
                figure: figureId({ scope: 'performance', name: 'twr' }),
                parts: { arithmetic: 'float', steps: chained },
              }),
              step({
                op: 'power',
                kind: 'factor',
                label: 'yearExponent',
                params: { days: window.days },
                value: yearExponent(window.days),
              }),
              step({ op: 'minus', kind: 'one', label: 'start', value: 1 }),
            ],
      notes: [range, ...(yearly === null ? [{ label: 'notAnnualized', params: {} }] : [])],
    }
  })
}
