// How long the nightly quote job takes for a real catalog's held instruments (not a test): 600
// Borsa Istanbul shares and 500 ETFs priced by Yahoo Finance and 2,000 TEFAS funds, all held,
// against the dev market server (the providers' formats) and a local Postgres. The providers'
// pacing (Yahoo Finance 500 ms, TEFAS 11 s between requests) is counted, not slept: each
// provider's run is its requests' pacing plus the time really spent (answers, parsing, storing).
// Prints both runs: the first, which fills a year for everything, and a nightly one (each
// instrument missing its newest close).
// Run: npm run bench:quotes
import postgres from 'postgres'
import { startTemporaryBackend } from '../dev/testing/temporary-backend.ts'
import { devMarketVars, startDevMarketServer } from '../dev/market/market-server.ts'
import { createConfirmedUser } from './bench-kit/auth-users.ts'
import {
  PROVIDER_BUDGET_MS,
  refreshQuotes,
  type QuotesJobEnv,
} from '../worker/quotes/refresh-quotes.ts'
import { tefasProvider } from '../worker/quotes/tefas-provider.ts'
import { yahooProvider } from '../worker/quotes/yahoo-provider.ts'

process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false'
process.env.WRANGLER_SEND_METRICS = 'false'

const SHARES = 600
const FUNDS = 2_000
const ETFS = 500
/** The aim: each provider's run within its budget, so one nightly run prices everything. */
const AIM_MS = PROVIDER_BUDGET_MS

/** A code of three letters or digits for the n-th fund (TEFAS codes are three characters). */
function fundCode(n: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
  return [0, 1, 2].map((place) => alphabet[Math.floor(n / 36 ** place) % 36]).join('')
}

async function seed(sql: postgres.Sql, userId: string): Promise<void> {
  await sql`insert into public.user_plans (user_id, plan) values (${userId}, 'pro')`
  const rows = [
    ...Array.from({ length: SHARES }, (_, n) => {
      const code = `BIS${String(n).padStart(3, '0')}`
      return { code, type: 'STOCK', currency: 'TRY', provider: 'yahoo', symbol: `${code}.IS` }
    }),
    ...Array.from({ length: ETFS }, (_, n) => {
      const code = `ETF${String(n).padStart(3, '0')}`
      return { code, type: 'ETF', currency: 'EUR', provider: 'yahoo', symbol: `${code}.DE` }
    }),
    ...Array.from({ length: FUNDS }, (_, n) => {
      const code = `F${fundCode(n)}`
      return { code, type: 'FUND', currency: 'TRY', provider: 'tefas', symbol: fundCode(n) }
    }),
  ]
  await sql`
    insert into public.instruments
      (owner_id, code, name, type, currency, exchange, price_provider, price_symbol)
    select null, r.code, 'Bench ' || r.code, r.type, r.currency, 'BENCH', r.provider, r.symbol
    from jsonb_to_recordset(${sql.json(rows)})
      as r(code text, type text, currency text, provider text, symbol text)
  `
  // Held: each in one of four portfolios (the plan's limit is per portfolio).
  await sql`
    with made as (
      insert into public.portfolios (user_id, name, base_currency, cost_basis_method, records_cash)
      select ${userId}, 'Bench ' || n, 'TRY', 'FIFO', false from generate_series(1, 4) n
      returning id
    ), numbered as (
      select id, row_number() over (order by id) - 1 as n from made
    )
    insert into public.transactions
      (portfolio_id, user_id, type, trade_date, currency, fx_rate, quantity, unit_price, instrument_id)
    select p.id, ${userId}, 'BUY', current_date - 300, i.currency, 1, 1, 1, i.id
    from (select id, currency, row_number() over (order by id) as k
      from public.instruments where exchange = 'BENCH') i
    join numbered p on p.n = i.k % 4
  `
}

/**
 * One run of the job, provider by provider (they run side by side in the worker, so the run
 * takes as long as the slowest): requests, rows, pacing on a clock that moves by the waits, and
 * the time really spent.
 */
async function run(env: QuotesJobEnv, now: Date, label: string): Promise<number> {
  console.log(`\n${label}`)
  let slowest = 0
  for (const provider of [yahooProvider, tefasProvider]) {
    let paced = 0
    const started = performance.now()
    const [result] = await refreshQuotes(env, now, {
      providers: [provider],
      http: {
        sleep: async (ms) => {
          paced += ms
        },
        now: () => Date.now() + paced,
      },
    })
    const real = performance.now() - started
    slowest = Math.max(slowest, paced + real)
    console.log(
      `  ${provider.name.padEnd(6)} ${String(result?.requested ?? 0).padStart(5)} asked, ` +
        `${String(result?.changed ?? 0).padStart(7)} rows, ${(paced / 60_000).toFixed(1)} min of ` +
        `pacing, ${(real / 1000).toFixed(1)} s really spent` +
        (result?.error ? `; error ${result.error.code}: ${result.error.message}` : ''),
    )
  }
  return slowest
}

const backend = await startTemporaryBackend()
// The stand-in's every-fund list holds the funds it is told of, as TEFAS's holds all of them.
const fundCodes = Array.from({ length: FUNDS }, (_, n) => fundCode(n))
const market = await startDevMarketServer(0, undefined, fundCodes)
const admin = postgres(backend.databaseUrl, { max: 1, onnotice: () => undefined })
try {
  const userId = await createConfirmedUser(
    backend.supabaseUrl,
    backend.keys.serviceRoleKey,
    'bench-quotes@example.com',
    'bench-pass-1',
  )
  console.log(`Seeding ${SHARES} shares, ${ETFS} ETFs and ${FUNDS} funds, all held…`)
  await seed(admin, userId)
  const env = {
    HYPERDRIVE: { connectionString: backend.databaseUrl },
    ...devMarketVars(market.url),
  }
  const now = new Date()
  const total = await run(env, now, 'First run: a year of every instrument')
  // A night later one close is missing from each: the newest is taken out and the job run again.
  await admin`
    delete from public.prices p using (
      select instrument_id, max(price_date) as newest from public.prices group by instrument_id
    ) n
    where p.instrument_id = n.instrument_id and p.price_date = n.newest
  `
  await run(env, now, 'A night later: the newest day of each')
  console.log(
    `\nAim: each provider's run within ${AIM_MS / 60_000} min. The slowest of the first run: ` +
      `${(total / 60_000).toFixed(1)} min (pacing plus all the time really spent). ` +
      (total <= AIM_MS ? 'Met.' : 'Not met.'),
  )
} finally {
  await admin.end()
  await market.close()
  await backend.stop()
}
