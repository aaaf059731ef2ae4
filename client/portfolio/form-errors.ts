import type { FieldError } from 'react-hook-form'
import { apiProblemOf, SERVER_ERROR, type FormProblem } from '../components/form-submit'
import { OfflineError } from '../api/api-client'
import type { Translator } from '../../shared/i18n/translator'
import type { MessageKey, Messages } from '../../shared/i18n/messages'
import { dateExample, datePattern, type DateInputError } from './date-input'
import { decimalExample, type DecimalInputError } from '../../shared/portfolio/decimal-input'

type FormErrorCode = keyof Messages['portfolio']['form']['errors']

const FORM_ERROR_CODES: readonly string[] = [
  'required',
  'invalid',
  'not_for_type',
  'decimal',
  'positive',
  'non_negative',
  'split_ratio',
  'after_trade_date',
  'same_currency',
  'currency',
  'too_long',
  'instrument_code',
  'exchange',
  'isin',
  'country',
  'fund_type_not_fund',
  'tefas_fund_class_not_fund',
  'price_symbol',
  'price_currency',
  'date',
  'date_range',
] satisfies FormErrorCode[]

const NUMBER_ERROR_CODES: readonly string[] = [
  'malformed',
  'ambiguous',
  'negative',
  'too_large',
  'too_precise',
] satisfies DecimalInputError[]

/** Why a typed date was refused: unreadable, or (for a trade or price) after today. */
export type DateFieldError = DateInputError | 'future'

const DATE_ERROR_CODES: readonly string[] = [
  'malformed',
  'ambiguous',
  'impossible',
  'date_range',
  'future',
] satisfies DateFieldError[]

/**
 * The localized text of a refused date, with the locale's pattern and an example.
 * @example dateErrorText(german, 'malformed') // 'Geben Sie das Datum als TT.MM.JJJJ ein, etwa 25.11.2026.'
 */
export function dateErrorText(
  translator: Pick<Translator, 't' | 'formatLocale'>,
  code: DateFieldError,
): string {
  return translator.t(`portfolio.date.errors.${code}`, {
    pattern: datePattern(translator),
    example: dateExample(translator.formatLocale),
  })
}

/**
 * The code for what a schema reports without a code of its own (a bad date, an unknown type),
 * given to zod as the parse's error map so no English default reaches the user.
 */
export function schemaErrorCode(issue: { code?: string; format?: string }): string {
  return issue.code === 'invalid_format' && issue.format === 'date' ? 'date' : 'invalid'
}

/**
 * The localized text of a field's error. Validation leaves a code in `message` (the schemas'
 * codes, `number.<code>` from decimal-input, `date.<code>` from date-input); an error from the
 * API carries its own text.
 */
export function fieldErrorText(
  { t, formatLocale }: Pick<Translator, 't' | 'formatLocale'>,
  error: Pick<FieldError, 'type' | 'message'> | undefined,
): string | null {
  if (!error) return null
  const code = error.message ?? ''
  if (error.type === SERVER_ERROR && code) return code
  if (code.startsWith('number.') && NUMBER_ERROR_CODES.includes(code.slice(7))) {
    const key = `portfolio.number.errors.${code.slice(7)}` as MessageKey
    return t(key, { example: decimalExample(formatLocale) })
  }
  if (code.startsWith('date.') && DATE_ERROR_CODES.includes(code.slice(5))) {
    return dateErrorText({ t, formatLocale }, code.slice(5) as DateFieldError)
  }
  const known = FORM_ERROR_CODES.includes(code) ? code : 'invalid'
  return t(`portfolio.form.errors.${known}` as MessageKey)
}

/** A portfolio name's error: the API's own text, else what a name must be (1 to 80 characters). */
export function portfolioNameError(
  { t }: Pick<Translator, 't'>,
  error: Pick<FieldError, 'type' | 'message'> | undefined,
): string | null {
  if (!error) return null
  if (error.type === SERVER_ERROR && error.message) return error.message
  return t('portfolio.list.create.nameRequired')
}

/** A field error from the API: our text when we know its code, else the API's own message. */
export function serverFieldText(
  translator: Pick<Translator, 't' | 'formatLocale'>,
  field: { code: string; message: string },
): string {
  return FORM_ERROR_CODES.includes(field.code)
    ? (fieldErrorText(translator, { type: 'validate', message: field.code }) ?? field.message)
    : field.message
}

/**
 * A refused save as a portfolio form shows it: each field's text (ours where we know its code,
 * else the API's), and the API's message for the whole, or `fallback` when the API gave none or
 * was not reached. A refusal other than a failed validation (the portfolio engine's: selling
 * more than held) marks its field only as `invalid`; its message says why, so the field shows
 * that.
 */
export function saveProblemOf(
  translator: Pick<Translator, 't' | 'formatLocale'>,
  reason: unknown,
  fallback: string,
): FormProblem {
  // Offline, the screen says so in its own words (the fallback), not as a failed request.
  const problem = reason instanceof OfflineError ? null : apiProblemOf(reason)
  if (!problem) return { message: fallback, fields: [] }
  const explained = problem.code !== 'validation_failed'
  return {
    message: problem.message,
    fields: problem.fields.map((field) => ({
      path: field.path,
      message:
        explained && field.code === 'invalid'
          ? problem.message
          : serverFieldText(translator, field),
    })),
  }
}
