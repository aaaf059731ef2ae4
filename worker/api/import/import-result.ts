import type { ImportResult } from '../../../shared/api/schemas'
import { formatConventions, type FormatLocale } from '../../../shared/i18n/format-locale'
import { loadMessages } from '../../../shared/i18n/messages'
import { createTranslator, type Translator } from '../../../shared/i18n/translator'
import { formatParam } from '../api-error-response'
import type { ImportPlan, RowNotice, RowProblem } from './plan-import'
import type { ReadImport } from './read-import'

function paramsOf(translator: Translator, note: RowProblem | RowNotice): Record<string, string> {
  return Object.fromEntries(
    Object.entries(note.params).map(([name, value]) => [name, formatParam(translator, value)]),
  )
}

function message(translator: Translator, problem: RowProblem): string {
  const { t } = translator
  const params = paramsOf(translator, problem)
  if (problem.engine) params.reason = t(`api.engine.${problem.engine}`)
  return t(`import.problems.${problem.code}`, params)
}

/** The answer of an import: what was read, every row with its problems in the caller's words. */
export async function importResult(
  read: ReadImport,
  plan: ImportPlan,
  formatLocale: FormatLocale,
  written: number,
): Promise<ImportResult> {
  const { language } = formatConventions(formatLocale)
  const translator = createTranslator(language, await loadMessages(language), formatLocale)
  const rows = plan.rows.map((row) => ({
    row: row.draft.row,
    transaction: row.values
      ? {
          ...row.draft.transaction,
          type: row.values.type,
          tradeDate: row.values.tradeDate,
          currency: row.values.currency,
          fxRate: row.values.fxRate,
          note: row.values.note,
        }
      : row.draft.transaction,
    instrument: row.instrument,
    duplicate: row.duplicate,
    leftOut:
      row.leftOut === null
        ? null
        : {
            code: row.leftOut,
            message: translator.t(`import.leftOut.${row.leftOut}`, {
              ...Object.fromEntries(
                Object.entries(row.leftOutParams ?? {}).map(([name, value]) => [
                  name,
                  formatParam(translator, value),
                ]),
              ),
              row: formatParam(translator, row.draft.row),
            }),
          },
    problems: row.problems.map((problem) => ({
      code: problem.code,
      column: problem.column,
      message: message(translator, problem),
    })),
    notices: row.notices.map((notice) => ({
      code: notice.code,
      column: notice.column,
      message: translator.t(`import.notices.${notice.code}`, paramsOf(translator, notice)),
    })),
  }))
  const newKeys = new Set(plan.rows.flatMap((row) => row.newInstrumentKey ?? []))
  return {
    read: {
      preset: read.preset,
      encoding: read.table.encoding,
      separator: read.table.separator,
      decimalSeparator: read.decimalSeparator,
      dateOrder: read.dateOrder,
      mapping: read.mapping,
    },
    rows,
    summary: {
      rows: rows.length,
      withProblems: rows.filter((row) => row.problems.length > 0).length,
      duplicates: rows.filter((row) => row.duplicate).length,
      leftOut: rows.filter((row) => row.leftOut !== null).length,
      newInstruments: newKeys.size,
    },
    written,
  }
}
