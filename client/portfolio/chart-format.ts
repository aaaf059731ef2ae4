import type uPlot from 'uplot'
import { formatNumber, formatPercent } from '../../shared/i18n/format'
import { formatConventions, type FormatLocale } from '../../shared/i18n/format-locale'
import type { ChartTheme } from './chart-theme'

const DAY_SECONDS = 86_400

/** A calendar date as the chart's x value: seconds at its UTC midnight. */
export function dateToSeconds(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`) / 1000
}

/**
 * Dates on the time axis, as fine as the ticks are apart: days for ticks less than a month
 * apart, months for ticks months apart, years for ticks a year apart; so no two ticks read the
 * same.
 */
export function axisDateFormat(locale: FormatLocale, tickDays: number): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions =
    tickDays >= 365
      ? { year: 'numeric' }
      : tickDays >= 28
        ? { month: 'short', year: '2-digit' }
        : { day: 'numeric', month: 'short' }
  return new Intl.DateTimeFormat(formatConventions(locale).dateIntl, {
    ...options,
    timeZone: 'UTC',
  })
}

/**
 * A figure on the value axis, short: `1,2 Mio.`, `12 B`, `1.2M`. German shortens only from a
 * million, and short figures group only from five digits by default, so grouping is asked for
 * always: `9.000` beside `10.000`, not `9000`.
 */
export function axisNumber(locale: FormatLocale, value: number): string {
  return formatNumber(locale, value, {
    notation: 'compact',
    maximumFractionDigits: 1,
    useGrouping: 'always',
  })
}

/** Below this, figures are written out with the decimals their ticks need. */
const COMPACT_FROM = 10_000

/**
 * The value axis's labels: short for large figures (`1,3 Mio.`), else with as many decimals as
 * the ticks are apart, so a fund priced 0,16…0,17 reads `0,166`, `0,168`, not `0,2` four times.
 */
export function axisValues(locale: FormatLocale, splits: readonly number[]): string[] {
  const step = splits.length > 1 ? Math.abs((splits[1] ?? 0) - (splits[0] ?? 0)) : 0
  const largest = Math.max(0, ...splits.map(Math.abs))
  if (largest >= COMPACT_FROM) return splits.map((value) => axisNumber(locale, value))
  const decimals = step > 0 && step < 1 ? Math.min(8, Math.ceil(-Math.log10(step) - 1e-9)) : 0
  const options = { minimumFractionDigits: decimals, maximumFractionDigits: decimals }
  return splits.map((value) => formatNumber(locale, value, options))
}

const AXIS_FONT = '12px system-ui, sans-serif'
/** uPlot's default tick length and gap between tick and label, plus a little air, in px. */
const AXIS_ALLOWANCE = 10 + 5 + 4

/**
 * The value axis is as wide as its longest label: German writes thousands out in full
 * (`400.000`), where English and Turkish abbreviate (`400K`, `400 B`).
 */
export function valueAxisSize(chart: uPlot, values: string[] | null): number {
  const context = chart.ctx
  context.save()
  context.font = AXIS_FONT
  const widest = Math.max(0, ...(values ?? []).map((label) => context.measureText(label).width))
  context.restore()
  return Math.max(40, Math.ceil(widest + AXIS_ALLOWANCE))
}

/**
 * The axes every time chart shares: dates in the locale along the bottom (ticks on UTC days,
 * as the data are calendar dates), figures in the locale on the left, the theme's colours.
 */
export function timeAxes(locale: FormatLocale, theme: ChartTheme): uPlot.Axis[] {
  const axis = {
    stroke: theme.muted,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { stroke: theme.grid, width: 1 },
    font: AXIS_FONT,
  }
  return [
    {
      ...axis,
      space: 64,
      values: (_chart, splits, _axis, _space, increment) => {
        const dates = axisDateFormat(locale, increment / DAY_SECONDS)
        return splits.map((seconds) => dates.format(seconds * 1000))
      },
    },
    {
      ...axis,
      size: valueAxisSize,
      values: (_chart, splits) => axisValues(locale, splits),
    },
  ]
}

/** uPlot's clock for date ticks: UTC, so a tick is never a day off in the user's time zone. */
export function utcDate(seconds: number): Date {
  const date = new Date(seconds * 1000)
  return new Date(date.getTime() + date.getTimezoneOffset() * 60_000)
}

/** A daily series longer than this is given as one row per month in the text alternative. */
export const DAILY_ROWS_LIMIT = 62

/**
 * The rows of a chart's table: every day of a short series, else the last day of each month
 * (and the series' last day), so a screen reader user gets a table they can go through.
 */
export function tableRows<Row extends { date: string }>(
  points: readonly Row[],
): { rows: Row[]; monthly: boolean } {
  if (points.length <= DAILY_ROWS_LIMIT) return { rows: [...points], monthly: false }
  const rows = points.filter((point, index) => {
    const next = points[index + 1]
    return !next || next.date.slice(0, 7) !== point.date.slice(0, 7)
  })
  return { rows, monthly: true }
}

/**
 * A return as a signed percentage in the locale (`+12,34 %`), and whether it is a gain, a loss
 * or neither, for colour that repeats what the sign says.
 */
export function formatReturn(
  locale: FormatLocale,
  fraction: number,
): { text: string; tone: 'gain' | 'loss' | null } {
  const text = formatPercent(locale, fraction, { signed: true })
  // The tone follows what is shown: a return that rounds to 0,00 % is neither.
  const shown = Math.round(fraction * 10_000)
  return { text, tone: shown > 0 ? 'gain' : shown < 0 ? 'loss' : null }
}
