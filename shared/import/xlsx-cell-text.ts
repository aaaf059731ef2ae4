import { snapFloatDust } from './float-dust'

/**
 * An xlsx cell's stored value as the text the import reads: numbers as plain decimals with the
 * digits Excel shows, date cells as ISO dates. Excel stores a number as the double it computed
 * (`=0.1+0.2` is saved as `0.30000000000000004`) and stores dates as day counts that only the
 * cell's number format marks as dates.
 */

/** How a number format shows a number: as a date, as a time of day, or as a number. */
export type NumberKind = 'date' | 'time' | 'number'

/** Excel's built-in formats that show dates (22 also a time) and times; the rest are numbers. */
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36])
const BUILT_IN_TIMES = new Set([18, 19, 20, 21, 45, 46, 47])
for (let id = 50; id <= 58; id += 1) BUILT_IN_DATES.add(id)

/**
 * @example numberKind(14) // 'date'
 * @example numberKind(164, '[$-41F]dd.mm.yyyy;@') // 'date'
 * @example numberKind(165, '#,##0.00 "TL"') // 'number'
 */
export function numberKind(formatId: number, formatCode?: string): NumberKind {
  if (BUILT_IN_DATES.has(formatId)) return 'date'
  if (BUILT_IN_TIMES.has(formatId)) return 'time'
  if (formatCode === undefined) return 'number'
  // Quoted text, escaped characters, fill and padding characters and bracketed locale or colour
  // codes say nothing of dates; elapsed time (`[h]`) does.
  const code = formatCode
    .replace(/"[^"]*"/g, '')
    .replace(/[\\_*]./g, '')
    .replace(/\[(h+|m+|s+)\]/gi, '$1')
    .replace(/\[[^\]]*\]/g, '')
    .toLowerCase()
  if (/[dy]/.test(code)) return 'date'
  if (/[hs]/.test(code)) return 'time'
  // A lone month (`mmmm`) is a date; `m` next to `h` or `s` was a minute, handled above.
  return /m/.test(code) ? 'date' : 'number'
}

/**
 * A stored number (`1.5E-3`, `-12`, `0.30000000000000004`) in plain decimal notation, rounded
 * to the 15 significant digits Excel shows: null when it is no number.
 * @example numberText('0.30000000000000004') // '0.3'
 * @example numberText('1.5E-3') // '0.0015'
 */
export function numberText(stored: string): string | null {
  const match = /^([-+]?)(\d+)(?:\.(\d*))?(?:[eE]([-+]?\d{1,3}))?$/.exec(stored.trim())
  if (!match) return null
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match
  const digits = `${whole}${fraction}`
  const point = whole.length + Number(exponent)
  const padded =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits.padEnd(point, '0')
        : `${digits.slice(0, point)}.${digits.slice(point)}`
  const unsigned = padded
    .replace(/^0+(?=\d)/, '')
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '')
  const value = sign === '-' && /[1-9]/.test(unsigned) ? `-${unsigned}` : unsigned
  return snapFloatDust(value) ?? value
}

const SECONDS_PER_DAY = 86_400
const pad = (part: number) => String(part).padStart(2, '0')

/**
 * A day count as `yyyy-MM-dd` (`date`, the time of day dropped) or `HH:mm:ss` (`time`); null when
 * it is no day count. Excel's 1900 system counts a 29 February 1900 that never was (day 60), so
 * days before it start one day later; the 1904 system (old Mac files) counts from 1 January 1904.
 * @example serialText('45306', 'date', false) // '2024-01-15'
 */
export function serialText(
  stored: string,
  kind: 'date' | 'time',
  date1904: boolean,
): string | null {
  const serial = Number(stored)
  if (stored.trim() === '' || !Number.isFinite(serial) || serial < 0 || serial > 2_958_465) {
    return null
  }
  const seconds = Math.round(serial * SECONDS_PER_DAY)
  const days = Math.floor(seconds / SECONDS_PER_DAY)
  const ofDay = seconds - days * SECONDS_PER_DAY
  if (kind === 'time') {
    return `${pad(Math.floor(ofDay / 3600))}:${pad(Math.floor(ofDay / 60) % 60)}:${pad(ofDay % 60)}`
  }
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, days < 61 ? 31 : 30)
  return new Date(epoch + days * SECONDS_PER_DAY * 1000).toISOString().slice(0, 10)
}
