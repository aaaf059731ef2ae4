/**
 * Writes the plan limits of shared/pricing/plans.ts into a new migration when the newest
 * plan-limits migration no longer matches them (`npm run db:plan-limits`). Pushed migrations are
 * never edited: each change of the plans is a new, later file.
 *
 * `--version <YYYYMMDDHHMMSS>` names the new migration; by default it is now, or a second after
 * the newest migration if that is later.
 */
import { parseArgs } from 'node:util'
import { PLANS } from '../../shared/pricing/plans.ts'
import { writeGeneratedMigration } from './generated-migrations.ts'
import { renderPlanLimitsMigration } from './plan-limits-migration.ts'

const { values } = parseArgs({ options: { version: { type: 'string' } } })

writeGeneratedMigration({
  name: 'plan_limits',
  sql: renderPlanLimitsMigration(PLANS),
  source: 'shared/pricing/plans.ts',
  version: values.version,
})
