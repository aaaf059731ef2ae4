import { MEASURES } from './measures'
import type { Measure } from './measures'

/**
 * The figures a screen can ask to have explained, and how they are named in the API: a scope, an
 * id where the scope has many (an instrument's, a transaction's, a currency's), and the figure.
 *
 * @example figureId({ scope: 'holding', id: instrumentId, name: 'marketValue' })
 * // 'holding.<instrumentId>.marketValue'
 */

export const TOTALS_FIGURES = [
  'value',
  'securitiesValue',
  'cashBalance',
  'investedCapital',
  'peakInvestedCapital',
  'totalGain',
  'totalReturn',
  'unrealizedGain',
  'realizedGain',
  'realizedTax',
  'realizedGainBeforeTax',
  'dividends',
  'interest',
  'fees',
  'taxes',
  'otherCosts',
  'unrealizedCurrencyEffect',
  'unrealizedPriceEffect',
  'realizedCurrencyEffect',
  'realizedPriceEffect',
  'cashCurrencyEffect',
] as const

/** The parts of invested capital (the engine's `InvestedCapitalParts`). */
export const CAPITAL_FIGURES = [
  'deposits',
  'withdrawals',
  'purchases',
  'sales',
  'income',
  'costs',
  'transfersIn',
  'transfersOut',
] as const

/** An open holding's figures; the income and realized ones exist for closed positions too. */
export const HOLDING_FIGURES = [
  'quantity',
  'averageCost',
  'costBasis',
  'marketValue',
  'unrealizedGain',
  'unrealizedReturn',
  'unrealizedCurrencyEffect',
  'unrealizedPriceEffect',
  'shareOfValue',
  'realizedGain',
  'realizedCurrencyEffect',
  'dividends',
  'interest',
  'fees',
  'taxes',
] as const

export const SALE_FIGURES = [
  'proceeds',
  'cost',
  'gain',
  'tax',
  'gainBeforeTax',
  'currencyEffect',
] as const

export const INCOME_FIGURES = ['net'] as const
/** Cash in one currency (a portfolio that records cash). */
export const CASH_FIGURES = ['balance'] as const
export const DAY_CHANGE_FIGURES = ['change', 'return'] as const
export const PERFORMANCE_FIGURES = ['valueChange', 'twr', 'twrAnnualized', 'mwr'] as const
/**
 * The totals measured real or in another currency (docs/real-returns.md, rule 11), by the
 * measure: `measured.real.totalReturn`, `measured.USD.totalGain`.
 */
export const MEASURED_FIGURES = [
  'value',
  'investedCapital',
  'peakInvestedCapital',
  'totalGain',
  'totalReturn',
] as const

/** A year of the German tax view (its `assessment`), of the year of `asOf`. */
export const GERMAN_TAX_FIGURES = [
  'shareGains',
  'shareLosses',
  'generalIncome',
  'income',
  'allowanceUsed',
  'allowanceLeft',
  'taxable',
  'foreignTaxCreditable',
  'foreignTaxCredited',
  'foreignTaxLapsed',
  'kapESt',
  'soli',
  'churchTax',
  'carriedOutShares',
  'carriedOutGeneral',
] as const
/** An item of the German tax view, by its index in the view's `items`. */
export const GERMAN_TAX_ITEM_FIGURES = ['amount'] as const
/** A fund's Vorabpauschale expected for the current year, by the fund's instrument id. */
export const GERMAN_TAX_EXPECTED_FIGURES = ['amount', 'taxable'] as const

/**
 * A year of the Turkish tax view (its `assessment`), of the year of `asOf`: the statement's lines,
 * each test's amount tested and declared, and the beyanname's estimate where the view has one.
 */
export const TURKISH_TAX_FIGURES = [
  'bistGains',
  'fundGains',
  'fundStopaj',
  'turkishDividends',
  'turkishDividendStopaj',
  'stopaj',
  'foreignGains',
  'foreignLosses',
  'foreignNetWithoutIndexation',
  'foreignNet',
  'foreignDividends',
  'foreignTax',
  'declaredForeignGains',
  'turkishDividendsTested',
  'declaredTurkishDividends',
  'foreignDividendsTested',
  'declaredForeignDividends',
  'income',
  'tax',
  'turkishStopajCredited',
  'foreignTaxCredited',
  'foreignTaxNotCredited',
  'balance',
  'refund',
] as const
/**
 * An item of the Turkish tax view, by its index in the view's `items`: a sale's proceeds, cost,
 * gain (a foreign sale's also indexed) and stopaj, a dividend's gross, stopaj or foreign tax.
 */
export const TURKISH_TAX_ITEM_FIGURES = [
  'proceeds',
  'cost',
  'gain',
  'indexedGain',
  'stopaj',
  'gross',
  'foreignTax',
] as const

export type TotalsFigure = (typeof TOTALS_FIGURES)[number]
export type CapitalFigure = (typeof CAPITAL_FIGURES)[number]
export type HoldingFigure = (typeof HOLDING_FIGURES)[number]
export type SaleFigure = (typeof SALE_FIGURES)[number]
export type PerformanceFigure = (typeof PERFORMANCE_FIGURES)[number]
export type MeasuredFigure = (typeof MEASURED_FIGURES)[number]
/** A measure other than nominal: what a measured figure is measured by. */
export type OtherMeasure = Exclude<Measure, 'nominal'>
export type DayChangeFigure = (typeof DAY_CHANGE_FIGURES)[number]
export type GermanTaxFigure = (typeof GERMAN_TAX_FIGURES)[number]
export type GermanTaxExpectedFigure = (typeof GERMAN_TAX_EXPECTED_FIGURES)[number]
export type TurkishTaxFigure = (typeof TURKISH_TAX_FIGURES)[number]
export type TurkishTaxItemFigure = (typeof TURKISH_TAX_ITEM_FIGURES)[number]

export type FigureRef =
  | { scope: 'totals'; name: TotalsFigure }
  | { scope: 'capital'; name: CapitalFigure }
  | { scope: 'holding'; id: string; name: HoldingFigure }
  | { scope: 'sale'; id: string; name: SaleFigure }
  | { scope: 'income'; id: string; name: (typeof INCOME_FIGURES)[number] }
  | { scope: 'cash'; id: string; name: (typeof CASH_FIGURES)[number] }
  | { scope: 'dayChange'; name: DayChangeFigure }
  | { scope: 'performance'; name: PerformanceFigure }
  | { scope: 'measured'; id: OtherMeasure; name: MeasuredFigure }
  | { scope: 'germanTax'; name: GermanTaxFigure }
  | { scope: 'germanTaxItem'; id: string; name: (typeof GERMAN_TAX_ITEM_FIGURES)[number] }
  | { scope: 'germanTaxExpected'; id: string; name: GermanTaxExpectedFigure }
  | { scope: 'turkishTax'; name: TurkishTaxFigure }
  | { scope: 'turkishTaxItem'; id: string; name: TurkishTaxItemFigure }

/** A report's figures, of one date: what the report's pass explains. */
export type ReportFigureRef = Exclude<
  FigureRef,
  { scope: 'performance' } | { scope: 'measured' } | GermanTaxFigureRef | TurkishTaxFigureRef
>

/** The German tax view's figures, which its own pass explains. */
export type GermanTaxFigureRef = Extract<
  FigureRef,
  { scope: 'germanTax' | 'germanTaxItem' | 'germanTaxExpected' }
>

export function isGermanTaxFigure(ref: FigureRef): ref is GermanTaxFigureRef {
  return (
    ref.scope === 'germanTax' || ref.scope === 'germanTaxItem' || ref.scope === 'germanTaxExpected'
  )
}

/** The Turkish tax view's figures, which its own pass explains. */
export type TurkishTaxFigureRef = Extract<FigureRef, { scope: 'turkishTax' | 'turkishTaxItem' }>

export function isTurkishTaxFigure(ref: FigureRef): ref is TurkishTaxFigureRef {
  return ref.scope === 'turkishTax' || ref.scope === 'turkishTaxItem'
}

/** Ids are UUIDs (instruments, transactions) or currency codes: no dots. */
const ID = /^[A-Za-z0-9-]{1,64}$/
/** An index into a list, written as JSON writes it (no leading zeros). */
const INDEX = /^(?:0|[1-9][0-9]{0,5})$/
/** A measure other than nominal. */
const OTHER_MEASURE = new RegExp(
  `^(?:${MEASURES.filter((measure) => measure !== 'nominal').join('|')})$`,
)

/** The figures of each scope, and the ids of a scope that names one of many (null: none). */
const SCOPES: Record<FigureRef['scope'], { names: readonly string[]; id: RegExp | null }> = {
  totals: { names: TOTALS_FIGURES, id: null },
  capital: { names: CAPITAL_FIGURES, id: null },
  holding: { names: HOLDING_FIGURES, id: ID },
  sale: { names: SALE_FIGURES, id: ID },
  income: { names: INCOME_FIGURES, id: ID },
  cash: { names: CASH_FIGURES, id: ID },
  dayChange: { names: DAY_CHANGE_FIGURES, id: null },
  performance: { names: PERFORMANCE_FIGURES, id: null },
  measured: { names: MEASURED_FIGURES, id: OTHER_MEASURE },
  germanTax: { names: GERMAN_TAX_FIGURES, id: null },
  germanTaxItem: { names: GERMAN_TAX_ITEM_FIGURES, id: INDEX },
  germanTaxExpected: { names: GERMAN_TAX_EXPECTED_FIGURES, id: ID },
  turkishTax: { names: TURKISH_TAX_FIGURES, id: null },
  turkishTaxItem: { names: TURKISH_TAX_ITEM_FIGURES, id: INDEX },
}

export function figureId(ref: FigureRef): string {
  return 'id' in ref ? `${ref.scope}.${ref.id}.${ref.name}` : `${ref.scope}.${ref.name}`
}

/** The figure an id names; null for anything else. */
export function parseFigureId(text: string): FigureRef | null {
  const parts = text.split('.')
  const scope = parts[0] as FigureRef['scope']
  const rule = Object.hasOwn(SCOPES, scope) ? SCOPES[scope] : undefined
  if (rule === undefined || parts.length !== (rule.id === null ? 2 : 3)) return null
  const name = parts[parts.length - 1] as string
  if (!rule.names.includes(name)) return null
  if (rule.id === null) return { scope, name } as FigureRef
  const id = parts[1] as string
  return rule.id.test(id) ? ({ scope, id, name } as FigureRef) : null
}
