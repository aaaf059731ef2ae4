// Benchmark of the portfolio engine where it runs (not a test): 10,000 and 100,000 transactions
// over 100 instruments with 5 years of daily prices, analyzed inside workerd (Miniflare), then in
// Node with a 128 MB heap. Prints, per size: holdings + totals (and how much longer the same pass
// takes with the derivation recorded, aim ≤ 10 %), the daily series, and TWR + MWR over one year
// (median wall time and CPU time per run), and the memory workerd used.
// Run: npm run bench:portfolio
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { convertV4MiniflareOptions, Miniflare } from 'miniflare'
import { build } from 'vite'
import { PARTS, line, recordingCost } from './portfolio-bench/measure.ts'
import type { Part, Runs } from './portfolio-bench/measure.ts'
import { SIZES } from './portfolio-bench/sizes.ts'

process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false'
process.env.WRANGLER_SEND_METRICS = 'false'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const outDir = mkdtempSync(join(tmpdir(), 'bench-portfolio-'))
await build({
  configFile: false,
  logLevel: 'warn',
  build: {
    outDir,
    emptyOutDir: true,
    minify: false,
    lib: { entry: here('./portfolio-bench/worker.ts'), formats: ['es'], fileName: 'worker' },
  },
})

/** The workerd processes Miniflare started: this process's children. */
function workerdPids(): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], {
    encoding: 'utf8',
  })
  return out
    .split('\n')
    .filter((row) => row.includes('workerd'))
    .map((row) => Number(row.trim().split(/\s+/)[0]))
}

/** CPU time the processes used so far, in milliseconds (user + system, from /proc). */
function cpuMilliseconds(pids: readonly number[]): number {
  const ticksPerSecond = 100
  return pids.reduce((total, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return total + ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond
  }, 0)
}

/** A /proc/<pid>/status figure in MB, summed over the processes. */
function memory(pids: readonly number[], field: 'VmHWM' | 'VmRSS'): number {
  return pids.reduce((total, pid) => {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    )
    return total + Number(match?.[1] ?? 0) / 1024
  }, 0)
}

const mf = new Miniflare(
  convertV4MiniflareOptions({
    modulesRoot: outDir,
    modules: [{ type: 'ESModule', path: join(outDir, 'worker.js') }],
    compatibilityDate: '2026-07-01',
    cf: false,
    host: '127.0.0.1',
  }),
)
try {
  const ask = async (path: string) => (await mf.dispatchFetch(`http://bench.local${path}`)).text()
  await ask('/prepare?transactions=0')
  const pids = workerdPids()
  console.log(
    `In workerd (Miniflare); workerd resident memory before the data: ` +
      `${memory(pids, 'VmRSS').toFixed(0)} MB (local workerd does not cap an isolate's heap, ` +
      `which V8 then grows lazily: the Node run below, capped at 128 MB, shows what fits)`,
  )
  for (const { transactions, runs: count } of SIZES) {
    await ask(`/prepare?transactions=${transactions}`)
    console.log(`${transactions.toLocaleString('en')} transactions`)
    const measured: Partial<Record<Part, Runs>> = {}
    for (const part of Object.keys(PARTS) as Part[]) {
      await ask(`/run?part=${part}&runs=1`)
      const before = cpuMilliseconds(pids)
      const runs = JSON.parse(await ask(`/run?part=${part}&runs=${count}`)) as Runs
      measured[part] = runs
      console.log(line(part, runs, (cpuMilliseconds(pids) - before) / count))
    }
    if (measured.holdings && measured.explained) {
      console.log(recordingCost(measured.holdings, measured.explained))
    }
    console.log(`  workerd peak resident memory so far ${memory(pids, 'VmHWM').toFixed(0)} MB`)
  }
} finally {
  await mf.dispose()
  rmSync(outDir, { recursive: true, force: true })
}

const node = spawnSync(
  process.execPath,
  ['--max-heap-size=128', '--import', 'tsx', here('./portfolio-bench/in-node.ts')],
  { stdio: 'inherit' },
)
process.exitCode = node.status ?? 1
