import { z } from 'zod'
import type { Portfolio } from '../../shared/api/schemas/portfolio'
import {
  FIELD_RULES,
  transactionWriteSchema,
  type Transaction,
} from '../../shared/api/schemas/transaction'
import type { FormatLocale } from '../../shared/i18n/format-locale'
import { formatDateInput, parseDateInput } from './date-input'
import { formatDecimalInput, parseDecimalInput } from '../../shared/portfolio/decimal-input'
import { TRANSACTION_TYPES, type TransactionType } from '../../shared/portfolio/portfolio-kinds'

/**
 * What the transaction form holds: the text of each input as typed (numbers and dates in the
 * locale's format), so switching the type hides fields without losing what was typed in them.
 */
export interface TransactionFormValues {
  type: TransactionType
  tradeDate: string
  instrumentId: string
  currency: string
  fxRate: string
  quantity: string
  unitPrice: string
  amount: string
  fee: string
  tax: string
  splitRatio: string
  acquiredDate: string
  acquisitionFxRate: string
  toCurrency: string
  toAmount: string
  note: string
}

export type FormField = Exclude<keyof TransactionFormValues, 'type'>

const NUMBER_FIELDS = [
  'fxRate',
  'quantity',
  'unitPrice',
  'amount',
  'fee',
  'tax',
  'acquisitionFxRate',
  'toAmount',
] as const satisfies readonly FormField[]

/** The inputs a type shows, in the form's order. */
export type VisibleField =
  | 'instrumentId'
  | 'currency'
  | 'fxRate'
  | 'quantity'
  | 'unitPrice'
  | 'amount'
  | 'fee'
  | 'tax'
  | 'splitRatio'
  | 'acquiredDate'
  | 'acquisitionFxRate'
  | 'toCurrency'
  | 'toAmount'

/** The fields FIELD_RULES speaks about. */
const RULED_FIELDS = [
  'instrumentId',
  'quantity',
  'unitPrice',
  'amount',
  'splitRatio',
  'acquiredDate',
  'acquisitionFxRate',
  'toCurrency',
  'toAmount',
] as const satisfies readonly VisibleField[]

// Fee and tax count for every type that moves money (docs/portfolio-math.md); a split, a bonus
// issue and a transfer out move none.
const WITHOUT_COSTS = new Set<TransactionType>(['SPLIT', 'BONUS_ISSUE', 'TRANSFER_OUT'])

/**
 * Which inputs a type shows: the fields FIELD_RULES does not forbid, fee and tax where money
 * moves, and the FX rates only for a currency other than the portfolio's base.
 */
export function visibleFields(type: TransactionType, foreignCurrency: boolean): Set<VisibleField> {
  const rules = FIELD_RULES[type]
  const fields = new Set<VisibleField>(['currency'])
  for (const field of RULED_FIELDS) {
    if (field !== 'acquisitionFxRate' && rules[field] !== 'forbidden') fields.add(field)
  }
  if (!WITHOUT_COSTS.has(type)) {
    fields.add('fee')
    fields.add('tax')
  }
  if (foreignCurrency) {
    fields.add('fxRate')
    if (rules.acquisitionFxRate !== 'forbidden') fields.add('acquisitionFxRate')
  }
  return fields
}

/**
 * Whether a transaction asks for a rate to the base currency: one in another currency does,
 * unless it is an exchange into the base, which brings its own (what each unit given fetched),
 * or a bonus issue, which moves no money.
 */
export function asksFxRate(
  type: TransactionType,
  currency: string,
  toCurrency: string,
  baseCurrency: string,
): boolean {
  if (currency === '' || currency === baseCurrency || type === 'BONUS_ISSUE') return false
  return !(type === 'EXCHANGE' && toCurrency === baseCurrency)
}

/** Types only a portfolio that keeps cash records. */
const CASH_ONLY = new Set<TransactionType>(['DEPOSIT', 'WITHDRAWAL', 'EXCHANGE'])

/** The types a portfolio can record: deposits, withdrawals and exchanges only where it keeps cash. */
export function transactionTypesFor(portfolio: Pick<Portfolio, 'recordsCash'>): TransactionType[] {
  return TRANSACTION_TYPES.filter((type) => portfolio.recordsCash || !CASH_ONLY.has(type))
}

/** Whether a field must be filled for a type, as the API's rules say. */
export function isRequired(type: TransactionType, field: VisibleField): boolean {
  const ruled = RULED_FIELDS.find((name) => name === field)
  return ruled !== undefined && FIELD_RULES[type][ruled] === 'required'
}

/** The form's starting values: a saved transaction to edit, or an empty purchase of today. */
export function initialFormValues(options: {
  locale: FormatLocale
  baseCurrency: string
  today: string
  initial?: Transaction
  types: readonly TransactionType[]
}): TransactionFormValues {
  const { initial, locale } = options
  const number = (value: string | null | undefined) =>
    value ? formatDecimalInput(value, locale) : ''
  const date = (value: string | null | undefined) => (value ? formatDateInput(value, locale) : '')
  if (!initial) {
    return {
      type: options.types[0] ?? 'BUY',
      tradeDate: date(options.today),
      instrumentId: '',
      currency: options.baseCurrency,
      fxRate: '',
      quantity: '',
      unitPrice: '',
      amount: '',
      fee: '',
      tax: '',
      splitRatio: '',
      acquiredDate: '',
      acquisitionFxRate: '',
      toCurrency: '',
      toAmount: '',
      note: '',
    }
  }
  return {
    type: initial.type,
    tradeDate: date(initial.tradeDate),
    instrumentId: initial.instrument?.id ?? '',
    currency: initial.currency,
    fxRate: number(initial.fxRate),
    quantity: number(initial.quantity),
    unitPrice: number(initial.unitPrice),
    amount: number(initial.amount),
    // A saved zero fee is the default the API filled in: the input shows it empty.
    fee: /[1-9]/.test(initial.fee) ? number(initial.fee) : '',
    tax: /[1-9]/.test(initial.tax) ? number(initial.tax) : '',
    splitRatio: splitRatioText(initial.splitRatio ?? '', locale),
    acquiredDate: date(initial.acquiredDate),
    acquisitionFxRate: number(initial.acquisitionFxRate),
    toCurrency: initial.toCurrency ?? '',
    toAmount: number(initial.toAmount),
    note: initial.note ?? '',
  }
}

function splitRatioText(ratio: string, locale: FormatLocale): string {
  return ratio
    .split(':')
    .map((part) => (part ? formatDecimalInput(part, locale) : part))
    .join(':')
}

/**
 * The schema the form validates with: it reads the typed numbers and dates in the locale's
 * format, drops what the type hides, and hands the result to the API's own
 * `transactionWriteSchema`, so a form that passes sends what the API accepts. Issue messages
 * are codes: `required`, the API's codes (`positive`, `split_ratio`…), `number.<DecimalInputError>`
 * for unreadable numbers, `date.<DateInputError>` for unreadable dates and `date.future` for a
 * trade date after `today` (YYYY-MM-DD).
 */
export function transactionFormSchema(locale: FormatLocale, baseCurrency: string, today: string) {
  const text = z.string()
  return z
    .object({
      type: z.enum(TRANSACTION_TYPES),
      tradeDate: text,
      instrumentId: text,
      currency: text,
      fxRate: text,
      quantity: text,
      unitPrice: text,
      amount: text,
      fee: text,
      tax: text,
      splitRatio: text,
      acquiredDate: text,
      acquisitionFxRate: text,
      toCurrency: text,
      toAmount: text,
      note: text,
    })
    .transform((values, context) => {
      const result = toTransactionWrite(values, locale, baseCurrency, today)
      if (result.ok) return result.value
      for (const [field, message] of result.issues) {
        context.issues.push({ code: 'custom', path: [field], message, input: values[field] })
      }
      return z.NEVER
    })
    .pipe(transactionWriteSchema)
}

type Conversion =
  { ok: true; value: Record<string, string | null> } | { ok: false; issues: [FormField, string][] }

/**
 * The form's texts as the API's write shape (before the API's own checks): numbers and dates
 * read in the locale's format, hidden and empty fields null. Required but empty fields are
 * reported here too, so the user sees every problem at once rather than in two rounds.
 */
export function toTransactionWrite(
  values: TransactionFormValues,
  locale: FormatLocale,
  baseCurrency: string,
  today: string,
): Conversion {
  const currency = values.currency.trim().toUpperCase()
  const toCurrency = values.toCurrency.trim().toUpperCase()
  const shown = visibleFields(
    values.type,
    asksFxRate(values.type, currency, toCurrency, baseCurrency),
  )
  const issues: [FormField, string][] = []
  const value: Record<string, string | null> = {
    type: values.type,
    currency: currency || null,
    note: values.note.trim() || null,
  }
  const textOf = (field: FormField & VisibleField) => (shown.has(field) ? values[field].trim() : '')
  value.instrumentId = textOf('instrumentId') || null
  value.toCurrency = shown.has('toCurrency') ? toCurrency || null : null
  if (values.tradeDate.trim() === '') issues.push(['tradeDate', 'required'])
  for (const field of ['tradeDate', 'acquiredDate'] as const) {
    // Every type has a trade date; only some an acquisition date.
    const typed = field === 'tradeDate' ? values.tradeDate.trim() : textOf(field)
    value[field] = null
    if (typed === '') continue
    const parsed = parseDateInput(typed, locale)
    if (!parsed.ok) issues.push([field, `date.${parsed.error}`])
    // A transaction is recorded once it has happened; the API keeps the acquisition date from
    // following the trade date.
    else if (field === 'tradeDate' && parsed.value > today) issues.push([field, 'date.future'])
    else value[field] = parsed.value
  }
  for (const field of NUMBER_FIELDS) {
    const typed = textOf(field)
    value[field] = null
    if (typed === '') continue
    const parsed = parseDecimalInput(typed, locale)
    if (parsed.ok) value[field] = parsed.value
    else issues.push([field, `number.${parsed.error}`])
  }
  const ratio = textOf('splitRatio')
  value.splitRatio = null
  if (ratio !== '') {
    const parts = ratio.split(':').map((part) => parseDecimalInput(part, locale))
    if (parts.length > 2 || parts.some((part) => !part.ok))
      issues.push(['splitRatio', 'split_ratio'])
    else value.splitRatio = parts.map((part) => (part.ok ? part.value : '')).join(':')
  }
  for (const field of shown) {
    if (field === 'currency') continue
    const alreadyReported = issues.some(([name]) => name === field)
    if (isRequired(values.type, field) && value[field] === null && !alreadyReported) {
      issues.push([field, 'required'])
    }
  }
  return issues.length ? { ok: false, issues } : { ok: true, value }
}

/** The form values' own names, for errors the API reports by path. */
export function formFieldOf(path: string): FormField | null {
  const name = path.replace(/^transaction\./, '')
  const fields: readonly string[] = [
    'tradeDate',
    'instrumentId',
    'currency',
    'splitRatio',
    'acquiredDate',
    'toCurrency',
    'note',
    ...NUMBER_FIELDS,
  ]
  return fields.includes(name) ? (name as FormField) : null
}
