import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CURRENCIES } from '../../shared/api/schemas/currencies.ts'
import { MIGRATIONS_DIR } from '../../dev/local-layout.ts'
import { CURRENCY_COLUMNS, renderCurrenciesMigration } from './currencies-migration.ts'
import { newestMigration } from './generated-migrations.ts'

describe('the currencies migration', () => {
  it('the newest one matches shared/api/schemas/currencies.ts (else run `npm run db:currencies`)', () => {
    const newest = newestMigration(readdirSync(MIGRATIONS_DIR), 'currencies')
    expect(newest).toBeDefined()
    const committed = readFileSync(join(MIGRATIONS_DIR, String(newest)), 'utf8')
    expect(committed).toBe(renderCurrenciesMigration(CURRENCIES))
  })

  it('lists exactly the given codes and checks every currency column', () => {
    const sql = renderCurrenciesMigration(['EUR', 'TRY', 'USD'])
    expect(sql).toContain("select code in (\n    'EUR', 'TRY', 'USD'\n  )")
    for (const { table, column } of CURRENCY_COLUMNS) {
      expect(sql).toContain(
        `add constraint ${table}_${column}_check check (public.is_currency(${column}));`,
      )
    }
    expect(sql).not.toBe(renderCurrenciesMigration(CURRENCIES))
  })

  it('refuses a code that is not three capital letters', () => {
    expect(() => renderCurrenciesMigration(['EUR', "X'); drop table x; --"])).toThrow(
      /three capital letters/,
    )
  })
})
