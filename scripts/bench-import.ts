// Benchmark of the import API where it runs (not a test): the production worker build in workerd
// (Miniflare) against a temporary local backend. A Pro user uploads a generic CSV of 10,000
// transactions (50 catalog and own instruments, TRY and USD, one row a day) to
// `POST /api/portfolios/{id}/imports`: the preview (`dryRun=true`) and the commit (`dryRun=false`),
// each into an empty portfolio (the preview then runs every check: instruments, FX, the engine),
// and, for comparison, the preview of the same file again once it is written (all duplicates). Prints the median and slowest server time
// of each, request to response, database included, against the aim, and the CPU time workerd and
// Postgres spent per request (on a shared machine the wall time also holds waiting for a core;
// their sum is what an idle one would take).
// BENCH_IMPORT_FORMAT=trade_republic writes the file as Trade Republic's export instead (signed
// amounts, ISINs, savings plans in EUR), and times first what the dialog does in the browser with
// it: reading the table and detecting its preset.
// Run: npm run build && npm run bench:import (BENCH_IMPORT_ROWS=50000 for the largest import)
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { FormData, type Miniflare } from 'miniflare'
import postgres from 'postgres'
import type { ImportPreset } from '../shared/api/schemas/import.ts'
import { detectPreset, presetMapping } from '../shared/import/presets/index.ts'
import { readImportTable } from '../shared/import/read-table.ts'
import { startTemporaryBackend } from '../dev/testing/temporary-backend.ts'
import { createConfirmedUser, passwordAccessToken } from './bench-kit/auth-users.ts'
import { cpuMsOf } from './bench-kit/process-stats.ts'
import { requireWorkerBuild, startBuiltWorker } from './bench-kit/worker-build.ts'

process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false'
process.env.WRANGLER_SEND_METRICS = 'false'

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000)
// One row a day for 10,000 rows; more share the days, so every date stays before 2100.
const ROWS_PER_DAY = Math.ceil(ROWS / 10_000)
const RUNS = 5
const AIM_MS = 2_000
const FORMAT = process.env.BENCH_IMPORT_FORMAT ?? 'generic'
if (FORMAT !== 'generic' && FORMAT !== 'trade_republic') {
  throw new Error(`BENCH_IMPORT_FORMAT: generic or trade_republic, not ${FORMAT}`)
}

requireWorkerBuild()

interface ProcessRow {
  pid: string
  ppid: string
  args: string
}

function processes(): ProcessRow[] {
  return execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .flatMap((match) =>
      match ? [{ pid: match[1] ?? '', ppid: match[2] ?? '', args: match[3] ?? '' }] : [],
    )
}

/** The process ids of `roots` and everything below them. */
function withDescendants(rows: readonly ProcessRow[], roots: readonly string[]): string[] {
  const found = new Set(roots)
  for (let grew = true; grew;) {
    grew = false
    for (const row of rows) {
      if (found.has(row.ppid) && !found.has(row.pid)) {
        found.add(row.pid)
        grew = true
      }
    }
  }
  return [...found]
}

/** CPU time (user + system, ms) so far of this script's workerd and of the backend's Postgres. */
function cpuMs(postgresPort: string): { workerd: number; postgres: number } {
  const rows = processes()
  const mine = withDescendants(rows, [String(process.pid)])
  const workerd = mine.filter((pid) =>
    rows.find((row) => row.pid === pid)?.args.includes('workerd'),
  )
  // The postmaster (started with this backend's port) and the server processes it forks.
  const postmaster = rows.filter(
    (row) => row.args.includes('postgres') && row.args.includes(`-p ${postgresPort}`),
  )
  const roots = postmaster.map((row) => row.pid)
  const servers = withDescendants(rows, roots).filter((pid) => !roots.includes(pid))
  return {
    workerd: cpuMsOf(workerd),
    postgres: cpuMsOf(roots, true) + cpuMsOf(servers),
  }
}

interface Timing {
  wall: number
  workerd: number
  postgres: number
}

/** ROWS purchases from 1995, ROWS_PER_DAY a day, over the catalog's first 40 shares and 10 new codes. */
function csvOf(codes: readonly { code: string; currency: string }[]): string {
  const start = Date.parse('1995-01-02')
  const lines = ['Date,Type,Code,Name,Quantity,Price,Fee,Tax,Currency,FxRate,Note']
  for (let index = 0; index < ROWS; index++) {
    const day = Math.floor(index / ROWS_PER_DAY)
    const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10)
    const { code, currency } = codes[index % codes.length] as { code: string; currency: string }
    const fx = currency === 'TRY' ? '' : '30.5'
    lines.push(
      `${date},BUY,${code},,${(index % 9) + 1},${100 + (index % 37)}.25,1.5,0,${currency},${fx},`,
    )
  }
  return `${lines.join('\n')}\n`
}

/** The same purchases as Trade Republic exports them: EUR, the ISIN as symbol, signed amounts. */
function tradeRepublicCsvOf(isins: readonly string[]): string {
  const start = Date.parse('1995-01-02')
  const quote = (cells: string[]) => cells.map((cell) => `"${cell}"`).join(',')
  const lines = [
    quote(
      'datetime,date,account_type,category,type,asset_class,name,symbol,shares,price,amount,fee,tax,currency,original_amount,original_currency,fx_rate,description,transaction_id,counterparty_name,counterparty_iban,payment_reference,mcc_code'.split(
        ',',
      ),
    ),
  ]
  for (let index = 0; index < ROWS; index++) {
    const day = Math.floor(index / ROWS_PER_DAY)
    const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10)
    const isin = isins[index % isins.length] as string
    const shares = (index % 9) + 1
    const price = `${100 + (index % 37)}.25`
    const amount = (shares * (100 + (index % 37)) + shares * 0.25).toFixed(2)
    lines.push(
      quote([
        `${date}T10:00:00.000Z`,
        date,
        'DEFAULT',
        'TRADING',
        'BUY',
        'STOCK',
        `Share ${isin}`,
        isin,
        `${shares}.0000000000`,
        price,
        `-${amount}`,
        '-1.00',
        '',
        'EUR',
        '',
        '',
        '',
        `Savings plan execution ${isin}`,
        `bench-${index}`,
        '',
        '',
        '',
        '',
      ]),
    )
  }
  return `${lines.join('\n')}\n`
}

/** What the dialog does with the file in the browser before any request: table and preset. */
function timeInBrowserWork(file: string): { ms: number; preset: ImportPreset | null } {
  const bytes = new TextEncoder().encode(file)
  const timings: number[] = []
  let preset: ImportPreset | null = null
  for (let run = 0; run <= RUNS; run++) {
    const started = performance.now()
    const read = readImportTable(bytes, { encoding: 'auto', separator: 'auto' })
    if (!read.ok) throw new Error(`read: ${read.problem}`)
    preset = detectPreset(read.table)
    presetMapping(preset ?? 'generic', read.table.headers)
    if (run > 0) timings.push(performance.now() - started)
  }
  return { ms: median(timings), preset }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

const backend = await startTemporaryBackend()
const admin = postgres(backend.databaseUrl, { max: 1, onnotice: () => undefined })
let mf: Miniflare | undefined
try {
  const { supabaseUrl } = backend
  const postgresPort = new URL(backend.databaseUrl).port

  const { anonKey, serviceRoleKey } = backend.keys
  const email = 'bench-import@example.com'
  const password = 'bench-pass-1'
  const userId = await createConfirmedUser(supabaseUrl, serviceRoleKey, email, password)
  await admin`insert into public.user_plans (user_id, plan) values (${userId}, 'pro')`
  const token = await passwordAccessToken(supabaseUrl, anonKey, email, password)
  const catalog = await admin<{ code: string; currency: string; isin: string | null }[]>`
    select code, currency, isin from public.instruments
    where owner_id is null and exchange is not null and isin is not null
    order by code limit 40
  `
  const codes = [
    ...catalog,
    ...Array.from({ length: 10 }, (_, index) => ({ code: `BENCH${index}`, currency: 'TRY' })),
  ]
  const file =
    FORMAT === 'trade_republic'
      ? tradeRepublicCsvOf(catalog.map((instrument) => instrument.isin as string))
      : csvOf(codes)
  console.log(
    `File (${FORMAT}): ${ROWS.toLocaleString('en')} rows, ${(file.length / 1024).toFixed(0)} KB, ` +
      `${FORMAT === 'trade_republic' ? catalog.length : codes.length} instruments`,
  )
  const browser = timeInBrowserWork(file)
  console.log(
    `In the browser before the preview request (read, detect ${browser.preset}): ` +
      `median ${browser.ms.toFixed(0)} ms`,
  )

  mf = startBuiltWorker({
    bindings: {
      SUPABASE_URL: supabaseUrl,
      SUPABASE_ANON_KEY: anonKey,
      HYPERDRIVE: { connectionString: backend.databaseUrl },
      // The prices a commit fetches for the instruments it creates are the quote job's time,
      // not the import's: no provider answers here (a closed loopback port refuses at once).
      QUOTES_YAHOO_URL: 'http://127.0.0.1:9',
      QUOTES_YAHOO_SEARCH_URL: 'http://127.0.0.1:9',
      QUOTES_TEFAS_URL: 'http://127.0.0.1:9',
      QUOTES_COINGECKO_URL: 'http://127.0.0.1:9',
    },
    ratelimits: {
      API_WRITE_LIMITER: { namespace_id: '1001', simple: { limit: 10_000, period: 60 } },
      API_READ_LIMITER: { namespace_id: '1002', simple: { limit: 10_000, period: 60 } },
    },
  })
  const headers = { Authorization: `Bearer ${token}`, 'Accept-Language': 'en' }
  const newPortfolio = async (name: string) => {
    const response = await mf?.dispatchFetch('http://127.0.0.1/api/portfolios', {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name,
        baseCurrency: FORMAT === 'trade_republic' ? 'EUR' : 'TRY',
        costBasisMethod: 'FIFO',
        recordsCash: false,
      }),
    })
    if (response?.status !== 201) throw new Error(`portfolio: ${response?.status}`)
    return ((await response.json()) as { id: string }).id
  }
  const importInto = async (portfolio: string, dryRun: boolean) => {
    const form = new FormData()
    form.set('file', new Blob([file]), 'bench.csv')
    form.set('dryRun', String(dryRun))
    const cpuBefore = cpuMs(postgresPort)
    const started = performance.now()
    const response = await mf?.dispatchFetch(
      `http://127.0.0.1/api/portfolios/${portfolio}/imports`,
      {
        method: 'POST',
        headers,
        body: form,
      },
    )
    const body = (await response?.text()) ?? ''
    const wall = performance.now() - started
    const cpuAfter = cpuMs(postgresPort)
    const timing: Timing = {
      wall,
      workerd: cpuAfter.workerd - cpuBefore.workerd,
      postgres: cpuAfter.postgres - cpuBefore.postgres,
    }
    if (response?.status !== 200) {
      throw new Error(`import: ${response?.status} ${body.slice(0, 500)}`)
    }
    return {
      timing,
      result: JSON.parse(body) as { written: number; summary: { duplicates: number } },
    }
  }

  const empty = await newPortfolio('Preview')
  const previews: Timing[] = []
  for (let run = 0; run <= RUNS; run++) {
    const { timing, result } = await importInto(empty, true)
    if (result.written !== 0) throw new Error('a preview wrote')
    if (run > 0) previews.push(timing)
  }
  const commits: Timing[] = []
  let filled = ''
  // The first run of each warms the isolate (signing keys, code) and is not counted.
  for (let run = 0; run <= RUNS; run++) {
    const portfolio = await newPortfolio(`Commit ${run}`)
    const { timing, result } = await importInto(portfolio, false)
    if (result.written !== ROWS) throw new Error(`wrote ${result.written}`)
    if (run > 0) commits.push(timing)
    if (filled === '') filled = portfolio
    else await admin`delete from public.portfolios where id = ${portfolio}`
  }
  const again: Timing[] = []
  for (let run = 0; run < RUNS; run++) {
    const { timing, result } = await importInto(filled, true)
    if (result.summary.duplicates !== ROWS) {
      throw new Error(`${result.summary.duplicates} duplicates`)
    }
    again.push(timing)
  }
  const line = (what: string, timings: Timing[]) => {
    const wall = median(timings.map((timing) => timing.wall))
    const workerd = median(timings.map((timing) => timing.workerd))
    const postgres = median(timings.map((timing) => timing.postgres))
    const slowest = Math.max(...timings.map((timing) => timing.wall))
    const verdict = wall < AIM_MS ? 'met' : 'NOT met'
    return (
      `${what}: median ${wall.toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms ` +
      `(aim < ${AIM_MS} ms: ${verdict}); CPU per request: workerd ${workerd.toFixed(0)} ms, ` +
      `Postgres ${postgres.toFixed(0)} ms`
    )
  }
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
  console.log(`Load average of the machine while measuring: ${load}`)
  const rows = ROWS.toLocaleString('en')
  console.log(line(`Preview of ${rows} rows into an empty portfolio, ${RUNS} runs`, previews))
  console.log(line(`Commit of ${rows} rows into an empty portfolio, ${RUNS} runs`, commits))
  console.log(line(`Preview of the same ${rows} rows once written (all duplicates)`, again))
} finally {
  await mf?.dispose()
  await admin.end()
  await backend.stop()
}
