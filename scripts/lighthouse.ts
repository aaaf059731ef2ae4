/**
 * Prints Lighthouse's figures (default mobile settings: emulated phone, 4× CPU slowdown, simulated
 * 150 ms RTT / 1.6 Mbps) for every public page and, signed in, the portfolio list and a
 * portfolio's screen, each in every language, from the production build served on loopback.
 * Builds nothing: run `npm run build` first. Prints, never asserts: timings depend on the machine
 * (and its load), so each page is measured several times and the median of each figure is shown.
 *
 * The build is served with a temporary backend (dev/testing/serve-with-backend.ts, as the browser
 * tests have it); a new user is signed in through the app and given a small portfolio
 * (dev/testing/seed-portfolio.ts), and that session's cookies are put in the browser's cookie jar
 * for its screens, as a signed-in visitor's browser holds them: the page's auth client reads them
 * there (with only a Cookie header sent, it would find no session and sign the page out). A bare
 * React page streamed from a worker of its own (scripts/bench-kit/bare-react-page.tsx) is
 * measured in the same run, and the script ends with the aims of docs/performance.md that these
 * figures decide, met or not.
 *
 *   npm run lighthouse                       serves the build on port 4617
 *   LIGHTHOUSE_PORT=4700 npm run lighthouse  another port
 *   LIGHTHOUSE_RUNS=5 npm run lighthouse     runs per page (default 3)
 *   LIGHTHOUSE_ORIGIN=http://127.0.0.1:4617 npm run lighthouse   a server already running:
 *                                            public pages only (no backend to make a user in)
 *   LIGHTHOUSE_PAGES='{id}'                  only the pages whose label contains this text
 *                                            (here: each portfolio's screen)
 *   LIGHTHOUSE_REPORTS=/tmp/lh               also writes each run's whole report there (JSON), to
 *                                            read where the time and bytes go
 *   CHROME_PATH=/usr/bin/chromium            the browser (Chrome or Chromium)
 *
 * Beside the timings it prints the JavaScript each page downloaded: every script request
 * Lighthouse saw until the page was quiet (chunks loaded after hydration or when idle included),
 * each counted gzipped (-9, as `npm run size` counts; the local server sends it uncompressed).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
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
const onlyPages = process.env.LIGHTHOUSE_PAGES
const reportsDir = process.env.LIGHTHOUSE_REPORTS
if (reportsDir) mkdirSync(reportsDir, { recursive: true })

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

const FIGURES = ['fcp', 'lcp', 'tbt', 'cls', 'score', 'js'] as const
type Figures = Record<(typeof FIGURES)[number], number>

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return Number.NaN // every run failed
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/**
 * The JavaScript a run downloaded: each script request's file from the build, gzipped; a script
 * from elsewhere (the bare page's worker) as many bytes as were transferred.
 */
function scriptBytes(audit: { details?: unknown } | undefined): number {
  const details = audit?.details as
    { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined
  if (!details?.items) return Number.NaN
  return details.items
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => {
      const url = new URL(item.url)
      const file = join(REPO_ROOT, 'dist/client', url.pathname)
      const built = url.origin === origin && existsSync(file)
      return (
        sum + (built ? gzipSync(readFileSync(file), { level: 9 }).length : (item.transferSize ?? 0))
      )
    }, 0)
}

/** Sends one command to the browser over the DevTools protocol. */
async function browserCommand(chromePort: number, method: string, params: object): Promise<void> {
  const version = await fetch(`http://127.0.0.1:${chromePort}/json/version`)
  const { webSocketDebuggerUrl } = (await version.json()) as { webSocketDebuggerUrl: string }
  const socket = new WebSocket(webSocketDebuggerUrl)
  try {
    await new Promise((resolve, reject) => {
      socket.onopen = resolve
      socket.onerror = () => reject(new Error(`No DevTools connection for ${method}`))
    })
    await new Promise((resolve, reject) => {
      socket.onmessage = (event) => {
        const answer = JSON.parse(String(event.data)) as { error?: { message: string } }
        if (answer.error) reject(new Error(`${method}: ${answer.error.message}`))
        else resolve(answer)
      }
      socket.send(JSON.stringify({ id: 1, method, params }))
    })
  } finally {
    socket.close()
  }
}

/** The browser's cookie jar holds exactly this Cookie header's cookies for the app (or none). */
async function setBrowserCookies(chromePort: number, cookie?: string): Promise<void> {
  await browserCommand(chromePort, 'Storage.clearCookies', {})
  if (!cookie) return
  // As the worker sets a session's cookies: for the whole site, readable by the auth client.
  const cookies = cookie.split('; ').map((pair) => {
    const at = pair.indexOf('=')
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin, sameSite: 'Lax' }
  })
  await browserCommand(chromePort, 'Storage.setCookies', { cookies })
}

async function measure(url: string, port: number, report?: string): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    onlyCategories: ['performance'],
    logLevel: 'error',
  })
  if (!result) throw new Error(`No Lighthouse result for ${url}`)
  const { audits, categories, runtimeError, finalDisplayedUrl } = result.lhr
  if (runtimeError) throw new Error(`${runtimeError.code} ${runtimeError.message}`)
  // A lost session sends a private screen to sign-in: that page's figures are not the screen's.
  if (finalDisplayedUrl !== url) throw new Error(`Ended at ${finalDisplayedUrl}, not ${url}`)
  if (report) writeFileSync(report, JSON.stringify(result.lhr))
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN
  return {
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    score: (categories.performance?.score ?? Number.NaN) * 100,
    js: scriptBytes(audits['network-requests']),
  }
}

const BARE_PAGE = 'bare React page'
/** docs/performance.md: what a portfolio's screen may download in JavaScript, gzip. */
const DETAIL_JS_AIM_BYTES = 150 * 1024
const server = process.env.LIGHTHOUSE_ORIGIN ? null : await startServer()
const bare = await startBareReactWorker(await findFreePort())
const rows: (Figures & { page: string; runs: number })[] = []
try {
  const allPages: Page[] = [
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
  const pages = onlyPages ? allPages.filter(({ label }) => label.includes(onlyPages)) : allPages
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
      // Lighthouse keeps cookies between runs (it clears caches and storage, not cookies).
      await setBrowserCookies(chrome.port, cookie)
      const results: Figures[] = []
      // Lighthouse now and then fails to record a trace (NO_NAVSTART): that run is left out and
      // another made, up to twice the runs in all.
      for (let attempt = 1; results.length < runs && attempt <= 2 * runs; attempt++) {
        const report = reportsDir
          ? join(reportsDir, `${label.replace(/\W+/g, '_')}-${attempt}.json`)
          : undefined
        await measure(url, chrome.port, report).then(
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
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
console.log(`Lighthouse, default mobile settings (simulated throttling), median of ${runs} runs:`)
console.log(
  `  ${'page'.padEnd(34)}${'FCP'.padStart(8)}${'LCP'.padStart(8)}${'TBT'.padStart(8)}${'CLS'.padStart(7)}${'score'.padStart(7)}${'JS'.padStart(10)}`,
)
for (const row of rows) {
  // A page short of runs says how many its medians come from.
  const short = row.runs < runs ? `  (${row.runs} of ${runs} runs)` : ''
  console.log(
    `  ${row.page.padEnd(34)}${seconds(row.fcp).padStart(8)}${seconds(row.lcp).padStart(8)}${`${Math.round(row.tbt)} ms`.padStart(8)}${row.cls.toFixed(3).padStart(7)}${String(Math.round(row.score)).padStart(7)}${kb(row.js).padStart(10)}${short}`,
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
  aim(
    `${row.page}: JavaScript downloaded ≤ 150 KB gzip (${kb(row.js)})`,
    row.js <= DETAIL_JS_AIM_BYTES,
  )
}
