import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PLANS, type Plan } from '../../shared/pricing/plans.ts'
import { MIGRATIONS_DIR } from '../../dev/local-layout.ts'
import { newestMigration } from './generated-migrations.ts'
import { renderPlanLimitsMigration } from './plan-limits-migration.ts'

describe('the plan-limits migration', () => {
  it('the newest one matches shared/pricing/plans.ts (else run `npm run db:plan-limits`)', () => {
    const newest = newestMigration(readdirSync(MIGRATIONS_DIR), 'plan_limits')
    expect(newest).toBeDefined()
    const committed = readFileSync(join(MIGRATIONS_DIR, String(newest)), 'utf8')
    expect(committed).toBe(renderPlanLimitsMigration(PLANS))
  })

  it('carries every limit of every plan, an unlimited one as null', () => {
    const plans: Plan[] = PLANS.map((plan) =>
      plan.id === 'pro'
        ? { ...plan, limits: { portfolios: null, transactionsPerPortfolio: 7 } }
        : plan,
    )
    const sql = renderPlanLimitsMigration(plans)
    expect(sql).toContain("('free', 3, 2000)")
    expect(sql).toContain("('pro', null::integer, 7)")
    expect(sql).toContain("check (plan in ('free', 'pro'))")
    expect(sql).not.toBe(renderPlanLimitsMigration(PLANS))
  })

  it('needs the plan of users without a plan row', () => {
    expect(() => renderPlanLimitsMigration(PLANS.filter((plan) => plan.id !== 'free'))).toThrow(
      /no free plan/,
    )
  })
})
