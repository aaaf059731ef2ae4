import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PLANS, type Plan } from '../../client/pricing/plans.ts'
import { MIGRATIONS_DIR } from '../../dev/local-layout.ts'
import {
  newestPlanLimitsMigration,
  nextMigrationVersion,
  renderPlanLimitsMigration,
} from './plan-limits-migration.ts'

describe('the plan-limits migration', () => {
  it('the newest one matches client/pricing/plans.ts (else run `npm run db:plan-limits`)', () => {
    const newest = newestPlanLimitsMigration(readdirSync(MIGRATIONS_DIR))
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
    expect(sql).toContain("('free', 1, 200)")
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

describe('naming a new migration', () => {
  const files = [
    '20261125000000_delete_my_account.sql',
    '20261126000100_plan_limits.sql',
    '20261126000200_fx_rates.sql',
    '20270301120000_plan_limits.sql',
  ]

  it('the newest plan-limits migration is the latest version, not the latest listed', () => {
    expect(newestPlanLimitsMigration([...files].reverse())).toBe('20270301120000_plan_limits.sql')
    expect(newestPlanLimitsMigration(['20261125000000_delete_my_account.sql'])).toBeUndefined()
  })

  it('is now when now is after every migration', () => {
    expect(nextMigrationVersion(files, new Date('2027-05-06T07:08:09.500Z'))).toBe('20270506070809')
  })

  it('follows the newest migration when that is later than now', () => {
    expect(nextMigrationVersion(files, new Date('2026-11-25T12:00:00Z'))).toBe('20270301120001')
    expect(nextMigrationVersion(['20261231235959_x.sql'], new Date('2026-01-01T00:00:00Z'))).toBe(
      '20270101000000',
    )
  })
})
