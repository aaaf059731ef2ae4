import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from './local-layout'

export interface RunningApp {
  url: string
  /** Settles when the app's process group has exited. */
  exited: Promise<number | null>
  stop(): Promise<void>
  /** Last resort from a synchronous `exit` handler. */
  killNow(): void
}

const STOP_GRACE_MS = 5_000

/**
 * The Vite dev server with the worker in workerd, in its own process group so stopping it stops
 * workerd too. Its Hyperdrive binding points at `databaseUrl`.
 */
export function startApp(options: { port: number; databaseUrl: string }): RunningApp {
  if (!existsSync(join(REPO_ROOT, 'vite.config.ts'))) {
    throw new Error('The app cannot start: vite.config.ts does not exist yet.')
  }
  const child: ChildProcess = spawn(
    join(REPO_ROOT, 'node_modules', '.bin', 'vite'),
    ['dev', '--host', '127.0.0.1', '--port', String(options.port), '--strictPort'],
    {
      cwd: REPO_ROOT,
      detached: true,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        CLOUDFLARE_HYPERDRIVE_LOCAL_CONNECTION_STRING_HYPERDRIVE: options.databaseUrl,
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        WRANGLER_SEND_METRICS: 'false',
      },
    },
  )
  const pid = child.pid
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code))
    child.once('error', () => resolve(null))
  })
  const signalGroup = (signal: NodeJS.Signals) => {
    if (pid === undefined) return
    try {
      process.kill(-pid, signal)
    } catch {
      // The group is already gone.
    }
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    exited,
    killNow: () => signalGroup('SIGKILL'),
    stop: async () => {
      signalGroup('SIGTERM')
      const graceful = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STOP_GRACE_MS)),
      ])
      // workerd may outlive vite by a moment; nothing of the group may survive.
      signalGroup('SIGKILL')
      if (!graceful) await exited
    },
  }
}

/** Resolves once `url` answers HTTP at all; rejects after `timeoutMs` or if `abort` settles. */
export async function waitForHttp(
  url: string,
  timeoutMs: number,
  abort: Promise<unknown>,
): Promise<void> {
  let aborted = false
  void abort.then(() => (aborted = true))
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (aborted) throw new Error(`The process serving ${url} exited before it answered.`)
    try {
      await fetch(url, { signal: AbortSignal.timeout(5_000) })
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s.`)
}
