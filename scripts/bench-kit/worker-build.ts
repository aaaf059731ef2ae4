import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { convertV4MiniflareOptions, Miniflare, type Json } from 'miniflare'

/** The production worker build the benchmarks and the load script run in workerd. */
export const WORKER_DIR = fileURLToPath(new URL('../../dist/portfolio_tracker', import.meta.url))
export const WORKER_ENTRY = `${WORKER_DIR}/index.js`
const CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url))

/** Stops the script with a clear message when there is no build to run. */
export function requireWorkerBuild(): void {
  if (!existsSync(WORKER_ENTRY)) {
    console.error('No worker build: run `npm run build` first.')
    process.exit(1)
  }
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return jsFiles(path)
    return entry.name.endsWith('.js') ? [path] : []
  })
}

type RateLimit = { namespace_id: string; simple: { limit: number; period: 10 | 60 } }

export interface BuiltWorkerOptions {
  bindings: Record<string, Json>
  /** Rate Limiting bindings that replace the build's own of the same name (a bench's budget). */
  ratelimits?: Record<string, RateLimit>
  /** Serves dist/client through the assets binding (pages); without it the binding answers 404. */
  assets?: boolean
  port?: number
}

/** The build's own wrangler.json: what `wrangler deploy` would run the worker with. */
export function builtWorkerConfig(): {
  compatibility_date: string
  compatibility_flags?: string[]
  ratelimits?: ({ name: string } & RateLimit)[]
} {
  requireWorkerBuild()
  return JSON.parse(readFileSync(join(WORKER_DIR, 'wrangler.json'), 'utf8'))
}

/**
 * The built worker in Miniflare, as `wrangler deploy` would run it: its modules (the entry
 * first), and the compatibility date and flags of the build's own wrangler.json.
 */
export function startBuiltWorker(options: BuiltWorkerOptions): Miniflare {
  const config = builtWorkerConfig()
  // The API counts every caller as deployed; without its bindings it would answer 500.
  const ratelimits = {
    ...Object.fromEntries(
      (config.ratelimits ?? []).map(({ name, namespace_id, simple }) => [
        name,
        { namespace_id, simple },
      ]),
    ),
    ...options.ratelimits,
  }
  const modules = jsFiles(WORKER_DIR)
    .sort((a, b) => Number(b === WORKER_ENTRY) - Number(a === WORKER_ENTRY))
    .map((path) => ({ type: 'ESModule' as const, path }))
  const assets = options.assets
    ? {
        assets: {
          directory: CLIENT_DIR,
          binding: 'ASSETS',
          routerConfig: { has_user_worker: true },
        },
      }
    : { serviceBindings: { ASSETS: () => new Response('Not found', { status: 404 }) } }
  return new Miniflare(
    convertV4MiniflareOptions({
      modulesRoot: WORKER_DIR,
      modules,
      compatibilityDate: config.compatibility_date,
      compatibilityFlags: config.compatibility_flags ?? [],
      bindings: options.bindings,
      ratelimits,
      ...assets,
      cf: false,
      host: '127.0.0.1',
      ...(options.port ? { port: options.port } : {}),
    }),
  )
}

/** What of a local backend the site worker needs (dev/testing/temporary-backend.ts gives it). */
export interface SiteBackend {
  supabaseUrl: string
  databaseUrl: string
  keys: { anonKey: string }
}

/**
 * The built worker serving the whole site (pages, API and assets) on 127.0.0.1:`port` against a
 * local backend, ready; `supabaseUrl` when the worker is to reach the auth server another way.
 */
export async function startSiteWorker(
  backend: SiteBackend,
  port: number,
  supabaseUrl = backend.supabaseUrl,
): Promise<Miniflare> {
  const mf = startBuiltWorker({
    bindings: {
      SUPABASE_URL: supabaseUrl,
      SUPABASE_ANON_KEY: backend.keys.anonKey,
      SITE_URL: `http://127.0.0.1:${port}`,
      HYPERDRIVE: { connectionString: backend.databaseUrl },
    },
    assets: true,
    port,
  })
  await mf.ready
  return mf
}
