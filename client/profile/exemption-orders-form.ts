import { z } from 'zod'
import { euroAmount, type TaxYearOverview, type TaxYearWrite } from '../../shared/api/schemas'
import type { FormatLocale } from '../../shared/i18n/format-locale'
import {
  decimalExample,
  formatDecimalInput,
  parseDecimalInput,
} from '../../shared/portfolio/decimal-input'

/** One portfolio's row as typed: the amount in the locale's format (empty for none). */
export interface OrderRow {
  id: string
  amount: string
  lossCertificate: boolean
}

export interface OrderValues {
  rows: OrderRow[]
}

/** What a row asks of the API: its year recorded, or forgotten (nothing to record). */
export type OrderWrite =
  | { id: string; index: number; kind: 'put'; body: TaxYearWrite }
  | { id: string; index: number; kind: 'delete' }

/** The form's values of a year as the API answered it: amounts in the locale's format, 0 as empty. */
export function orderValuesOf(overview: TaxYearOverview, formatLocale: FormatLocale): OrderValues {
  return {
    rows: overview.portfolios.map((portfolio) => ({
      id: portfolio.id,
      amount: /[1-9]/.test(portfolio.freistellungsauftrag)
        ? formatDecimalInput(portfolio.freistellungsauftrag, formatLocale)
        : '',
      lossCertificate: portfolio.lossCertificate,
    })),
  }
}

/**
 * The rows read in the locale's format: each amount an exact decimal string with at most two
 * decimals (empty is 0). A refused amount leaves its code at `rows.N.amount`: `number.<code>`
 * from decimal-input, or the API's `cents` and `too_big`.
 */
export function orderSchema(formatLocale: FormatLocale) {
  return z
    .object({
      rows: z.array(z.object({ id: z.string(), amount: z.string(), lossCertificate: z.boolean() })),
    })
    .transform((values, context) => {
      const rows = values.rows.map((row, index) => {
        const issue = (message: string) =>
          context.issues.push({
            code: 'custom',
            path: ['rows', index, 'amount'],
            message,
            input: row.amount,
          })
        const parsed = row.amount.trim() === '' ? null : parseDecimalInput(row.amount, formatLocale)
        if (parsed && !parsed.ok) {
          issue(`number.${parsed.error}`)
          return null
        }
        const amount = parsed?.value ?? '0'
        const checked = euroAmount.safeParse(amount)
        if (!checked.success) {
          issue(checked.error.issues[0]?.message ?? 'invalid')
          return null
        }
        return { id: row.id, freistellungsauftrag: amount, lossCertificate: row.lossCertificate }
      })
      return rows.every((row) => row !== null) ? rows : z.NEVER
    })
}

export type CheckedOrders = z.output<ReturnType<typeof orderSchema>>

function cents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))
}

/**
 * What to send for the rows that changed from `saved` (the year as last loaded or saved): an
 * amount of zero without a certificate forgets the year, anything else records it. Lowered
 * amounts go first, so moving part of the allowance from one portfolio to another never passes
 * it on the way.
 */
export function orderWrites(saved: TaxYearOverview, checked: CheckedOrders): OrderWrite[] {
  const before = new Map(saved.portfolios.map((portfolio) => [portfolio.id, portfolio]))
  const changes = checked.flatMap(({ id, freistellungsauftrag, lossCertificate }, index) => {
    const old = before.get(id)
    const amount = cents(freistellungsauftrag)
    const oldAmount = old ? cents(old.freistellungsauftrag) : 0n
    if (old && amount === oldAmount && lossCertificate === old.lossCertificate) return []
    const write: OrderWrite =
      amount === 0n && !lossCertificate
        ? { id, index, kind: 'delete' }
        : { id, index, kind: 'put', body: { freistellungsauftrag, lossCertificate } }
    return [{ write, rise: amount - oldAmount }]
  })
  changes.sort((a, b) => (a.rise < b.rise ? -1 : a.rise > b.rise ? 1 : 0))
  return changes.map((change) => change.write)
}

/** The message key and parameters of an amount's error code (see orderSchema). */
export function orderErrorKey(
  code: string,
  formatLocale: FormatLocale,
): { key: string; params: Record<string, string> } {
  const example = { example: decimalExample(formatLocale) }
  const number = code.startsWith('number.') ? code.slice('number.'.length) : null
  if (number === 'too_precise' || code === 'cents') return { key: 'cents', params: {} }
  if (number === 'malformed' || number === 'ambiguous') return { key: number, params: example }
  if (number === 'negative' || code === 'non_negative') return { key: 'negative', params: {} }
  if (number === 'too_large' || code === 'too_big') return { key: 'too_large', params: {} }
  return { key: 'malformed', params: example }
}
