import { OpenAPIHono } from '@hono/zod-openapi'
import { privateRoute } from './private-route'
import { z } from 'zod'
import {
  apiErrorSchema,
  exportQuerySchema,
  IMPORT_LIMITS,
  importRejectedSchema,
  importRequestFieldsSchema,
  importResultSchema,
  type ExportFormat,
  type Transaction,
} from '../../../shared/api/schemas'
import { loadMessages } from '../../../shared/i18n/messages'
import type { Locale } from '../../../shared/i18n/locales'
import { createTranslator } from '../../../shared/i18n/translator'
import { writeKiymetCsv, writePortfolioPerformanceCsv } from '../../../shared/import/write-csv'
import { writeSpreadsheetCsv } from '../../../shared/import/write-spreadsheet-csv'
import type { AppEnv } from '../../env'
import { asCaller, IMPORT_TRANSACTION_OPTIONS, type ApiDb } from '../api-database'
import { fillPricesSoon } from '../fill-prices'
import { problemBody } from '../api-error-response'
import { ApiProblem } from '../api-problem'
import { commitImport } from '../import/commit-import'
import { importResult } from '../import/import-result'
import { checkWithEngine, planImport, type ImportPlan } from '../import/plan-import'
import { readImport, type ImportFields } from '../import/read-import'
import { requestFormatLocale } from '../../i18n/request-locale'
import { portfolioSettings } from '../store/portfolio-store'
import { closesOn } from '../store/price-store'
import { allTransactions, instrumentFirstDays } from '../store/transaction-store'
import { DATA_ERRORS, errorResponses, idParams, json } from './openapi-shapes'

const tags = ['Imports']

/** The uploaded file: a form part with a file name (a plain text field is not one). */
const uploadedFile = z
  .custom<File>((value) => value instanceof File, { message: 'required' })
  .meta({ type: 'string', format: 'binary', description: 'The CSV or JSON file, at most 5 MB' })

export const importFormSchema = importRequestFieldsSchema.extend({ file: uploadedFile })

export const importRoute = privateRoute({
  method: 'post',
  path: '/portfolios/{id}/imports',
  tags,
  summary: 'Preview or write an import of transactions from a CSV or JSON file',
  description: [
    `A \`multipart/form-data\` body with \`file\` (at most ${IMPORT_LIMITS.bytes / 1024 / 1024} MB, ${IMPORT_LIMITS.rows.toLocaleString('en')} rows) and the reading options. Without \`preset\` the file's headers choose one (\`file_unknown_layout\` when none fits and no \`mapping\` is sent).`,
    'Each data row (1 = the first after the header) becomes a transaction: its instrument matched by ISIN, else by code (and exchange), among the catalog and your own, or created as your own on commit; a row identical to a transaction already recorded is a `duplicate` and skipped; a row in another currency without a rate gets the reference rate of its date (`fx_rate_missing` when none is known); the engine checks the portfolio with the new rows (`engine_refused`).',
    '`dryRun=true` (the default) writes nothing and answers the preview. `dryRun=false` writes every row that is not a duplicate in one database transaction, or, when any row has a problem, nothing: `422 import_has_problems` with the preview in `result`.',
    'A file that cannot be read answers its file problem as the error code (`file_empty`, `file_header_only`, `file_binary`, `file_compressed`, `file_spreadsheet`, `file_encoding`, `file_json`, `file_too_many_rows`, `file_unknown_layout`, `mapping_incomplete`: 422; `file_too_large`: 413), the message naming the data row at fault when there is one.',
  ].join('\n\n'),
  request: {
    params: idParams,
    body: { required: true, content: { 'multipart/form-data': { schema: importFormSchema } } },
  },
  responses: {
    200: json(importResultSchema, 'The preview (`written: 0`) or what was written'),
    ...errorResponses(...DATA_ERRORS, 413, 415),
    422: json(
      z.union([importRejectedSchema, apiErrorSchema]),
      'A file problem, an invalid form field, or (`import_has_problems`, with `result`) rows with problems: nothing written',
    ),
  },
})

export const exportTransactionsRoute = privateRoute({
  method: 'get',
  path: '/portfolios/{id}/export',
  tags,
  summary: "The portfolio's transactions as a CSV file",
  description: [
    "`format=kiymet` (the default) is this app's machine format: English headers, `,` separated, `.` decimals, ISO dates, every decimal as stored; it imports back to the same portfolio.",
    "`kiymet_spreadsheet` has the same columns for a spreadsheet program in the language of `locale` (else `Accept-Language`, else Turkish): its headers and type words, its dates (`20.11.2026`), its decimal mark with the separator that goes with it (`;` and `,` in Turkish and German, `,` and `.` in English), numbers ungrouped at the precision a person reads (amounts at the currency's minor unit, prices at the instrument's); the `kiymet_spreadsheet` import preset reads it back.",
    "`portfolio_performance` is Portfolio Performance's CSV of transactions. This app's two formats are UTF-8 with a byte order mark (so Excel reads their letters right), Portfolio Performance's without. Cells that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab) are neutralized.",
  ].join('\n\n'),
  request: { params: idParams, query: exportQuerySchema },
  responses: {
    200: {
      description: 'A CSV download (UTF-8)',
      content: { 'text/csv': { schema: z.string() } },
    },
    ...errorResponses(...DATA_ERRORS),
  },
})

/** Rows with problems; any of them keeps the import from being written. */
function rowsWithProblems(plan: ImportPlan): number {
  return plan.rows.filter((row) => row.problems.length > 0).length
}

/**
 * Previews, or writes when asked and no row has a problem. A commit lets the engine check the
 * portfolio once, after the insert inside the database transaction; only when it refuses are the
 * writes undone (savepoint) and the rows checked one by one to show which is at fault.
 */
async function runImport(db: ApiDb, portfolioId: string, bytes: Uint8Array, fields: ImportFields) {
  const portfolio = await portfolioSettings(db.sql, portfolioId)
  const read = readImport(bytes, fields, db.locale)
  const plan = await planImport(db.sql, portfolio, read)
  let written = 0
  if (fields.dryRun === 'false' && rowsWithProblems(plan) === 0) {
    try {
      written = await db.sql.savepoint((savepoint) => commitImport(savepoint, portfolio, plan))
    } catch (error) {
      const refusedByEngine =
        error instanceof ApiProblem && typeof error.code === 'object' && 'engine' in error.code
      if (!refusedByEngine) throw error
      checkWithEngine(plan, portfolio, read)
      // A refusal no row explains (a concurrent write broke the portfolio) is answered as is.
      if (rowsWithProblems(plan) === 0) throw error
    }
  } else {
    checkWithEngine(plan, portfolio, read)
  }
  const withProblems = rowsWithProblems(plan)
  // The instruments it brought in, their prices wanted back to each one's first day.
  const filled = written > 0 ? await instrumentFirstDays(db.sql, portfolioId) : []
  return { result: await importResult(read, plan, db.formatLocale, written), withProblems, filled }
}

/**
 * The spreadsheet export in the caller's language; the instruments' latest closes tell the
 * precision a price worked out from a total is rounded to.
 */
async function spreadsheetCsv(db: ApiDb, transactions: Transaction[]): Promise<string> {
  const ids = [...new Set(transactions.flatMap(({ instrument }) => instrument?.id ?? []))]
  const [messages, closes] = await Promise.all([
    loadMessages(db.locale),
    closesOn(db.sql, ids, [db.today]),
  ])
  const quoted = new Map(
    Object.entries(closes).flatMap(([id, [latest]]) => (latest ? [[id, latest.value]] : [])),
  )
  return writeSpreadsheetCsv(transactions, {
    translator: createTranslator(db.locale, messages),
    quoted,
  })
}

/** What each format's file name adds: `kiymet-<portfolio slug><suffix>-<date>.csv`. */
const FILE_SUFFIXES: Record<ExportFormat, (locale: Locale) => string> = {
  kiymet: () => '',
  kiymet_spreadsheet: (locale) => `-${locale}`,
  portfolio_performance: () => '-portfolio-performance',
}

async function exportFile(db: ApiDb, portfolioId: string, format: ExportFormat) {
  await portfolioSettings(db.sql, portfolioId)
  const [[named], transactions] = await Promise.all([
    db.sql<{ slug: string }[]>`
      select public.slugify(name, 'portfolio') as slug from portfolios where id = ${portfolioId}
    `,
    allTransactions(db.sql, portfolioId),
  ])
  const csv =
    format === 'kiymet'
      ? writeKiymetCsv(transactions)
      : format === 'kiymet_spreadsheet'
        ? await spreadsheetCsv(db, transactions)
        : writePortfolioPerformanceCsv(transactions)
  const suffix = FILE_SUFFIXES[format](db.locale)
  return { csv, name: `kiymet-${named?.slug ?? 'portfolio'}${suffix}-${db.today}.csv` }
}

/** Imports and exports of a portfolio's transactions, relative to /api. */
export const importRoutes = new OpenAPIHono<AppEnv>()
  .openapi(importRoute, async (c) => {
    const { id } = c.req.valid('param')
    const { file, ...fields } = c.req.valid('form')
    const bytes = new Uint8Array(await file.arrayBuffer())
    const { result, withProblems, filled } = await asCaller(
      c,
      (db) => runImport(db, id, bytes, fields),
      IMPORT_TRANSACTION_OPTIONS,
    )
    await fillPricesSoon(c, filled)
    if (fields.dryRun === 'false' && withProblems > 0) {
      const problem = new ApiProblem('import_has_problems', { count: withProblems })
      return c.json({ ...(await problemBody(problem, requestFormatLocale(c))), result }, 422)
    }
    return c.json(result, 200)
  })
  .openapi(exportTransactionsRoute, async (c) => {
    const { id } = c.req.valid('param')
    const { format } = c.req.valid('query')
    const { csv, name } = await asCaller(c, (db) => exportFile(db, id, format))
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    })
  })
