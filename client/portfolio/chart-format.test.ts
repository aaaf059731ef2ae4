import type uPlot from 'uplot'
import { describe, expect, it } from 'vitest'
import {
  axisDateFormat,
  axisNumber,
  axisValues,
  dateToSeconds,
  formatReturn,
  tableRows,
  utcDate,
  valueAxisSize,
} from './chart-format'
import { rangeStart } from './chart-ranges'
import { withAlpha } from './chart-theme'

function daily(from: string, days: number): { date: string }[] {
  const start = dateToSeconds(from) * 1000
  return Array.from({ length: days }, (_, index) => ({
    date: new Date(start + index * 86_400_000).toISOString().slice(0, 10),
  }))
}

describe('tableRows', () => {
  it('keeps every day of a short series', () => {
    const points = daily('2026-01-01', 31)
    expect(tableRows(points)).toEqual({ rows: points, monthly: false })
  })

  it('keeps the last day of each month, and the last day, of a long series', () => {
    const { rows, monthly } = tableRows(daily('2025-01-15', 100))
    expect(monthly).toBe(true)
    expect(rows.map((row) => row.date)).toEqual([
      '2025-01-31',
      '2025-02-28',
      '2025-03-31',
      '2025-04-24',
    ])
  })
})

describe('valueAxisSize', () => {
  /** A chart whose canvas measures 7 px a character. */
  const chart = {
    ctx: {
      save() {},
      restore() {},
      font: '',
      measureText: (text: string) => ({ width: text.length * 7 }),
    },
  } as unknown as uPlot

  it('makes room for the longest label, so German thousands are not cut off', () => {
    expect(valueAxisSize(chart, ['250.000', '300.000', '1.250.000'])).toBe(9 * 7 + 19)
  })

  it('keeps a minimum for short labels and none at all', () => {
    expect(valueAxisSize(chart, ['5'])).toBe(40)
    expect(valueAxisSize(chart, null)).toBe(40)
  })
})

describe('rangeStart', () => {
  it.each([
    ['1M', '2026-03-31', '2026-02-28'],
    ['1M', '2026-03-15', '2026-02-15'],
    ['6M', '2026-03-02', '2025-09-02'],
    ['YTD', '2026-03-02', '2026-01-01'],
    ['1Y', '2024-02-29', '2023-02-28'],
    ['5Y', '2026-03-02', '2021-03-02'],
    ['MAX', '2026-03-02', undefined],
  ] as const)('starts %s ending %s on %s', (range, today, start) => {
    expect(rangeStart(range, today)).toBe(start)
  })
})

describe('axis formats', () => {
  it('write dates in the locale, by day, month or year as the ticks are apart', () => {
    const march = dateToSeconds('2026-03-02') * 1000
    expect(axisDateFormat('de-DE', 14).format(march)).toBe('2. März')
    expect(axisDateFormat('en-US', 30).format(march)).toBe('Mar 26')
    expect(axisDateFormat('tr-TR', 365).format(march)).toBe('2026')
  })

  it('write values with the decimals their ticks need, short when large', () => {
    expect(axisValues('tr-TR', [0.164, 0.166, 0.168, 0.17])).toEqual([
      '0,164',
      '0,166',
      '0,168',
      '0,170',
    ])
    expect(axisValues('en-US', [100, 150, 200])).toEqual(['100', '150', '200'])
    expect(axisValues('de-DE', [2.5, 3, 3.5])).toEqual(['2,5', '3,0', '3,5'])
    expect(axisValues('de-DE', [1_000_000, 1_250_000])).toEqual(['1\u00a0Mio.', '1,3\u00a0Mio.'])
  })

  it('group thousands in every language, also where short figures would not (German 9.000)', () => {
    const ticks = [8_000, 9_000, 10_000, 11_000]
    expect(axisValues('de-DE', ticks)).toEqual(['8.000', '9.000', '10.000', '11.000'])
    expect(axisValues('tr-TR', ticks)).toEqual(['8\u00a0B', '9\u00a0B', '10\u00a0B', '11\u00a0B'])
    expect(axisValues('en-US', ticks)).toEqual(['8K', '9K', '10K', '11K'])
    expect(axisValues('de-DE', [2_000, 4_000, 6_000])).toEqual(['2.000', '4.000', '6.000'])
    expect(axisValues('en-US', [2_000, 4_000, 6_000])).toEqual(['2,000', '4,000', '6,000'])
    expect(axisValues('tr-TR', [2_000, 4_000, 6_000])).toEqual(['2.000', '4.000', '6.000'])
  })

  it('write figures short in the locale', () => {
    expect(axisNumber('de-DE', 1_250_000)).toBe('1,3\u00a0Mio.')
    expect(axisNumber('en-US', 1_250_000)).toBe('1.3M')
  })

  it('follow the region of an English reader', () => {
    const march = Date.UTC(2026, 2, 2)
    expect(axisDateFormat('en-GB', 14).format(march)).toBe('2 Mar')
    expect(axisValues('en-DE', [2.5, 3, 3.5])).toEqual(['2,5', '3,0', '3,5'])
    expect(axisNumber('en-TR', 1_250_000)).toBe('1,3M')
    expect(formatReturn('en-DE', 0.1234).text).toBe('+12,34%')
  })

  it('place ticks on UTC days whatever the time zone', () => {
    const seconds = dateToSeconds('2026-03-02')
    const shifted = utcDate(seconds)
    expect([shifted.getFullYear(), shifted.getMonth(), shifted.getDate()]).toEqual([2026, 2, 2])
  })
})

describe('formatReturn', () => {
  it('signs a return and says whether it is a gain or a loss', () => {
    expect(formatReturn('en-US', 0.1234)).toEqual({ text: '+12.34%', tone: 'gain' })
    expect(formatReturn('de-DE', -0.05)).toEqual({ text: '-5,00\u00a0%', tone: 'loss' })
    expect(formatReturn('tr-TR', 0.00001)).toEqual({ text: '%0,00', tone: null })
  })
})

describe('withAlpha', () => {
  it('turns a hex colour into a translucent one and leaves others alone', () => {
    expect(withAlpha('#0b6b4f', 0.12)).toBe('rgb(11 107 79 / 0.12)')
    expect(withAlpha('rebeccapurple', 0.5)).toBe('rebeccapurple')
  })
})
