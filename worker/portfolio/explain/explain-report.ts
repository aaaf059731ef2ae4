import type { FigureRef, ReportFigureRef } from '../../../shared/portfolio/figure-ids'
import type { Derivation } from './derivation'
import type { Result } from '../errors'
import { toResult } from '../errors'
import { Journal } from '../journal'
import type { BookingField, JournalScope } from '../journal'
import type { PortfolioInput } from '../portfolio-input'
import { reportPass } from '../portfolio-report'
import type { PriceMove } from '../price-moves'
import { decimalSteps, derivation, entryStep, joined, positionOf } from './explain-source'
import type { Explained, Source } from './explain-source'
import { explainHolding } from './explain-holding'
import { explainIncome, explainSale } from './explain-sale'
import { explainCash, explainDayChange, explainTotals } from './explain-totals'

/** What a figure is: a fraction, units, a price or an amount, in its currency. */
function unitOf(source: Source, figure: FigureRef): Pick<Derivation, 'kind' | 'currency'> {
  const fraction = { kind: 'fraction', currency: null } as const
  switch (figure.scope) {
    case 'holding':
      if (figure.name === 'quantity') return { kind: 'quantity', currency: null }
      if (figure.name === 'unrealizedReturn' || figure.name === 'shareOfValue') return fraction
      if (figure.name === 'averageCost') {
        return { kind: 'price', currency: positionOf(source, figure.id).currency }
      }
      break
    case 'cash':
      return { kind: 'amount', currency: figure.id }
    case 'totals':
      if (figure.name === 'totalReturn') return fraction
      break
    case 'dayChange':
      if (figure.name === 'return') return fraction
      break
    default:
      break
  }
  return { kind: 'amount', currency: source.base }
}

/** What the journal of a figure's explanation records: the sums the figure lists amount by amount. */
function scopeOf(figure: ReportFigureRef): JournalScope {
  switch (figure.scope) {
    case 'totals':
      return isBookingField(figure.name) ? { bookings: { fields: [figure.name] } } : {}
    case 'capital':
      return { capital: figure.name }
    case 'holding':
      if (figure.name === 'quantity' || figure.name === 'costBasis') return { basis: figure.id }
      return isBookingField(figure.name)
        ? { bookings: { fields: [figure.name], instrumentCode: figure.id } }
        : {}
    case 'income':
      return { bookings: { fields: ['dividends', 'interest'] } }
    case 'cash':
      return { cash: figure.id }
    case 'dayChange':
    case 'sale':
      return {}
  }
}

const BOOKING_FIELDS: readonly string[] = [
  'dividends',
  'interest',
  'fees',
  'taxes',
  'otherCosts',
] satisfies BookingField[]

function isBookingField(name: string): name is BookingField {
  return BOOKING_FIELDS.includes(name)
}

/**
 * How one figure of the report on `asOf` was computed: the engine makes the same pass as for the
 * report, with a journal of the amounts it adds to the sums the figure lists, and reads the
 * figure's steps from it and from the state the pass ends in.
 * `counted` says which last moves count in the day's change (all, unless given).
 *
 * @example explainReportFigure(input, { asOf: '2024-12-31', figure: { scope: 'totals', name: 'value' } })
 */
export function explainReportFigure(
  input: PortfolioInput,
  options: {
    asOf: string
    figure: ReportFigureRef
    counted?: (move: PriceMove) => boolean
  },
): Result<Derivation> {
  return toResult(() => {
    const journal = new Journal(scopeOf(options.figure))
    const pass = reportPass(input, options.asOf, journal)
    const source: Source = {
      pass,
      journal,
      base: pass.report.baseCurrency,
      counted: options.counted ?? (() => true),
    }
    const figure = options.figure
    return { ...explainFigure(source, figure), ...unitOf(source, figure) }
  })
}

function explainFigure(source: Source, figure: ReportFigureRef): Explained {
  const { pass, journal } = source
  switch (figure.scope) {
    case 'totals':
      return explainTotals(source, figure.name)
    case 'capital':
      return derivation(
        figure,
        pass.ledger.capital.parts[figure.name],
        decimalSteps(
          joined(
            'plus',
            journal.capital.map((entry) => entryStep(entry, source.base)),
            source.base,
          ),
        ),
      )
    case 'holding':
      return explainHolding(source, figure.id, figure.name)
    case 'sale':
      return explainSale(source, figure.id, figure.name)
    case 'income':
      return explainIncome(source, figure.id)
    case 'cash':
      return explainCash(source, figure.id)
    case 'dayChange':
      return explainDayChange(source, figure.name)
  }
}
