/**
 * SSR cost per page, measured in workerd: the built worker (`npm run build` first) runs in
 * Miniflare directly (wrangler dev's proxy would cap throughput), and each public page is
 * requested sequentially after a warm-up. Sequential wall time per request is an upper bound
 * on the worker's CPU time per request; a static file and robots.txt give the floor of the
 * same path through workerd. Prints figures; asserts nothing.
 */
import { startBuiltWorker } from './bench-kit/worker-build.ts'
import { EXPECTED_URLS } from '../shared/routes/route-fixtures.ts'
import { ROUTE_NAMES, routeAccess } from '../shared/routes/route-table.ts'

process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false'
process.env.WRANGLER_SEND_METRICS = 'false'

const WARMUP = 50
const RUNS = Number(process.env.BENCH_RUNS ?? 400)

const mf = startBuiltWorker({
  bindings: { SUPABASE_URL: 'http://127.0.0.1:54321', SITE_URL: 'https://kiymet.app' },
  assets: true,
})

const BASE = 'http://127.0.0.1'
const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36'

async function timeRequests(path: string, runs: number): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    const response = await mf.dispatchFetch(`${BASE}${path}`, {
      headers: { 'User-Agent': userAgent },
    })
    await response.arrayBuffer()
    times.push(performance.now() - start)
    if (i === 0 && response.status >= 500) throw new Error(`${path}: ${response.status}`)
  }
  return times
}

function summary(times: number[]): { mean: number; p50: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return { mean: times.reduce((sum, t) => sum + t, 0) / times.length, p50: at(0.5), p95: at(0.95) }
}

const targets: [string, string][] = [
  ['static file /favicon.svg', '/favicon.svg'],
  ['worker text /robots.txt', '/robots.txt'],
  ...ROUTE_NAMES.filter((name) => routeAccess(name) === 'public').flatMap((name) =>
    Object.entries(EXPECTED_URLS[name]).map(([locale, path]): [string, string] => [
      `${name} (${locale})`,
      path,
    ]),
  ),
  ['portfolios, signed out (tr)', EXPECTED_URLS.portfolios.tr],
  ['404 (en)', '/en/nope'],
]

console.log(
  `SSR in workerd (Miniflare), ${RUNS} sequential requests each after ${WARMUP} warm-up; ms per request`,
)
console.log(
  '"over floor" = p50 minus the p50 of robots.txt (the same trip through workerd, no React)',
)
console.log(
  `${'page'.padEnd(30)} ${'mean'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'over floor'.padStart(11)}`,
)
try {
  let floor = 0
  for (const [label, path] of targets) {
    await timeRequests(path, WARMUP)
    const { mean, p50, p95 } = summary(await timeRequests(path, RUNS))
    if (path === '/robots.txt') floor = p50
    const over = path.endsWith('.txt') || path.endsWith('.svg') ? '' : (p50 - floor).toFixed(2)
    console.log(
      `${label.padEnd(30)} ${mean.toFixed(2).padStart(7)} ${p50.toFixed(2).padStart(7)} ${p95.toFixed(2).padStart(7)} ${over.padStart(11)}`,
    )
  }
} finally {
  await mf.dispose()
}
