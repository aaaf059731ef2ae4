import type { Explanation, ExplanationStep } from '../../../shared/api/schemas'
import {
  formatDate,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPercent,
  formatUnitPrice,
} from '../../../shared/i18n/format'
import type { MessageKey } from '../../../shared/i18n/messages'
import type { Translator } from '../../../shared/i18n/translator'

/** Parameters that hold a date, a month, an amount of units, a count, or a bound in figures. */
const DATE_PARAMS = new Set(['date', 'from', 'to', 'acquired', 'previousDate', 'rateDate'])
const MONTH_PARAMS = new Set(['month', 'fromMonth', 'toMonth'])
const COUNT_PARAMS = new Set(['days', 'count'])
const NUMBER_PARAMS = new Set(['below', 'top'])
/** Parameters that name a currency (a code, as the page writes codes). */
const CURRENCY_PARAMS = new Set(['currency', 'base'])

/** A parameter that names a price index (the measures' steps and notes), in words; else null. */
function indexParam(app: Translator, name: string, value: string | number): string | null {
  return name === 'index' ? app.t(`portfolio.measure.indexes.${value}` as MessageKey) : null
}

/** A rate given in the law or the settings (a Basiszins of 2.53 %, a Teilfreistellung of 30 %): its own digits. */
function rateText(app: Translator, value: string | number): string {
  return formatNumber(app.formatLocale, String(value), {
    style: 'percent',
    maximumFractionDigits: 4,
  })
}

/** A step's or a figure's value as the page writes it: money, units, a price, a rate, a share. */
export function valueText(
  app: Translator,
  value: string | number | null,
  kind: string,
  currency: string | null,
): string {
  if (value === null) return '–'
  const { formatLocale } = app
  const text = String(value)
  switch (kind) {
    case 'quantity':
      return formatNumber(formatLocale, text, { maximumFractionDigits: 8 })
    case 'price':
      return currency ? formatUnitPrice(formatLocale, text, currency) : text
    case 'fxRate':
    case 'factor':
      return formatNumber(formatLocale, text, { maximumFractionDigits: 8 })
    case 'fraction':
      return formatPercent(formatLocale, Number(value), { signed: true })
    case 'rate':
      return rateText(app, text)
    case 'one':
      return formatNumber(formatLocale, text)
    case 'cashFlow':
      return currency ? formatMoney(formatLocale, text, currency, { signed: true }) : text
    default:
      return currency ? formatMoney(formatLocale, text, currency) : text
  }
}

/**
 * The values a step's label reads, in the page's formats: its own parameters, and the type and
 * date of the transaction, price or rate it comes from.
 */
function labelParams(
  app: Translator,
  step: ExplanationStep,
  explanation: Explanation,
): Record<string, string> {
  const { formatLocale } = app
  const raw: Record<string, string | number> = { ...step.params }
  const source = step.source
  if (source !== null && 'date' in source) {
    raw.date ??= source.date
    if (source.kind === 'transaction') raw.type = source.type
  }
  const params: Record<string, string> = {}
  for (const [name, value] of Object.entries(raw)) {
    const index = indexParam(app, name, value)
    if (index !== null) params[name] = index
    else if (DATE_PARAMS.has(name)) params[name] = formatDate(formatLocale, String(value))
    else if (MONTH_PARAMS.has(name)) params[name] = formatMonth(formatLocale, String(value))
    else if (NUMBER_PARAMS.has(name)) params[name] = formatNumber(formatLocale, String(value))
    else if (name === 'quantity') {
      params[name] = formatNumber(formatLocale, String(value), { maximumFractionDigits: 8 })
    } else if (COUNT_PARAMS.has(name)) params[name] = formatNumber(formatLocale, value)
    else if (name === 'rate') params[name] = formatPercent(formatLocale, Number(value))
    else if (name === 'percent') params[name] = rateText(app, value)
    else if (name === 'month') params[name] = formatMonth(formatLocale, String(value))
    else if (name === 'type') params[name] = app.t(`portfolio.form.types.${value}` as MessageKey)
    else if (name === 'instrument') {
      params[name] = explanation.instruments[String(value)]?.code ?? String(value)
    } else if (name === 'amount') {
      const currency = String(step.params.amountCurrency ?? '')
      params[name] = currency ? formatMoney(formatLocale, String(value), currency) : String(value)
    } else params[name] = String(value)
  }
  return params
}

/** What a step is, in words: its label filled with its parameters. */
export function labelText(
  app: Translator,
  texts: Translator,
  step: ExplanationStep,
  explanation: Explanation,
): string {
  const params = labelParams(app, step, explanation)
  const label = texts.t(`explain.step.${step.label}` as MessageKey, params)
  // A foreign-currency amount names what it was in its own currency.
  return params.amount ? `${label} (${params.amount})` : label
}

/** A note under the steps, in words; an amount in it is in `currency`. */
export function noteText(
  app: Translator,
  texts: Translator,
  note: Explanation['notes'][number],
  currency: string,
): string {
  const { formatLocale } = app
  const params: Record<string, string> = {}
  for (const [name, value] of Object.entries(note.params)) {
    const index = indexParam(app, name, value)
    if (index !== null) params[name] = index
    else if (CURRENCY_PARAMS.has(name)) params[name] = String(value)
    else if (DATE_PARAMS.has(name)) params[name] = formatDate(formatLocale, String(value))
    else if (MONTH_PARAMS.has(name)) params[name] = formatMonth(formatLocale, String(value))
    else if (name === 'rate') params[name] = formatPercent(formatLocale, Number(value))
    else if (name === 'percent') params[name] = rateText(app, value)
    else if (name === 'amount' || name === 'threshold') {
      params[name] = formatMoney(formatLocale, String(value), currency)
    }
    // A year is a name, not a quantity: no grouping (2025, not 2.025).
    else if (name === 'year') params[name] = String(value)
    else params[name] = formatNumber(formatLocale, value)
  }
  if (note.label === 'staleLeftOut') {
    return texts.plural('explain.note.staleLeftOut', Number(note.params.count), params)
  }
  return texts.t(`explain.note.${note.label}` as MessageKey, params)
}
