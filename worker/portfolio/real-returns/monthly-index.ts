import type { Decimal } from '../../../shared/decimal/decimal'
import { parseDecimal } from '../../../shared/decimal/decimal'
import { fail, toResult } from '../errors'
import type { Result } from '../errors'

/** One published month of a price index: `YYYY-MM` and its value as published. */
export interface IndexMonth {
  month: string
  value: string
}

/** A monthly price index (`TR-TUFE-2025`): its published months, oldest first, one base. */
export interface MonthlyIndex {
  code: string
  months: readonly IndexMonth[]
}

/** The index in force on a day (docs/real-returns.md, rules 2 and 3). */
export interface IndexValue {
  /** The day's month, `YYYY-MM`. */
  month: string
  value: Decimal
  /** The month the value was published for: `month`, or an earlier one carried forward. */
  valueMonth: string
  /** Carried forward past the newest published month: it changes when `month` is published. */
  provisional: boolean
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

/** The months' values, checked: `YYYY-MM` ascending, positive decimals; typed error otherwise. */
function checkedValues(index: MonthlyIndex): Decimal[] {
  let previous = ''
  return index.months.map(({ month, value }) => {
    const field = `${index.code}.${String(month)}`
    if (typeof month !== 'string' || !MONTH.test(month) || month <= previous) {
      fail(
        'invalid_market_data',
        `${index.code}: ${String(month)} is not a YYYY-MM month after ${previous || 'the start'}`,
        null,
        index.code,
      )
    }
    previous = month
    const parsed = parseDecimal(value)
    if (parsed === null || parsed.sign() <= 0) {
      fail(
        'invalid_market_data',
        `${field}: "${String(value)}" is not a positive index`,
        null,
        field,
      )
    }
    return parsed
  })
}

/**
 * One index across a rebasing, on the new base (docs/real-returns.md, rule 10): `old` × (next ÷
 * old at `linkMonth`) through `linkMonth`, `next` after it. `linkMonth` defaults to the old
 * index's last month and must be published in both.
 *
 * @example chainIndex(tufe2003, tufe2025) // linked at 2025-12, on the 2025=100 base
 */
export function chainIndex(
  old: MonthlyIndex,
  next: MonthlyIndex,
  linkMonth?: string,
): Result<MonthlyIndex> {
  return toResult(() => {
    const oldValues = checkedValues(old)
    const nextValues = checkedValues(next)
    const link = linkMonth ?? old.months[old.months.length - 1]?.month ?? ''
    const oldAt = old.months.findIndex((entry) => entry.month === link)
    const nextAt = next.months.findIndex((entry) => entry.month === link)
    if (oldAt < 0 || nextAt < 0) {
      fail(
        'missing_price_index',
        `${old.code} and ${next.code} are not both published for the link month ${link}`,
        null,
        'linkMonth',
      )
    }
    const oldLink = oldValues[oldAt] as Decimal
    const nextLink = nextValues[nextAt] as Decimal
    const months: IndexMonth[] = old.months.slice(0, oldAt + 1).map((entry, position) => ({
      month: entry.month,
      value: (oldValues[position] as Decimal).share(nextLink, oldLink).toString(),
    }))
    return {
      code: `${old.code}+${next.code}`,
      months: months.concat(next.months.slice(nextAt + 1)),
    }
  })
}

/**
 * The index in force on days, read many times: checked once, then each read is a binary search.
 */
export class IndexReader {
  private readonly values: Decimal[]

  constructor(private readonly index: MonthlyIndex) {
    this.values = checkedValues(index)
  }

  /** The index in force on `date` (`YYYY-MM-DD`); `missing_price_index` before its first month. */
  on(date: string): IndexValue {
    const month = date.slice(0, 7)
    const months = this.index.months
    let low = 0
    let high = months.length - 1
    let found = -1
    while (low <= high) {
      const middle = (low + high) >>> 1
      if ((months[middle] as IndexMonth).month <= month) {
        found = middle
        low = middle + 1
      } else high = middle - 1
    }
    if (found < 0) {
      // The field names the month, as a value's does: `CPI.2024-01`.
      fail(
        'missing_price_index',
        `No ${this.index.code} for ${month}`,
        null,
        `${this.index.code}.${month}`,
      )
    }
    const valueMonth = (months[found] as IndexMonth).month
    return {
      month,
      value: this.values[found] as Decimal,
      valueMonth,
      // A month skipped inside the series is final; only one past the newest may still come.
      provisional: found === months.length - 1 && valueMonth < month,
    }
  }
}

/**
 * The index in force on a day (docs/real-returns.md, rules 2 and 3): its month's value; past the
 * newest month the newest value, provisional; a skipped month the month before's.
 *
 * @example indexOn(tufe, '2026-02-14') // { month: '2026-02', value, valueMonth, provisional }
 */
export function indexOn(index: MonthlyIndex, date: string): Result<IndexValue> {
  return toResult(() => new IndexReader(index).on(date))
}
