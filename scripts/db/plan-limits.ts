/**
 * Writes the plan limits of client/pricing/plans.ts into a new migration when the newest
 * plan-limits migration no longer matches them (`npm run db:plan-limits`). Pushed migrations are
 * never edited: each change of the plans is a new, later file.
 *
 * `--version <YYYYMMDDHHMMSS>` names the new migration; by default it is now, or a second after
 * the newest migration if that is later.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { PLANS } from '../../client/pricing/plans.ts'
import { MIGRATIONS_DIR } from '../../dev/local-layout.ts'
import {
  newestPlanLimitsMigration,
  nextMigrationVersion,
  renderPlanLimitsMigration,
} from './plan-limits-migration.ts'

const { values } = parseArgs({ options: { version: { type: 'string' } } })
if (values.version !== undefined && !/^\d{14}$/.test(values.version)) {
  throw new Error(`--version ${values.version} is not YYYYMMDDHHMMSS`)
}

const files = readdirSync(MIGRATIONS_DIR)
const migration = renderPlanLimitsMigration(PLANS)
const newest = newestPlanLimitsMigration(files)

if (newest !== undefined && readFileSync(join(MIGRATIONS_DIR, newest), 'utf8') === migration) {
  console.log(`${newest} already matches client/pricing/plans.ts`)
} else {
  const version = values.version ?? nextMigrationVersion(files, new Date())
  if (newest !== undefined && `${version}_plan_limits.sql` <= newest) {
    throw new Error(`Version ${version} is not after ${newest}: the newest migration must win`)
  }
  const file = `${version}_plan_limits.sql`
  writeFileSync(join(MIGRATIONS_DIR, file), migration)
  console.log(`Wrote supabase/migrations/${file}`)
}
