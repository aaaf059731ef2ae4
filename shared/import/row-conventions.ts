import type { ImportField, ImportRowNotice, ImportRowProblem } from '../api/schemas/import'
import { FIELD_RULES } from '../api/schemas/transaction'
import type { TransactionType } from '../portfolio/portfolio-kinds'
import {
  addDecimals,
  isNegative,
  isPositive,
  magnitude,
  divideToPlaces,
  multiplyDecimals,
  subtractDecimals,
  trimDecimal,
} from './decimal-text'

/**
 * How every file is read, whichever program wrote it: the sign of a number only repeats what the
 * type says (a contradiction is the row's problem, never a silent flip), a minor currency unit
 * is scaled to its currency, a trade's total gives or checks its price, a cash row's quantity ×
 * price gives its amount, and a transfer in without an acquisition date takes the transfer's.
 * Each reading that is not the cell's face leaves a notice on the row.
 */

export const NUMBER_FIELDS = [
  'quantity',
  'price',
  'amount',
  'fee',
  'tax',
  'fxRate',
  'acquisitionFxRate',
  'toAmount',
] as const
export type NumberField = (typeof NUMBER_FIELDS)[number]

/** A row's values as the conventions read and change them (canonical decimal strings). */
export interface ConventionValues {
  type: TransactionType | null
  tradeDate: string | null
  currency: string | null
  quantity: string | null
  unitPrice: string | null
  amount: string | null
  fee: string | null
  tax: string | null
  fxRate: string | null
  acquiredDate: string | null
  acquisitionFxRate: string | null
  toAmount: string | null
}

/** Figures a problem or a notice names: decimals and dates in canonical form, a type by its name. */
export type ConventionParams = Record<
  string,
  { decimal: string } | { date: string } | { type: TransactionType } | string
>

/** Where the conventions put what they find: problems, and notices of readings off the face. */
export interface ConventionNotes {
  report(code: ImportRowProblem, field: ImportField, params?: ConventionParams): void
  /** A field the row cannot give because of a problem already reported: not missing as well. */
  excuse(field: ImportField): void
  notice(code: ImportRowNotice, field: ImportField | null, params: ConventionParams): void
  /** The row undoes an earlier booking of this type (a reversed dividend): matched by the import. */
  reverses(type: TransactionType): void
}

type Direction = 1 | -1

/**
 * The sign each number of a type has as a cash account sees it: money out of the account is
 * negative (a purchase's total, a fee, a tax), units out of the depot too (a sale's quantity).
 * Prices and rates are always positive; a field a type does not list takes either sign.
 */
const CASH_OUT = { fee: -1, tax: -1 } as const
const DIRECTIONS: Record<TransactionType, Partial<Record<NumberField, Direction>>> = {
  BUY: { quantity: 1, amount: -1, ...CASH_OUT },
  SELL: { quantity: -1, amount: 1, ...CASH_OUT },
  TRANSFER_IN: { quantity: 1, ...CASH_OUT },
  TRANSFER_OUT: { quantity: -1, ...CASH_OUT },
  SPLIT: { amount: 1, ...CASH_OUT },
  BONUS_ISSUE: { quantity: 1 },
  RIGHTS_ISSUE: { quantity: 1, amount: -1, ...CASH_OUT },
  DIVIDEND: { quantity: 1, amount: 1, ...CASH_OUT },
  INTEREST: { quantity: 1, amount: 1, ...CASH_OUT },
  FEE: { amount: -1, ...CASH_OUT },
  FEE_REFUND: { amount: 1, ...CASH_OUT },
  TAX: { amount: -1, ...CASH_OUT },
  TAX_REFUND: { amount: 1, ...CASH_OUT },
  DEPOSIT: { amount: 1, ...CASH_OUT },
  WITHDRAWAL: { amount: -1, ...CASH_OUT },
  EXCHANGE: { amount: -1, toAmount: 1, ...CASH_OUT },
}
const ALWAYS_POSITIVE: readonly NumberField[] = ['price', 'fxRate', 'acquisitionFxRate']
const MONEY_FIELDS: readonly NumberField[] = ['amount', 'fee', 'tax']

function directionOf(type: TransactionType, field: NumberField): Direction | undefined {
  return ALWAYS_POSITIVE.includes(field) ? 1 : DIRECTIONS[type][field]
}

type NumberKey =
  'quantity' | 'unitPrice' | 'amount' | 'fee' | 'tax' | 'fxRate' | 'acquisitionFxRate' | 'toAmount'
const VALUE_OF: Record<NumberField, NumberKey> = {
  quantity: 'quantity',
  price: 'unitPrice',
  amount: 'amount',
  fee: 'fee',
  tax: 'tax',
  fxRate: 'fxRate',
  acquisitionFxRate: 'acquisitionFxRate',
  toAmount: 'toAmount',
}

/**
 * How each column writes money (or units) out, by the majority of its outgoing values: with a
 * minus (`signed`: a plus there goes the other way) or as magnitudes (a minus there goes the
 * other way). One refund among charges does not turn a column.
 */
export function columnSigns(
  rows: readonly {
    type: TransactionType | null
    values: Partial<Record<NumberField, string | null>>
  }[],
): { signed: Set<NumberField>; magnitudes: Set<NumberField> } {
  const votes = new Map<NumberField, number>()
  for (const { type, values } of rows) {
    if (type === null) continue
    for (const field of NUMBER_FIELDS) {
      const value = values[field] ?? null
      if (directionOf(type, field) !== -1 || value === null || !/[1-9]/.test(value)) continue
      votes.set(field, (votes.get(field) ?? 0) + (isNegative(value) ? 1 : -1))
    }
  }
  const voted = (keep: (vote: number) => boolean) =>
    new Set([...votes].filter(([, vote]) => keep(vote)).map(([field]) => field))
  return { signed: voted((vote) => vote > 0), magnitudes: voted((vote) => vote < 0) }
}

/** How a file writes signs: which columns carry a minus on money out, which never do. */
export interface SignReading {
  /** Columns that write money (and units) out with a minus. */
  signed: ReadonlySet<NumberField>
  /** Columns of magnitudes: a minus there is a refund or a reversal. */
  magnitudes: ReadonlySet<NumberField>
  /** Fields whose sign follows the program's own view: read as magnitudes, never checked. */
  own: ReadonlySet<ImportField>
}

/** A charge whose amount came back: the type that books it. */
const REFUND_OF: Partial<Record<TransactionType, TransactionType>> = {
  FEE: 'FEE_REFUND',
  TAX: 'TAX_REFUND',
}

const REVERSIBLE = new Set<TransactionType>(['DIVIDEND', 'INTEREST'])

/** Income whose amount going the other way undoes an earlier payment (a reversed dividend). */
export function isReversible(type: TransactionType): boolean {
  return REVERSIBLE.has(type)
}

/** Whether a nonzero value goes the other way from `direction` in the file's reading of signs. */
function contradicts(
  value: string,
  field: NumberField,
  direction: Direction | undefined,
  signs: SignReading,
): boolean {
  if (signs.own.has(field) || !/[1-9]/.test(value)) return false
  const negative = isNegative(value)
  if (direction === 1) return negative
  return direction === -1 && (negative ? signs.magnitudes.has(field) : signs.signed.has(field))
}

/**
 * Checks each number's sign against the type and keeps its magnitude. A fee or a tax row that
 * gives its money in its own field (Trade Republic's Vorabpauschale: amount 0, tax −4.22) has it
 * as its amount. A fee or a tax whose amount goes the other way from the file's charges (a plus
 * where they carry a minus, a minus where they are magnitudes) is money that came back: a
 * refund, said so in a notice. A dividend or interest going the other way is a reversal of
 * an earlier payment, which the import matches to it.
 */
export function applySigns(
  values: ConventionValues,
  notes: ConventionNotes,
  signs: SignReading,
): void {
  const own = values.type === 'FEE' ? 'fee' : values.type === 'TAX' ? 'tax' : null
  if (own !== null && !/[1-9]/.test(values.amount ?? '') && /[1-9]/.test(values[own] ?? '')) {
    values.amount = values[own]
    values[own] = null
  }
  const refund = values.type === null ? undefined : REFUND_OF[values.type]
  const amount = values.amount
  if (refund && amount !== null && /[1-9]/.test(amount) && !signs.own.has('amount')) {
    const back = isNegative(amount) ? signs.magnitudes.has('amount') : signs.signed.has('amount')
    if (back) {
      notes.notice('refund_from_sign', 'amount', { type: { type: refund } })
      values.type = refund
      values.amount = magnitude(amount)
    }
  }
  // A dividend or interest whose amount goes the other way is its reversal: the signs of its
  // money are then the payment's turned round (the tax withheld comes back); units held stay.
  const reversed =
    values.type !== null &&
    REVERSIBLE.has(values.type) &&
    amount !== null &&
    contradicts(amount, 'amount', 1, signs)
  if (reversed) notes.reverses(values.type as TransactionType)
  for (const field of NUMBER_FIELDS) {
    const key = VALUE_OF[field]
    const value = values[key]
    if (value === null) continue
    let direction = values.type === null ? undefined : directionOf(values.type, field)
    if (reversed && direction !== undefined && MONEY_FIELDS.includes(field)) {
      direction = -direction as Direction
    }
    // A split given as units keeps their sign: booked in or taken out (see map-rows).
    if (values.type === 'SPLIT' && field === 'quantity') continue
    // The amount's sign is what told the reversal; its magnitude is the payment's.
    if (!(reversed && field === 'amount') && contradicts(value, field, direction, signs)) {
      if (ALWAYS_POSITIVE.includes(field)) notes.report('negative_number', field)
      else {
        notes.report('sign_contradicts_type', field, {
          type: { type: values.type as TransactionType },
        })
      }
      values[key] = null
      continue
    }
    values[key] = magnitude(value)
  }
}

function hundredth(value: string): string {
  return divideToPlaces(value, '100')
}

/** A row in a minor unit: its money in the currency, each figure a hundredth. */
export function scaleMinorUnit(
  values: ConventionValues,
  unit: string,
  currency: string,
  notes: ConventionNotes,
): void {
  values.currency = currency
  for (const key of ['unitPrice', 'amount', 'fee', 'tax'] as const) {
    const value = values[key]
    if (value !== null) values[key] = hundredth(value)
  }
  notes.notice('minor_unit', 'currency', { unit, currency })
}

const DIGITS = new Map<string, number>()

/** The decimals a currency's amounts have (yen none, euro two); two when unknown. */
function currencyDigits(currency: string | null): number {
  if (currency === null) return 2
  let digits = DIGITS.get(currency)
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    DIGITS.set(currency, digits)
  }
  return digits
}

/**
 * A trade's amount either agrees with quantity × price (alone, or with fees and taxes on either
 * side of it) to within one unit of its last decimal (its currency's cents at least), or it is
 * the row's problem. Brokers round the total to cents; the price keeps its decimals.
 */
function agrees(
  amount: string,
  quantity: string,
  price: string,
  costs: string,
  currency: string | null,
): boolean {
  // A total written without its cents (a workbook's 1000 for 1000.00) is still held to them.
  const places = Math.max(amount.split('.')[1]?.length ?? 0, currencyDigits(currency))
  const tolerance = places === 0 ? '1' : `0.${'0'.repeat(places - 1)}1`
  const gross = multiplyDecimals(quantity, price)
  return [gross, addDecimals(gross, costs), subtractDecimals(gross, costs)].some((candidate) => {
    const difference = magnitude(subtractDecimals(amount, candidate))
    return !isNegative(subtractDecimals(tolerance, difference))
  })
}

/**
 * The money of a row as its type keeps it:
 * - a cash row given as quantity × price (Ghostfolio's dividends) has that as its amount;
 * - a trade given only as a total takes its price from it: `net` totals hold fees and taxes
 *   (a purchase's cost with them, a sale's proceeds after them), `gross` ones do not;
 * - a trade given with a price and a total has the total checked against the price;
 * - a transfer in without an acquisition date takes the transfer's date;
 * - a bonus issue's price or total of zero says only that its units cost nothing.
 */
export function settleMoney(
  values: ConventionValues,
  notes: ConventionNotes,
  tradeAmount: 'net' | 'gross',
): void {
  const { type } = values
  if (type === null) return
  // Types whose money is an amount, not quantity × price.
  if (FIELD_RULES[type].amount === 'required') {
    if (values.amount === null && values.quantity !== null && values.unitPrice !== null) {
      values.amount = multiplyDecimals(values.quantity, values.unitPrice)
      // One unit at a price is the amount as written (Ghostfolio's fees and interest).
      if (values.quantity.replace(/\.0*$/, '') !== '1')
        notes.notice('amount_from_quantity', 'amount', {
          quantity: { decimal: values.quantity },
          price: { decimal: values.unitPrice },
          amount: { decimal: values.amount },
        })
    }
    values.quantity = null
    values.unitPrice = null
    return
  }
  if (type === 'BONUS_ISSUE') {
    if (values.unitPrice !== null && !/[1-9]/.test(values.unitPrice)) values.unitPrice = null
    if (values.amount !== null && !/[1-9]/.test(values.amount)) values.amount = null
  }
  if (type === 'BUY' || type === 'SELL' || type === 'RIGHTS_ISSUE' || type === 'TRANSFER_IN')
    settleTrade(values, notes, tradeAmount)
  if (type === 'TRANSFER_IN' && values.acquiredDate === null && values.tradeDate !== null) {
    values.acquiredDate = values.tradeDate
    notes.notice('acquired_date_from_trade', 'acquiredDate', { date: { date: values.tradeDate } })
  }
}

/** A trade's total: checked against its price, or its price derived from it (see settleMoney). */
export function settleTrade(
  values: ConventionValues,
  notes: ConventionNotes,
  tradeAmount: 'net' | 'gross',
) {
  const { amount, quantity, unitPrice } = values
  if (amount === null || FIELD_RULES[values.type as TransactionType].amount !== 'forbidden') return
  const costs = addDecimals(values.fee ?? '0', values.tax ?? '0')
  if (unitPrice !== null) {
    if (isPositive(quantity) && !agrees(amount, quantity, unitPrice, costs, values.currency)) {
      notes.report('amount_mismatch', 'amount', {
        expected: { decimal: multiplyDecimals(quantity, unitPrice) },
      })
      return
    }
    values.amount = null
    return
  }
  if (!isPositive(quantity)) return
  const gross =
    tradeAmount === 'gross'
      ? amount
      : values.type === 'SELL'
        ? addDecimals(amount, costs)
        : subtractDecimals(amount, costs)
  if (!isPositive(gross)) {
    notes.report('total_below_costs', 'amount', { costs: { decimal: costs } })
    notes.excuse('price')
    return
  }
  values.unitPrice = trimDecimal(divideToPlaces(gross, quantity))
  values.amount = null
  notes.notice('price_from_total', 'price', {
    total: { decimal: amount },
    price: { decimal: values.unitPrice },
  })
}
