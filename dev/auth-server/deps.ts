import type postgres from 'postgres'
import type { Outbox } from '../outbox/outbox'
import type { AuthConfig } from './config'
import type { EmailTemplates } from './email-templates'
import type { AuthKeys } from './keys'
import type { RateLimits } from './rate-limits'

/**
 * What every endpoint group needs: the database, settings, signing keys, the project's email
 * templates, the mail outbox and the attempt budgets.
 */
export interface AuthDeps {
  sql: postgres.Sql
  config: AuthConfig
  keys: AuthKeys
  emailTemplates: EmailTemplates
  outbox: Outbox
  limits: RateLimits
}
