import type postgres from 'postgres'
import { checkPortfolio } from '../analysis/portfolio-analysis'
import { insertInstruments, insertTransactions } from '../store/import-store'
import type { PortfolioSettings } from '../store/portfolio-store'
import type { TransactionValues } from '../store/transaction-store'
import { rowsToWrite, type ImportPlan } from './plan-import'

type Sql = postgres.TransactionSql

/**
 * Writes an import whose rows have no problem, inside the caller's one database transaction:
 * the new instruments, then every row that is not a duplicate in one statement, then the engine
 * over the whole portfolio again (a concurrent write may have changed it since the preview). Any
 * refusal throws, and the transaction rolls back everything. Answers how many rows were written.
 */
export async function commitImport(
  sql: Sql,
  portfolio: PortfolioSettings,
  plan: ImportPlan,
): Promise<number> {
  const rows = rowsToWrite(plan.rows)
  if (rows.length === 0) return 0
  const used = new Set(rows.flatMap((row) => row.newInstrumentKey ?? []))
  const ids = await insertInstruments(
    sql,
    [...plan.newInstruments].filter(([key]) => used.has(key)).map(([, instrument]) => instrument),
  )
  const values = rows.map((row): TransactionValues => {
    const stored = row.values as TransactionValues
    if (row.newInstrumentKey === null) return stored
    const id = ids.get(row.newInstrumentKey)
    if (!id) throw new Error(`The import created no instrument ${row.newInstrumentKey}`)
    return { ...stored, instrumentId: id }
  })
  await insertTransactions(sql, portfolio.id, values)
  await checkPortfolio(sql, portfolio, () => null)
  return rows.length
}
