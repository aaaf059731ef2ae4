import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ApiError, ImportFileProblem } from '../../shared/api/schemas'
import { formatDate, formatMonth, formatNumber } from '../../shared/i18n/format'
import { formatConventions, type FormatLocale } from '../../shared/i18n/format-locale'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator, type Translator } from '../../shared/i18n/translator'
import { formatDecimalInput } from '../../shared/portfolio/decimal-input'
import { databaseUnavailable } from '../db/run-as-user'
import { errorResponse } from '../errors/error-response'
import { logError } from '../errors/log'
import { ApiProblem, type ProblemParam } from './api-problem'
import { requestFormatLocale } from '../i18n/request-locale'

/** The SQLSTATE and message of an error Postgres raised, if it came from there. */
export function postgresError(error: unknown): { code: string; message: string } | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null
  const code = String(error.code)
  if (!/^[0-9A-Z]{5}$/.test(code)) return null
  return { code, message: 'message' in error ? String(error.message) : '' }
}

/**
 * What an error thrown while answering means for the caller. Problems pass as they are; Postgres
 * refusals that no handler expected still get their honest status (a check constraint is bad
 * input, a unique key a conflict); anything else is a bug, answered 500 and logged.
 */
export function toProblem(c: Context, error: unknown): ApiProblem {
  if (error instanceof ApiProblem) return error
  // Also a timeout or lost connection a handler caught before the transaction could see it.
  if (databaseUnavailable(error)) return new ApiProblem('database_unavailable')
  if (error instanceof HTTPException) {
    if (error.status === 400) return new ApiProblem('malformed_json')
    if (error.status === 415) return new ApiProblem('unsupported_media_type')
  }
  const postgres = postgresError(error)
  if (postgres?.code === '23505') return new ApiProblem('conflict')
  // Row-level security refused a write: to this caller, the row is not there.
  if (postgres?.code === '42501') return new ApiProblem('record_not_found')
  if (postgres?.code === '23514' || postgres?.code?.startsWith('22')) {
    // Bad input the schemas let through: the caller hears 422, and the gap is logged.
    logError(c, error, 'api: refused by the database')
    return new ApiProblem('validation_failed')
  }
  logError(c, error, 'api')
  return new ApiProblem('unexpected')
}

/**
 * A message parameter in the caller's format: numbers and dates as their locale writes them,
 * import fields as the import dialog labels them (never their internal names).
 */
export function formatParam(
  { t, formatLocale: locale }: Pick<Translator, 't' | 'formatLocale'>,
  value: ProblemParam,
): string {
  if (typeof value === 'number') return formatNumber(locale, value)
  if (typeof value === 'string') return value
  if ('fields' in value) {
    return value.fields.map((field) => t(`import.dialog.fields.${field}`)).join(', ')
  }
  if ('decimal' in value) return formatDecimalInput(value.decimal, locale)
  if ('type' in value) return t(`portfolio.form.types.${value.type}`)
  if ('cause' in value) return t(`import.causes.${value.cause}`)
  if ('month' in value) return formatMonth(locale, value.month)
  if ('priceIndex' in value) return t(`portfolio.measure.indexes.${value.priceIndex}`)
  return formatDate(locale, value.date)
}

/** A file problem's message, and after it which data row is at fault when the problem names one. */
function importFileMessage(
  t: Translator['t'],
  code: ImportFileProblem,
  params: Record<string, string>,
): string {
  const message = t(`import.fileProblems.${code}`, params)
  return params.row === undefined ? message : `${message} ${t('import.fileProblems.atRow', params)}`
}

/** The JSON error body of a problem, its messages in the language of `formatLocale`. */
export async function problemBody(
  problem: ApiProblem,
  formatLocale: FormatLocale,
): Promise<ApiError> {
  const { language } = formatConventions(formatLocale)
  const translator = createTranslator(language, await loadMessages(language), formatLocale)
  const { t } = translator
  const params = Object.fromEntries(
    Object.entries(problem.params).map(([name, value]) => [name, formatParam(translator, value)]),
  )
  const { code } = problem
  const message =
    typeof code === 'string'
      ? t(`api.errors.${code}`, params)
      : 'engine' in code
        ? t(`api.engine.${code.engine}`, params)
        : importFileMessage(t, code.importFile, params)
  const fields = problem.fields.map((field) => ({
    ...field,
    message: t(`api.fields.${field.code}`),
  }))
  return {
    error: {
      code: typeof code === 'string' ? code : 'engine' in code ? code.engine : code.importFile,
      message,
      ...(fields.length > 0 ? { fields } : {}),
    },
  }
}

/** The error answer of whatever a handler threw, in the caller's language. */
export async function problemResponse(c: Context, error: unknown): Promise<Response> {
  const problem = toProblem(c, error)
  const body = await problemBody(problem, requestFormatLocale(c))
  return errorResponse(c, problem.status, body.error)
}
