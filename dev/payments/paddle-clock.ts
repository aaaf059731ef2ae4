import { randomBytes } from 'node:crypto'

/**
 * Paddle's ids and times. An id is a prefix and 26 lowercase ULID characters (10 of time, 16 of
 * randomness, Crockford's base 32); a time is RFC 3339 in UTC with microseconds
 * (`2023-08-11T08:07:35.449123Z`).
 */

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz'

/** The 26 characters after a Paddle id's prefix. */
export const PADDLE_ID_BODY = /^[0-9a-hjkmnp-tv-z]{26}$/

/** `prefix_` + a ULID made at `ms` (Unix milliseconds). */
export function paddleId(prefix: string, ms: number): string {
  let time = ''
  let rest = Math.max(0, Math.floor(ms))
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[rest % 32] + time
    rest = Math.floor(rest / 32)
  }
  const random = Array.from(randomBytes(16), (byte) => CROCKFORD[byte % 32]).join('')
  return `${prefix}_${time}${random}`
}

/** Letters and digits, as in the random parts of Paddle's keys and tokens. */
export function randomAlphanumeric(length: number): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return Array.from(randomBytes(length), (byte) => letters[byte % letters.length]).join('')
}

/** Microseconds since the epoch as Paddle writes them. */
export function isoOfMicros(micros: number): string {
  const ms = Math.floor(micros / 1000)
  const fraction = String(micros - ms * 1000).padStart(3, '0')
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, `.$1${fraction}Z`)
}

/** The inverse of {@link isoOfMicros} (also reads times with fewer fraction digits). */
export function microsOfIso(iso: string): number {
  const match = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?Z$/.exec(iso)
  if (!match) throw new Error(`Not an RFC 3339 UTC time: ${iso}`)
  const digits = (match[2] ?? '').padEnd(6, '0').slice(0, 6)
  return Date.parse(`${match[1]}Z`) * 1000 + Number(digits)
}

export type BillingInterval = 'month' | 'year'

/**
 * `iso` moved on by one interval on the calendar, in UTC; a day the target month lacks becomes
 * its last day (Jan 31 → Feb 28). Periods are chained from the previous end, so the day may drift.
 */
export function addInterval(iso: string, interval: BillingInterval): string {
  const micros = microsOfIso(iso)
  const date = new Date(Math.floor(micros / 1000))
  const months = interval === 'year' ? 12 : 1
  const day = date.getUTCDate()
  date.setUTCDate(1)
  date.setUTCMonth(date.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate()
  date.setUTCDate(Math.min(day, lastDay))
  return isoOfMicros(date.getTime() * 1000 + (micros % 1000))
}

/**
 * The stand-in's clock. Every time it hands out is later than the one before (by a microsecond
 * at least), so the events of one action, stamped within one millisecond or by a fixed test
 * clock, still order by `occurred_at` as Paddle's do.
 */
export class PaddleClock {
  private last = 0

  constructor(readonly now: () => Date) {}

  /** A fresh, strictly increasing time. */
  stamp(): string {
    this.last = Math.max(this.now().getTime() * 1000, this.last + 1)
    return isoOfMicros(this.last)
  }

  /** An id of the current time. */
  id(prefix: string): string {
    return paddleId(prefix, this.now().getTime())
  }
}
