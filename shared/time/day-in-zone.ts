/**
 * Calendar days in a time zone, with the platform's own tz database (`Intl.DateTimeFormat`, in
 * workerd and every browser alike): no library, since a day is all the app needs of a zone.
 */

/** IANA names only (`Europe/Istanbul`, `Etc/GMT-3`, `UTC`): no offsets such as `+03:00`. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/

/** Formatters by zone; kept per isolate, since making one costs far more than using it. */
const formats = new Map<string, Intl.DateTimeFormat>()
const MAX_FORMATS = 1_000

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    // Names differing only in case are each accepted: the map must not grow without end.
    if (formats.size >= MAX_FORMATS) formats.clear()
    formats.set(timeZone, format)
  }
  return format
}

/**
 * Whether `value` names a time zone this platform knows (aliases such as `Europe/Kiev` too).
 * @example isTimeZone('Europe/Istanbul') // true
 * @example isTimeZone('+03:00') // false
 */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 64 || !IANA_NAME.test(value)) return false
  try {
    formatOf(value)
    return true
  } catch {
    return false
  }
}

/**
 * The calendar day (`YYYY-MM-DD`) it is at `moment` in `timeZone`.
 * @example dayInZone(new Date('2026-01-01T22:30:00Z'), 'Europe/Istanbul') // '2026-01-02'
 */
export function dayInZone(moment: Date, timeZone: string): string {
  const parts = formatOf(timeZone).formatToParts(moment)
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? ''
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`
}
