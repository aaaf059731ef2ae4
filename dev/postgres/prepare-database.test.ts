import { describe, expect, it } from 'vitest'
import { migrationVersion } from './prepare-database'

describe('migrationVersion', () => {
  it('is the file name up to the first underscore, as the Supabase CLI records it', () => {
    expect(migrationVersion('20260101120000_portfolios.sql')).toBe('20260101120000')
    expect(migrationVersion('20260101120000_add_fx_rates_table.sql')).toBe('20260101120000')
  })
})
