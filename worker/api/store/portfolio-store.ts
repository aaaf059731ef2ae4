import type postgres from 'postgres'
import type { Portfolio, PortfolioCreate, PortfolioUpdate } from '../../../shared/api/schemas'
import type { CostBasisMethod } from '../../../shared/portfolio/portfolio-kinds'
import { ApiProblem } from '../api-problem'
import { withinPlan } from './plan-store'
import { isoTimestamp } from './sql-values'

type Sql = postgres.TransactionSql

interface PortfolioRow {
  id: string
  name: string
  base_currency: string
  cost_basis_method: CostBasisMethod
  records_cash: boolean
  transaction_count: string
  created_at: Date
  updated_at: Date
}

function portfolioOf(row: PortfolioRow): Portfolio {
  return {
    id: row.id,
    name: row.name,
    baseCurrency: row.base_currency,
    costBasisMethod: row.cost_basis_method,
    recordsCash: row.records_cash,
    transactionCount: Number(row.transaction_count),
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
  }
}

function portfolioColumns(sql: Sql) {
  return sql`p.id, p.name, p.base_currency, p.cost_basis_method, p.records_cash, p.created_at,
    p.updated_at,
    (select count(*) from transactions t where t.portfolio_id = p.id) as transaction_count`
}

/** The caller's portfolios, oldest first (row-level security shows nobody else's). */
export async function listPortfolios(sql: Sql): Promise<Portfolio[]> {
  const rows = await sql<PortfolioRow[]>`
    select ${portfolioColumns(sql)} from portfolios p order by p.created_at, p.id
  `
  return rows.map(portfolioOf)
}

/** One of the caller's portfolios; 404 for anyone else's or none. */
export async function findPortfolio(sql: Sql, id: string): Promise<Portfolio> {
  const [row] = await sql<PortfolioRow[]>`
    select ${portfolioColumns(sql)} from portfolios p where p.id = ${id}
  `
  if (!row) throw new ApiProblem('portfolio_not_found')
  return portfolioOf(row)
}

/** What the engine needs of a portfolio. */
export type PortfolioSettings = Pick<
  Portfolio,
  'id' | 'baseCurrency' | 'costBasisMethod' | 'recordsCash'
>

/**
 * One of the caller's portfolios without counting its transactions (for reports and writes,
 * which read them anyway); 404 for anyone else's or none.
 */
export async function portfolioSettings(sql: Sql, id: string): Promise<PortfolioSettings> {
  const [row] = await sql<
    Omit<PortfolioRow, 'name' | 'transaction_count' | 'created_at' | 'updated_at'>[]
  >`
    select p.id, p.base_currency, p.cost_basis_method, p.records_cash from portfolios p
    where p.id = ${id}
  `
  if (!row) throw new ApiProblem('portfolio_not_found')
  return {
    id: row.id,
    baseCurrency: row.base_currency,
    costBasisMethod: row.cost_basis_method,
    recordsCash: row.records_cash,
  }
}

/** A new portfolio of the caller's; 403 past their plan's number of portfolios. */
export async function createPortfolio(sql: Sql, input: PortfolioCreate): Promise<Portfolio> {
  const [created] = await withinPlan(
    sql,
    (savepoint) => savepoint<{ id: string }[]>`
      insert into portfolios (name, base_currency, cost_basis_method, records_cash)
      values (${input.name}, ${input.baseCurrency}, ${input.costBasisMethod}, ${input.recordsCash})
      returning id
    `,
  )
  if (!created) throw new Error('insert returned no row')
  return findPortfolio(sql, created.id)
}

/**
 * Renames a portfolio, changes its cost method or switches on recording cash (figures are
 * computed, so nothing else moves).
 */
export async function updatePortfolio(
  sql: Sql,
  id: string,
  patch: PortfolioUpdate,
): Promise<Portfolio> {
  const updated = await sql`
    update portfolios set
      name = coalesce(${patch.name ?? null}, name),
      cost_basis_method = coalesce(${patch.costBasisMethod ?? null}, cost_basis_method),
      records_cash = records_cash or ${patch.recordsCash ?? false}
    where id = ${id}
    returning id
  `
  if (updated.length === 0) throw new ApiProblem('portfolio_not_found')
  return findPortfolio(sql, id)
}

/** Deletes a portfolio with its transactions. */
export async function deletePortfolio(sql: Sql, id: string): Promise<void> {
  const deleted = await sql`delete from portfolios where id = ${id} returning id`
  if (deleted.length === 0) throw new ApiProblem('portfolio_not_found')
}
