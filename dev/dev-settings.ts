import { isAbsolute, join } from 'node:path'
import { DEV_VARS_FILE, LOCAL_DIR, LOCAL_PORTS, REPO_ROOT } from './local-layout'

/** Where the one-command runner keeps its state and listens; overridable for tests. */
export interface DevSettings {
  databaseUrl: string | undefined
  localDir: string
  devVarsFile: string
  ports: {
    auth: number
    postgres: number
    outbox: number
    market: number
    payments: number
    app: number
  }
}

type Env = Record<string, string | undefined>

const port = (value: string | undefined, fallback: number) => {
  const parsed = Number(value)
  return Number.isInteger(parsed) && parsed > 0 && parsed < 65536 ? parsed : fallback
}
const path = (value: string | undefined, fallback: string) =>
  !value ? fallback : isAbsolute(value) ? value : join(REPO_ROOT, value)

/**
 * `DATABASE_URL` (use that Postgres), `LOCAL_STATE_DIR` (default `.local`), `DEV_VARS_FILE`
 * (default `.dev.vars`), and `AUTH_PORT`, `POSTGRES_PORT`, `OUTBOX_PORT`, `MARKET_PORT`,
 * `PAYMENTS_PORT`, `APP_PORT`.
 */
export function devSettingsFromEnv(env: Env): DevSettings {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    localDir: path(env.LOCAL_STATE_DIR, LOCAL_DIR),
    devVarsFile: path(env.DEV_VARS_FILE, DEV_VARS_FILE),
    ports: {
      auth: port(env.AUTH_PORT, LOCAL_PORTS.auth),
      postgres: port(env.POSTGRES_PORT, LOCAL_PORTS.postgres),
      outbox: port(env.OUTBOX_PORT, LOCAL_PORTS.outbox),
      market: port(env.MARKET_PORT, LOCAL_PORTS.market),
      payments: port(env.PAYMENTS_PORT, LOCAL_PORTS.payments),
      app: port(env.APP_PORT, LOCAL_PORTS.app),
    },
  }
}

/**
 * The auth server's `AUTH_*` settings for a run, variables set for it winning: mail links go to
 * the app this run serves, on whatever port, and a server calling with the service key (the
 * app's worker) may name its visitor's address in `Sb-Forwarded-For`, as hosted "IP address
 * forwarding" allows.
 */
export function devAuthEnv(settings: DevSettings, env: Env): Env {
  return {
    AUTH_SITE_URL: `http://127.0.0.1:${settings.ports.app}`,
    AUTH_SECURITY_SB_FORWARDED_FOR_ENABLED: 'true',
    ...env,
  }
}
