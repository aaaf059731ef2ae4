import type { Decimal } from '../../../shared/decimal/decimal'
import { ZERO } from '../../../shared/decimal/decimal'
import type { FigureRef, HoldingFigure } from '../../../shared/portfolio/figure-ids'
import { figureId } from '../../../shared/portfolio/figure-ids'
import { step } from './derivation'
import type { Calculation, Derivation, Step, StepInit, StepSource } from './derivation'
import { fail } from '../errors'
import type { Holding } from '../holdings'
import type { BookingField, EntryTransaction, Journal, JournalEntry } from '../journal'
import type { Position } from '../ledger'
import type { ReportPass } from '../portfolio-report'
import type { PriceMove } from '../price-moves'
import { fxObservationOn } from '../valuation'
import type { PositionValue } from '../valuation'

/** What an explanation of a report's figure is built from: the pass, with its journal. */
export interface Source {
  pass: ReportPass
  journal: Journal
  base: string
  /** Whether a last move counts in the day's change (its price is current). */
  counted: (move: PriceMove) => boolean
}

/** The figure, how it was calculated, and notes; its kind and currency are set by {@link unitOf}. */
export type Explained = Omit<Derivation, 'kind' | 'currency'>

export function derivation(
  figure: FigureRef,
  value: Decimal | number | null,
  calculation: Calculation,
  notes: Derivation['notes'] = [],
  formula = `${figure.scope}.${figure.name}`,
): Explained {
  return { figure: figureId(figure), formula, value, ...calculation, notes }
}

export const decimalSteps = (steps: Step[]): Calculation => ({ arithmetic: 'decimal', steps })
export const floatSteps = (steps: Step[]): Calculation => ({ arithmetic: 'float', steps })

/** Steps joined by `op` after the first (a sum, a product); one zero step for none. */
export function joined(op: 'plus' | 'times', inits: readonly StepInit[], base: string): Step[] {
  if (inits.length === 0) return [step({ label: 'none', value: ZERO, currency: base })]
  return inits.map((init, index) => step({ ...init, op: index === 0 ? null : (init.op ?? op) }))
}

/** A figure that is an amount in `currency`, its steps summed exactly (a tax view's figures). */
export function amountDerivation(
  currency: string,
  figure: string,
  formula: string,
  value: Decimal,
  inits: readonly StepInit[],
  notes: Derivation['notes'] = [],
): Derivation {
  const steps = decimalSteps(joined('plus', inits, currency))
  return { figure, formula, value, ...steps, kind: 'amount', currency, notes }
}

/** A step whose parts, summed in `currency` and shown in place, make its value. */
export function summedParts(
  currency: string,
  init: StepInit,
  parts: readonly StepInit[],
): StepInit {
  return { ...init, parts: decimalSteps(joined('plus', parts, currency)) }
}

export function transactionSource(
  transaction: EntryTransaction,
  instrumentCode: string | null,
): StepSource {
  return {
    kind: 'transaction',
    transactionId: transaction.id,
    type: transaction.type,
    date: transaction.date,
    instrumentCode,
  }
}

/** One amount the ledger added, in the base currency, naming its transaction. */
export function entryStep(entry: JournalEntry, base: string): StepInit {
  return {
    label: 'transaction',
    value: entry.base,
    currency: base,
    params:
      entry.currency === base
        ? {}
        : { amount: entry.amount.toString(), amountCurrency: entry.currency },
    source: transactionSource(entry.transaction, entry.instrumentCode),
  }
}

export function bookingSteps(source: Source, field: BookingField, instrumentCode?: string): Step[] {
  const entries = source.journal.bookings.get(field) ?? []
  const kept =
    instrumentCode === undefined
      ? entries
      : entries.filter((entry) => entry.instrumentCode === instrumentCode)
  return joined(
    'plus',
    kept.map((entry) => entryStep(entry, source.base)),
    source.base,
  )
}

export function positionOf(source: Source, instrumentCode: string): Position {
  const position = source.pass.ledger.positions.get(instrumentCode)
  if (position === undefined) noSuchFigure(instrumentCode)
  return position
}

export function holdingOf(source: Source, instrumentCode: string): [Holding, PositionValue] {
  const holding = source.pass.report.holdings.find((h) => h.instrumentCode === instrumentCode)
  const value = source.pass.valuation.positions.find(
    (v) => v.position.instrumentCode === instrumentCode,
  )
  if (holding === undefined || value === undefined) noSuchFigure(instrumentCode)
  return [holding, value]
}

export function noSuchFigure(what: string): never {
  fail('unknown_figure', `No figure of ${what} in this report`, null, 'figure')
}

/** The FX step converting an amount in `currency` on the report date; none in the base currency. */
export function fxSteps(source: Source, currency: string): StepInit[] {
  if (currency === source.base) return []
  const { ledger, market, report } = source.pass
  const rate = fxObservationOn(currency, report.asOf, market, ledger)
  return [
    {
      op: 'times',
      kind: 'fxRate',
      label: 'fxRate',
      value: rate.value,
      params: { currency },
      source: { kind: 'fxRate', currency, date: rate.date, origin: rate.origin },
    },
  ]
}

export function holdingFigure(code: string, name: HoldingFigure): FigureRef {
  return { scope: 'holding', id: code, name }
}

/** Units × price (or the cost, without a price) × the FX rate: a holding's market value. */

export function acquisitionSource(source: Source, transactionId: string, code: string): StepSource {
  const transaction = source.pass.applied.get(transactionId)
  if (transaction === undefined) noSuchFigure(transactionId)
  return transactionSource(transaction, code)
}

/** Cost in the instrument's currency × today's rate − cost at the purchase rates. */
export function currencyEffectSteps(
  source: Source,
  cost: Decimal,
  costBase: Decimal,
  currency: string,
  rate: StepInit[],
): Step[] {
  if (currency === source.base) {
    return [step({ label: 'sameCurrency', value: ZERO, currency: source.base })]
  }
  return joined(
    'plus',
    [
      { label: 'costInCurrency', value: cost, currency },
      ...rate,
      { op: 'minus', label: 'costAtPurchaseRates', value: costBase, currency: source.base },
    ],
    source.base,
  )
}
