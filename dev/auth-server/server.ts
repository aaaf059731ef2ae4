import { serve, type ServerType } from '@hono/node-server'
import postgres from 'postgres'
import type { Outbox } from '../outbox/outbox'
import { assertPortFree } from '../ports'
import { createAuthApp } from './app'
import { authConfigFromEnv, type AuthConfig } from './config'
import { loadEmailTemplates } from './email-templates'
import type { AuthKeys } from './keys'
import { createRateLimits } from './rate-limits'

export interface RunningHttpServer {
  url: string
  stop(): Promise<void>
}

export interface AuthServerOptions {
  databaseUrl: string
  port: number
  keys: AuthKeys
  outbox: Outbox
  /** `AUTH_*` settings (see config.ts); defaults apply to anything missing. */
  env?: Record<string, string | undefined>
  configure?: (config: AuthConfig) => AuthConfig
}

/** Listens on 127.0.0.1; `url` is the Supabase project URL (the API is under /auth/v1). */
export async function startAuthServer(options: AuthServerOptions): Promise<RunningHttpServer> {
  await assertPortFree(options.port, 'auth server')
  const url = `http://127.0.0.1:${options.port}`
  const config = authConfigFromEnv(`${url}/auth/v1`, options.env ?? {})
  const emailTemplates = loadEmailTemplates()
  const sql = postgres(options.databaseUrl, {
    max: 5,
    connect_timeout: 10,
    idle_timeout: 30,
    onnotice: () => undefined,
  })
  const configured = options.configure ? options.configure(config) : config
  const app = createAuthApp({
    sql,
    config: configured,
    keys: options.keys,
    emailTemplates,
    outbox: options.outbox,
    limits: createRateLimits(configured, options.keys),
  })
  const server = await listen(app.fetch, options.port)
  return {
    url,
    stop: async () => {
      await closeServer(server)
      await sql.end({ timeout: 5 })
    },
  }
}

export function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  port: number,
): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname: '127.0.0.1' }, () => resolve(server))
    server.once('error', reject)
  })
}

export function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    if ('closeAllConnections' in server) server.closeAllConnections()
    server.close(() => resolve())
  })
}
