import { describe, expect, it } from 'vitest'
import { newestMigration, nextMigrationVersion } from './generated-migrations.ts'

describe('naming a new migration', () => {
  const files = [
    '20261125000000_delete_my_account.sql',
    '20261126000100_plan_limits.sql',
    '20261126000200_fx_rates.sql',
    '20270301120000_plan_limits.sql',
  ]

  it('the newest of a name is the latest version, not the latest listed', () => {
    expect(newestMigration([...files].reverse(), 'plan_limits')).toBe(
      '20270301120000_plan_limits.sql',
    )
    expect(newestMigration(['20261125000000_delete_my_account.sql'], 'plan_limits')).toBeUndefined()
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
