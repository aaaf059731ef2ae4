import type { ImportFileProblem } from '../../../shared/api/schemas'
import { IMPORT_LIMITS } from '../../../shared/api/schemas/import'
import { formatNumber } from '../../../shared/i18n/format'
import type { Translator } from '../../../shared/i18n/translator'

const SEPARATOR_KEYS = {
  ',': 'import.dialog.separators.comma',
  ';': 'import.dialog.separators.semicolon',
  '\t': 'import.dialog.separators.tab',
} as const

/** A column separator by its name ("Semicolon (;)"); a tab has no visible sign. */
export function separatorName(t: Translator['t'], separator: string): string {
  return separator in SEPARATOR_KEYS
    ? t(SEPARATOR_KEYS[separator as keyof typeof SEPARATOR_KEYS])
    : separator
}

/** The largest file in the locale's words: `5 MB`. */
export function sizeLimitText(locale: Translator['formatLocale']): string {
  return `${formatNumber(locale, IMPORT_LIMITS.bytes / 1024 / 1024)} MB`
}

/**
 * Why a file cannot be imported, in the words the API uses for it (and the data row at fault
 * after it, when there is one), so the browser's check and the API's read the same.
 */
export function fileProblemText(
  { t, formatLocale: locale }: Pick<Translator, 't' | 'formatLocale'>,
  problem: ImportFileProblem,
  row?: number,
): string {
  const limit =
    problem === 'file_too_many_rows'
      ? formatNumber(locale, IMPORT_LIMITS.rows)
      : problem === 'file_too_many_columns'
        ? formatNumber(locale, IMPORT_LIMITS.columns)
        : sizeLimitText(locale)
  const message = t(`import.fileProblems.${problem}`, { limit, fields: '' })
  if (row === undefined) return message
  return `${message} ${t('import.fileProblems.atRow', { row: formatNumber(locale, row) })}`
}
