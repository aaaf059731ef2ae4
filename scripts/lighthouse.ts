/**
 * Prints Lighthouse's figures (default mobile settings: emulated phone, 4× CPU slowdown, simulated
 * 150 ms RTT / 1.6 Mbps) for every public page and, signed in, the portfolio list and a
 * portfolio's screen, each in every language, from the production build served on loopback.
 * Builds nothing: run `npm run build` first. Prints, never asserts: timings depend on the machine
 * (and its load), so each page is measured several times and the median of each figure is shown.
 *
 * The build is served with a temporary backend (dev/testing/serve-with-backend.ts, as the browser
 * tests have it); a new user is signed in through the app and given a small portfolio
 * (dev/testing/seed-portfolio.ts), and Lighthouse sends that session's Cookie header. A bare
 * React page streamed from a worker of its own (scripts/bench-kit/bare-react-page.tsx) is
 * measured in the same run, and the script ends with the aims of docs/performance.md that these
 * figures decide, met or not.
 *
 *   npm run lighthouse                       serves the build on port 4617
 *   LIGHTHOUSE_PORT=4700 npm run lighthouse  another port
 *   LIGHTHOUSE_RUNS=5 npm run lighthouse     runs per page (default 3)
 *   LIGHTHOUSE_ORIGIN=http://127.0.0.1:4617 npm run lighthouse   a server already running:
 *                                            public pages only (no backend to make a user in)
 *   CHROME_PATH=/usr/bin/chromium            the browser (Chrome or Chromium)
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { findFreePort } from '../dev/ports.ts'
import { backendInfoFile, readBackendInfo, REPO_ROOT } from '../dev/testing/backend-info.ts'
import { seedPortfolio } from '../dev/testing/seed-portfolio.ts'
import { LOCALE_CODES } from '../shared/i18n/locales.ts'
import { buildPath } from '../shared/routes/build-path.ts'
import { HEADLESS_ARGS } from '../tests/e2e/find-chromium.ts'
import { createConfirmedUser, signInThroughApp } from './bench-kit/auth-users.ts'
import { startBareReactWorker } from './bench-kit/bare-react-worker.ts'

const PUBLIC_PAGES = ['home', 'pricing', 'privacy', 'terms'] as const

const port = Number(process.env.LIGHTHOUSE_PORT ?? 4617)
const origin = process.env.LIGHTHOUSE_ORIGIN ?? `http://127.0.0.1:${port}`
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3)

/** Waits until the app answers and the backend's URLs and keys are written. */
async function waitForServer(server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (server.exitCode !== null) throw new Error(`The app's server exited (${server.exitCode})`)
    try {
      if (existsSync(backendInfoFile(port)) && (await fetch(`${origin}/`)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${origin}/ did not answer`)
}

/** The build in `vite preview` with a temporary backend; SIGTERM stops both (see stop). */
async function startServer(): Promise<ChildProcess> {
  // Node itself (not the tsx CLI, which adds a process that relays signals).
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', 'dev/testing/serve-with-backend.ts', String(port)],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
    },
  )
  try {
    await waitForServer(server)
  } catch (error) {
    await stop(server)
    throw error
  }
  return server
}

/** Stops the server and waits for it: it stops the preview and Postgres and removes their files. */
async function stop(server: ChildProcess | null): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGTERM')
  await exited
}

interface Page {
  /** What the table shows: the path, a portfolio's id as `{id}`. */
  label: string
  /** Where it is served: the app's origin unless said. */
  origin?: string
  path: string
  /** The signed-in user's session, for a private screen. */
  cookie?: string
}

/** A new user signed in through the app with the seeded portfolio: its two screens per language. */
async function signedInPages(): Promise<Page[]> {
  const backend = readBackendInfo(port)
  const email = `lighthouse-${randomUUID().slice(0, 8)}@example.com`
  const password = `lighthouse-${randomUUID()}`
  await createConfirmedUser(backend.supabaseUrl, backend.serviceRoleKey, email, password)
  const cookie = await signInThroughApp(origin, email, password)
  const { portfolioId: id } = await seedPortfolio({ appUrl: origin, cookie })
  return LOCALE_CODES.flatMap((locale) =>
    [buildPath('portfolios', locale), buildPath('portfolio', locale, { id })].map((path) => ({
      label: path.replace(id, '{id}'),
      path,
      cookie,
    })),
  )
}

const FIGURES = ['fcp', 'lcp', 'tbt', 'cls', 'score'] as const
type Figures = Record<(typeof FIGURES)[number], number>

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return Number.NaN // every run failed
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

async function measure(url: string, port: number, cookie?: string): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    onlyCategories: ['performance'],
    logLevel: 'error',
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  })
  if (!result) throw new Error(`No Lighthouse result for ${url}`)
  const { audits, categories, runtimeError, finalDisplayedUrl } = result.lhr
  if (runtimeError) throw new Error(`${runtimeError.code} ${runtimeError.message}`)
  // A lost session sends a private screen to sign-in: that page's figures are not the screen's.
  if (finalDisplayedUrl !== url) throw new Error(`Ended at ${finalDisplayedUrl}, not ${url}`)
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN
  return {
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    score: (categories.performance?.score ?? Number.NaN) * 100,
  }
}

const BARE_PAGE = 'bare React page'
const server = process.env.LIGHTHOUSE_ORIGIN ? null : await startServer()
const bare = await startBareReactWorker(await findFreePort())
const rows: (Figures & { page: string; runs: number })[] = []
try {
  const pages: Page[] = [
    { label: BARE_PAGE, origin: (await bare.mf.ready).origin, path: '/' },
    // Signed in first: the session's access token lasts an hour, the whole run may take longer.
    ...(server ? await signedInPages() : []),
    ...LOCALE_CODES.flatMap((locale) =>
      PUBLIC_PAGES.map((name) => ({
        label: buildPath(name, locale),
        path: buildPath(name, locale),
      })),
    ),
  ]
  const chrome = await chromeLauncher.launch({ chromeFlags: HEADLESS_ARGS })
  try {
    for (const { label, path, cookie, origin: pageOrigin = origin } of pages) {
      const url = `${pageOrigin}${path}`
      // The first request of a page renders it cold in the local runtime: not a visitor's figure.
      const warm = await fetch(url, {
        headers: cookie ? { Cookie: cookie } : {},
        redirect: 'manual',
      })
      if (warm.status !== 200) throw new Error(`${path} answered ${warm.status}`)
      const results: Figures[] = []
      // Lighthouse now and then fails to record a trace (NO_NAVSTART): that run is left out and
      // another made, up to twice the runs in all.
      for (let attempt = 1; results.length < runs && attempt <= 2 * runs; attempt++) {
        await measure(url, chrome.port, cookie).then(
          (figures) => results.push(figures),
          (error: unknown) => console.error(`${label}, attempt ${attempt}: ${String(error)}`),
        )
      }
      const medians = Object.fromEntries(
        FIGURES.map((figure) => [figure, median(results.map((result) => result[figure]))]),
      ) as Figures
      rows.push({ page: label, ...medians, runs: results.length })
      console.error(`measured ${label}`)
    }
  } finally {
    chrome.kill()
  }
} finally {
  await bare.stop()
  await stop(server)
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
console.log(`Lighthouse, default mobile settings (simulated throttling), median of ${runs} runs:`)
console.log(
  `  ${'page'.padEnd(34)}${'FCP'.padStart(8)}${'LCP'.padStart(8)}${'TBT'.padStart(8)}${'CLS'.padStart(7)}${'score'.padStart(7)}`,
)
for (const row of rows) {
  // A page short of runs says how many its medians come from.
  const short = row.runs < runs ? `  (${row.runs} of ${runs} runs)` : ''
  console.log(
    `  ${row.page.padEnd(34)}${seconds(row.fcp).padStart(8)}${seconds(row.lcp).padStart(8)}${`${Math.round(row.tbt)} ms`.padStart(8)}${row.cls.toFixed(3).padStart(7)}${String(Math.round(row.score)).padStart(7)}${short}`,
  )
}
if (!server) {
  console.log(
    'Signed-in screens not measured: LIGHTHOUSE_ORIGIN names a server this script did not start, ' +
      'so there is no backend to make a user in.',
  )
}

const aim = (text: string, met: boolean) => console.log(`${met ? 'MET    ' : 'NOT MET'} ${text}`)
const bareRow = rows.find((row) => row.page === BARE_PAGE)
const publicRows = rows.filter((row) =>
  PUBLIC_PAGES.some((name) => LOCALE_CODES.some((locale) => buildPath(name, locale) === row.page)),
)
const detailRows = rows.filter((row) => row.page.endsWith('{id}'))
console.log('\nAims (docs/performance.md):')
if (bareRow && publicRows.length > 0) {
  const worst = Math.max(...publicRows.map((row) => row.lcp)) / bareRow.lcp
  aim(
    `public pages' LCP within 1.2× of the bare React page's: at most ${worst.toFixed(2)}×`,
    worst <= 1.2,
  )
  const lowest = Math.min(...publicRows.map((row) => row.score))
  aim(`public pages score 100: lowest ${Math.round(lowest)}`, lowest >= 100)
}
for (const row of detailRows) {
  aim(
    `${row.page}: score ≥ 90, LCP ≤ 1.5 s, TBT ≤ 200 ms, CLS ≤ 0.05 ` +
      `(${Math.round(row.score)}, ${seconds(row.lcp)}, ${Math.round(row.tbt)} ms, ${row.cls.toFixed(3)})`,
    row.score >= 90 && row.lcp <= 1500 && row.tbt <= 200 && row.cls <= 0.05,
  )
}
