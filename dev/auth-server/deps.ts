import type postgres from 'postgres'
import type { Outbox } from '../outbox/outbox'
import type { AuthConfig } from './config'
import type { EmailTemplates } from './email-templates'
import type { AuthKeys } from './keys'

/**
 * What every endpoint group needs: the database, settings, signing keys, the project's email
 * templates and the mail outbox.
 */
export interface AuthDeps {
  sql: postgres.Sql
  config: AuthConfig
  keys: AuthKeys
  emailTemplates: EmailTemplates
  outbox: Outbox
}
