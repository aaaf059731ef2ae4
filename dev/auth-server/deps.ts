import type postgres from 'postgres'
import type { Outbox } from '../outbox/outbox'
import type { AuthConfig } from './config'
import type { AuthKeys } from './keys'

/** What every endpoint group needs: the database, settings, signing keys and the mail outbox. */
export interface AuthDeps {
  sql: postgres.Sql
  config: AuthConfig
  keys: AuthKeys
  outbox: Outbox
}
