/**
 * Writes the currencies of shared/api/schemas/currencies.ts into a new migration when the newest
 * currencies migration no longer matches them (`npm run db:currencies`). Pushed migrations are
 * never edited: each change of the list is a new, later file.
 *
 * `--version <YYYYMMDDHHMMSS>` names the new migration; by default it is now, or a second after
 * the newest migration if that is later.
 */
import { parseArgs } from 'node:util'
import { CURRENCIES } from '../../shared/api/schemas/currencies.ts'
import { renderCurrenciesMigration } from './currencies-migration.ts'
import { writeGeneratedMigration } from './generated-migrations.ts'

const { values } = parseArgs({ options: { version: { type: 'string' } } })

writeGeneratedMigration({
  name: 'currencies',
  sql: renderCurrenciesMigration(CURRENCIES),
  source: 'shared/api/schemas/currencies.ts',
  version: values.version,
})
