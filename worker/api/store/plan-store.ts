import type postgres from 'postgres'
import type { PlanLimits } from '../../../shared/api/schemas'
import { planById, type Plan } from '../../../shared/pricing/plans'
import { ApiProblem } from '../api-problem'
import { postgresError } from '../api-error-response'

type Sql = postgres.TransactionSql

/** The caller's plan (free without a plan row). */
export async function callerPlan(sql: Sql): Promise<Plan> {
  const [row] = await sql<{ plan: Plan['id'] }[]>`select public.current_plan() as plan`
  return planById(row?.plan ?? 'free')
}

export function planLimitsOf(plan: Plan): PlanLimits {
  return {
    plan: plan.id,
    portfolios: plan.limits.portfolios,
    transactionsPerPortfolio: plan.limits.transactionsPerPortfolio,
  }
}

const PLAN_LIMIT_CODES = ['plan_limit_portfolios', 'plan_limit_transactions'] as const

/**
 * Runs an insert the database refuses past the caller's plan (triggers raise `P0001` with
 * `plan_limit_portfolios` or `plan_limit_transactions`) inside a savepoint, so the refusal can
 * name the limit: 403 with the plan's number in the message.
 */
export async function withinPlan<T>(sql: Sql, insert: (sql: Sql) => Promise<T>): Promise<T> {
  try {
    return (await sql.savepoint((savepoint) => insert(savepoint))) as T
  } catch (error) {
    const postgres = postgresError(error)
    const code = PLAN_LIMIT_CODES.find((limit) => postgres?.message === limit)
    if (postgres?.code !== 'P0001' || !code) throw error
    const { limits } = await callerPlan(sql)
    const limit =
      code === 'plan_limit_portfolios' ? limits.portfolios : limits.transactionsPerPortfolio
    throw new ApiProblem(code, { limit: limit ?? 0 })
  }
}
