import { seededRandom } from '../demo/seeded-random'
import { addMonths } from '../../worker/indices/months'
import { PRICE_INDICES } from '../../worker/indices/price-index-catalog'

/**
 * Invented monthly values of each price index the app stores (worker/indices/
 * price-index-catalog.ts), for the dev market server: each year rises by about that year's real
 * inflation (the rates below, rounded annual averages), spread over its months with a little
 * seeded noise, and the level is scaled so the index's base period averages 100 (the US CPI is
 * pinned instead to its published September 2025, 324.800). The same month always gives the same
 * value. Not the published figures: tests/index-fixtures holds real ones.
 */

interface InventedIndex {
  /** Yearly inflation in percent, from the index's first year on; later years repeat the last. */
  rates: readonly number[]
  /** Decimals the source writes. */
  decimals: number
  /** Months whose average is 100, or a month and its published value. */
  scale: { baseYear: number } | { month: string; value: number }
  /** The last month a discontinued series was published. */
  lastMonth?: string
  /** Months the source never published. */
  gaps?: readonly string[]
}

const INVENTED: Record<string, InventedIndex> = {
  'TR-YIUFE-2003': {
    rates: [
      13.9, 13.8, 2.7, 11.6, 5.9, 8.1, 5.9, 8.9, 13.3, 2.5, 7.0, 6.4, 5.7, 9.9, 15.5, 33.6, 7.4,
      25.2, 79.9, 97.7, 44.2, 28.5, 27.0, 25.0,
    ],
    decimals: 2,
    scale: { baseYear: 2003 },
  },
  'TR-TUFE-2003': {
    rates: [
      18.4, 9.3, 7.7, 9.7, 8.4, 10.1, 6.5, 6.4, 10.4, 6.2, 7.4, 8.2, 8.8, 8.5, 11.9, 20.3, 11.8,
      14.6, 36.1, 64.3, 64.8, 44.4, 31.0,
    ],
    decimals: 2,
    scale: { baseYear: 2003 },
    lastMonth: '2025-12',
  },
  'TR-TUFE-2025': { rates: [31.0, 25.0], decimals: 2, scale: { baseYear: 2025 } },
  'DE-VPI-2020': {
    rates: [
      3.5, 4.0, 3.6, 2.6, 1.6, 1.3, 1.9, 0.9, 0.6, 1.4, 1.9, 1.4, 1.1, 1.7, 1.6, 1.6, 2.3, 2.6, 0.3,
      1.1, 2.1, 2.0, 1.5, 0.9, 0.5, 0.5, 1.5, 1.8, 1.4, 0.5, 3.1, 6.9, 5.9, 2.2, 2.2, 2.1,
    ],
    decimals: 1,
    scale: { baseYear: 2020 },
  },
  'EA-HICP-2025': {
    rates: [
      2.2, 1.6, 1.1, 1.1, 2.1, 2.4, 2.3, 2.1, 2.2, 2.2, 2.2, 2.1, 3.3, 0.3, 1.6, 2.7, 2.5, 1.3, 0.4,
      0.2, 0.2, 1.5, 1.8, 1.2, 0.3, 2.6, 8.4, 5.4, 2.4, 2.1, 2.0,
    ],
    decimals: 2,
    scale: { baseYear: 2025 },
  },
  'US-CPI-1982': {
    rates: [
      5.4, 4.2, 3.0, 3.0, 2.6, 2.8, 3.0, 2.3, 1.6, 2.2, 3.4, 2.8, 1.6, 2.3, 2.7, 3.4, 3.2, 2.8, 3.8,
      -0.4, 1.6, 3.2, 2.1, 1.5, 1.6, 0.1, 1.3, 2.1, 2.4, 1.8, 1.2, 4.7, 8.0, 4.1, 2.9, 2.7, 2.7,
    ],
    decimals: 3,
    scale: { month: '2025-09', value: 324.8 },
    gaps: ['2025-10'],
  },
}

/** A month's value as the source writes it, or none. */
export type IndexMonths = ReadonlyMap<string, string>

const series = new Map<string, { until: string; months: IndexMonths }>()

/**
 * The invented values of index `code` from its first month to `until` (`YYYY-MM`, the newest
 * month a source has published), in month order; empty for an index the catalog lacks.
 */
export function inventedIndex(code: string, until: string): IndexMonths {
  const cached = series.get(code)
  if (cached?.until === until) return cached.months
  const definition = PRICE_INDICES.find((index) => index.code === code)
  const invented = INVENTED[code]
  if (!definition || !invented) return new Map()
  const random = seededRandom(`dev-market index ${code}`)
  const last = invented.lastMonth && invented.lastMonth < until ? invented.lastMonth : until
  // Through the scale's months too, so a month's value never changes as later ones are added.
  const scaleEnd =
    'baseYear' in invented.scale ? `${invented.scale.baseYear}-12` : invented.scale.month
  const end = last > scaleEnd ? last : scaleEnd
  const levels = new Map<string, number>()
  let level = 1
  const firstYear = Number(definition.firstMonth.slice(0, 4))
  for (let month = definition.firstMonth; month <= end; month = addMonths(month, 1)) {
    const rate =
      invented.rates[Math.min(Number(month.slice(0, 4)) - firstYear, invented.rates.length - 1)] ??
      0
    level *= (1 + rate / 100) ** (1 / 12) * (1 + (random() - 0.5) * 0.004)
    levels.set(month, level)
  }
  const { scale } = invented
  let factor: number
  if ('baseYear' in scale) {
    const baseYear = String(scale.baseYear)
    const base = [...levels].filter(([month]) => month.startsWith(baseYear))
    factor = (100 * base.length) / base.reduce((sum, [, value]) => sum + value, 0)
  } else {
    factor = scale.value / (levels.get(scale.month) ?? 1)
  }
  const months = new Map<string, string>()
  for (const [month, value] of levels) {
    if (month > last) break
    if (!invented.gaps?.includes(month)) {
      months.set(month, (value * factor).toFixed(invented.decimals))
    }
  }
  series.set(code, { until, months })
  return months
}

/** The months index `code`'s source never published (the US CPI of October 2025). */
export function unpublishedMonths(code: string): readonly string[] {
  return INVENTED[code]?.gaps ?? []
}

/** The months of `values` from `from` to `to` (inclusive). */
export function monthsBetween(values: IndexMonths, from: string, to: string): [string, string][] {
  return [...values].filter(([month]) => month >= from && month <= to)
}
