import type { PortfolioReport } from '../../shared/api/schemas/report'
import { compareDecimalText, decimal, sum } from '../../shared/decimal/decimal'
import type { InstrumentType } from '../../shared/portfolio/portfolio-kinds'

export const ALLOCATION_VIEWS = ['instrument', 'currency', 'type'] as const
export type AllocationView = (typeof ALLOCATION_VIEWS)[number]

/** One part of the portfolio: what it is, its market value in the base currency, its share. */
export type AllocationSlice =
  | { kind: 'instrument'; key: string; code: string; name: string; value: string; share: number }
  | { kind: 'currency'; key: string; value: string; share: number }
  | { kind: 'type'; key: InstrumentType; value: string; share: number }
  | { kind: 'cash'; key: 'cash'; value: string; share: number }

export type AllocationReport = Pick<PortfolioReport, 'holdings' | 'totals' | 'baseCurrency'>

const isPositive = (value: string) => !value.startsWith('-') && /[1-9]/.test(value)

/**
 * The portfolio's value split by instrument, by currency or by kind, largest first, with the
 * cash balance as a part of its own where the portfolio records cash. Values are summed
 * exactly; shares are the report's `shareOfValue` (of the whole value, cash included).
 */
export function allocationSlices(
  report: AllocationReport,
  view: AllocationView,
): AllocationSlice[] {
  const groups = new Map<
    string,
    { first: (typeof report.holdings)[number]; values: string[]; share: number }
  >()
  for (const holding of report.holdings) {
    const key =
      view === 'instrument'
        ? holding.instrument.id
        : view === 'currency'
          ? holding.currency
          : holding.instrument.type
    const group = groups.get(key) ?? { first: holding, values: [], share: 0 }
    group.values.push(holding.marketValue.base)
    group.share += holding.shareOfValue ?? 0
    groups.set(key, group)
  }
  const slices: AllocationSlice[] = [...groups].map(([key, { first, values, share }]) => {
    const value = sum(values.map(decimal)).toString()
    if (view === 'instrument') {
      const { code, name } = first.instrument
      return { kind: 'instrument', key, code, name, value, share }
    }
    if (view === 'currency') return { kind: 'currency', key, value, share }
    return { kind: 'type', key: first.instrument.type, value, share }
  })
  const cash = report.totals.cashBalance
  if (cash !== null && isPositive(cash) && isPositive(report.totals.value)) {
    // Shares are for display: a float of two exact decimals is precise enough for a percentage.
    slices.push({
      kind: 'cash',
      key: 'cash',
      value: cash,
      share: Number(cash) / Number(report.totals.value),
    })
  }
  return slices.sort((a, b) => compareDecimalText(b.value, a.value))
}
