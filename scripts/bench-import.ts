// Benchmark of the import API where it runs (not a test): the production worker build in workerd
// (Miniflare) against a temporary local backend. A Pro user uploads a generic CSV of 10,000
// transactions (50 catalog and own instruments, TRY and USD, one row a day) to
// `POST /api/portfolios/{id}/imports`: the preview (`dryRun=true`) and the commit (`dryRun=false`),
// each into an empty portfolio (the preview then runs every check: instruments, FX, the engine),
// and, for comparison, the preview of the same file again once it is written (all duplicates). Prints the median and slowest server time
// of each, request to response, database included, against the aim.
// Run: npm run build && npm run bench:import
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { FormData, Miniflare } from 'miniflare'
import postgres from 'postgres'
import { startTemporaryBackend } from '../dev/testing/temporary-backend.ts'

process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false'
process.env.WRANGLER_SEND_METRICS = 'false'

const ROWS = 10_000
const RUNS = 5
const AIM_MS = 2_000
const WORKER = fileURLToPath(new URL('../dist/portfolio_tracker/index.js', import.meta.url))

if (!existsSync(WORKER)) {
  console.error('No worker build: run `npm run build` first.')
  process.exit(1)
}

async function authCall(url: string, key: string, body: unknown, bearer = key) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as { id?: string; access_token?: string }
}

/** 10,000 purchases, one a day from 1995, over the catalog's first 40 shares and 10 new codes. */
function csvOf(codes: readonly { code: string; currency: string }[]): string {
  const start = Date.parse('1995-01-02')
  const lines = ['Date,Type,Code,Name,Quantity,Price,Fee,Tax,Currency,FxRate,Note']
  for (let index = 0; index < ROWS; index++) {
    const date = new Date(start + index * 86_400_000).toISOString().slice(0, 10)
    const { code, currency } = codes[index % codes.length] as { code: string; currency: string }
    const fx = currency === 'TRY' ? '' : '30.5'
    lines.push(
      `${date},BUY,${code},,${(index % 9) + 1},${100 + (index % 37)}.25,1.5,0,${currency},${fx},`,
    )
  }
  return `${lines.join('\n')}\n`
}

function median(timings: number[]): number {
  const sorted = [...timings].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

const backend = await startTemporaryBackend()
const admin = postgres(backend.databaseUrl, { max: 1, onnotice: () => undefined })
let mf: Miniflare | undefined
try {
  const { supabaseUrl } = backend
  const { anonKey, serviceRoleKey } = backend.keys
  const email = 'bench-import@example.com'
  const password = 'bench-pass-1'
  const user = await authCall(`${supabaseUrl}/auth/v1/admin/users`, serviceRoleKey, {
    email,
    password,
    email_confirm: true,
  })
  await admin`insert into public.user_plans (user_id, plan) values (${user.id as string}, 'pro')`
  const { access_token: token } = await authCall(
    `${supabaseUrl}/auth/v1/token?grant_type=password`,
    anonKey,
    { email, password },
  )
  const catalog = await admin<{ code: string; currency: string }[]>`
    select code, currency from public.instruments where owner_id is null and exchange is not null
    order by code limit 40
  `
  const codes = [
    ...catalog,
    ...Array.from({ length: 10 }, (_, index) => ({ code: `BENCH${index}`, currency: 'TRY' })),
  ]
  const file = csvOf(codes)
  console.log(
    `File: ${ROWS.toLocaleString('en')} rows, ${(file.length / 1024).toFixed(0)} KB, ` +
      `${codes.length} instruments`,
  )

  mf = new Miniflare({
    scriptPath: WORKER,
    modules: true,
    modulesRules: [{ type: 'ESModule', include: ['**/*.js'] }],
    compatibilityDate: '2026-07-01',
    compatibilityFlags: ['nodejs_compat'],
    bindings: {
      SUPABASE_URL: supabaseUrl,
      SUPABASE_ANON_KEY: anonKey,
      HYPERDRIVE: { connectionString: backend.databaseUrl },
    },
    ratelimits: {
      API_WRITE_LIMITER: { simple: { limit: 10_000, period: 60 } },
      API_READ_LIMITER: { simple: { limit: 10_000, period: 60 } },
    },
    serviceBindings: { ASSETS: () => new Response('Not found', { status: 404 }) },
    cf: false,
    host: '127.0.0.1',
  })
  const headers = { Authorization: `Bearer ${token as string}`, 'Accept-Language': 'en' }
  const newPortfolio = async (name: string) => {
    const response = await mf?.dispatchFetch('http://bench.local/api/portfolios', {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name,
        baseCurrency: 'TRY',
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
    const started = performance.now()
    const response = await mf?.dispatchFetch(
      `http://bench.local/api/portfolios/${portfolio}/imports`,
      {
        method: 'POST',
        headers,
        body: form,
      },
    )
    const body = (await response?.text()) ?? ''
    const elapsed = performance.now() - started
    if (response?.status !== 200)
      throw new Error(`import: ${response?.status} ${body.slice(0, 500)}`)
    return {
      elapsed,
      result: JSON.parse(body) as { written: number; summary: { duplicates: number } },
    }
  }

  const empty = await newPortfolio('Preview')
  const previews: number[] = []
  for (let run = 0; run <= RUNS; run++) {
    const { elapsed, result } = await importInto(empty, true)
    if (result.written !== 0) throw new Error('a preview wrote')
    if (run > 0) previews.push(elapsed)
  }
  const commits: number[] = []
  let filled = ''
  // The first run of each warms the isolate (signing keys, code) and is not counted.
  for (let run = 0; run <= RUNS; run++) {
    const portfolio = await newPortfolio(`Commit ${run}`)
    const { elapsed, result } = await importInto(portfolio, false)
    if (result.written !== ROWS) throw new Error(`wrote ${result.written}`)
    if (run > 0) commits.push(elapsed)
    if (filled === '') filled = portfolio
    else await admin`delete from public.portfolios where id = ${portfolio}`
  }
  const again: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const { elapsed, result } = await importInto(filled, true)
    if (result.summary.duplicates !== ROWS)
      throw new Error(`${result.summary.duplicates} duplicates`)
    again.push(elapsed)
  }
  const line = (what: string, timings: number[]) => {
    const value = median(timings)
    const verdict = value < AIM_MS ? 'met' : 'NOT met'
    return `${what}: median ${value.toFixed(0)} ms, slowest ${Math.max(...timings).toFixed(0)} ms (aim < ${AIM_MS} ms: ${verdict})`
  }
  const rows = ROWS.toLocaleString('en')
  console.log(line(`Preview of ${rows} rows into an empty portfolio, ${RUNS} runs`, previews))
  console.log(line(`Commit of ${rows} rows into an empty portfolio, ${RUNS} runs`, commits))
  console.log(line(`Preview of the same ${rows} rows once written (all duplicates)`, again))
} finally {
  await mf?.dispose()
  await admin.end()
  await backend.stop()
}
