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

export type TotalsFigure = (typeof TOTALS_FIGURES)[number]
export type CapitalFigure = (typeof CAPITAL_FIGURES)[number]
export type HoldingFigure = (typeof HOLDING_FIGURES)[number]
export type SaleFigure = (typeof SALE_FIGURES)[number]
export type PerformanceFigure = (typeof PERFORMANCE_FIGURES)[number]
export type DayChangeFigure = (typeof DAY_CHANGE_FIGURES)[number]

export type FigureRef =
  | { scope: 'totals'; name: TotalsFigure }
  | { scope: 'capital'; name: CapitalFigure }
  | { scope: 'holding'; id: string; name: HoldingFigure }
  | { scope: 'sale'; id: string; name: SaleFigure }
  | { scope: 'income'; id: string; name: (typeof INCOME_FIGURES)[number] }
  | { scope: 'cash'; id: string; name: (typeof CASH_FIGURES)[number] }
  | { scope: 'dayChange'; name: DayChangeFigure }
  | { scope: 'performance'; name: PerformanceFigure }

/** The figures of each scope, and whether the scope names one of many (by `id`). */
const SCOPES: Record<FigureRef['scope'], { names: readonly string[]; withId: boolean }> = {
  totals: { names: TOTALS_FIGURES, withId: false },
  capital: { names: CAPITAL_FIGURES, withId: false },
  holding: { names: HOLDING_FIGURES, withId: true },
  sale: { names: SALE_FIGURES, withId: true },
  income: { names: INCOME_FIGURES, withId: true },
  cash: { names: CASH_FIGURES, withId: true },
  dayChange: { names: DAY_CHANGE_FIGURES, withId: false },
  performance: { names: PERFORMANCE_FIGURES, withId: false },
}

/** Ids are UUIDs (instruments, transactions) or currency codes: no dots. */
const ID = /^[A-Za-z0-9-]{1,64}$/

export function figureId(ref: FigureRef): string {
  return 'id' in ref ? `${ref.scope}.${ref.id}.${ref.name}` : `${ref.scope}.${ref.name}`
}

/** The figure an id names; null for anything else. */
export function parseFigureId(text: string): FigureRef | null {
  const parts = text.split('.')
  const scope = parts[0] as FigureRef['scope']
  const rule = Object.hasOwn(SCOPES, scope) ? SCOPES[scope] : undefined
  if (rule === undefined || parts.length !== (rule.withId ? 3 : 2)) return null
  const name = parts[parts.length - 1] as string
  if (!rule.names.includes(name)) return null
  if (!rule.withId) return { scope, name } as FigureRef
  const id = parts[1] as string
  return ID.test(id) ? ({ scope, id, name } as FigureRef) : null
}
