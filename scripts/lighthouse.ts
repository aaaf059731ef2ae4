/**
 * Prints Lighthouse's figures (default mobile settings: emulated phone, 4× CPU slowdown, simulated
 * 150 ms RTT / 1.6 Mbps) for every public page in every language, from the production build
 * served on loopback. Builds nothing: run `npm run build` first. Prints, never asserts: timings
 * depend on the machine (and its load), so each page is measured several times and the median of
 * each figure is shown.
 *
 *   npm run lighthouse                       serves dist with `vite preview` on port 4617
 *   LIGHTHOUSE_PORT=4700 npm run lighthouse  another port
 *   LIGHTHOUSE_RUNS=5 npm run lighthouse     runs per page (default 3)
 *   LIGHTHOUSE_ORIGIN=http://127.0.0.1:4617 npm run lighthouse   a server already running
 *   CHROME_PATH=/usr/bin/chromium            the browser (Chrome or Chromium)
 */
import { spawn, type ChildProcess } from 'node:child_process'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { LOCALE_CODES } from '../shared/i18n/locales.ts'
import { buildPath } from '../shared/routes/build-path.ts'

const PUBLIC_PAGES = ['home', 'pricing', 'privacy', 'terms'] as const

const port = Number(process.env.LIGHTHOUSE_PORT ?? 4617)
const origin = process.env.LIGHTHOUSE_ORIGIN ?? `http://127.0.0.1:${port}`
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3)

async function waitForServer(url: string, server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    if (server.exitCode !== null) throw new Error(`vite preview exited (${server.exitCode})`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer`)
}

/** `vite preview` of the build in its own process group, so stopping it stops its workerd too. */
async function startPreview(): Promise<ChildProcess> {
  const server = spawn(
    'node_modules/.bin/vite',
    ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { detached: true, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  await waitForServer(`${origin}/`, server)
  return server
}

function stop(server: ChildProcess | null): void {
  if (server?.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM')
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

async function measure(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, { port, onlyCategories: ['performance'], logLevel: 'error' })
  if (!result) throw new Error(`No Lighthouse result for ${url}`)
  const { audits, categories, runtimeError } = result.lhr
  if (runtimeError) throw new Error(`${runtimeError.code} ${runtimeError.message}`)
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN
  return {
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    score: (categories.performance?.score ?? Number.NaN) * 100,
  }
}

const server = process.env.LIGHTHOUSE_ORIGIN ? null : await startPreview()
const chrome = await chromeLauncher.launch({
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
const rows: (Figures & { page: string })[] = []
try {
  for (const locale of LOCALE_CODES) {
    for (const name of PUBLIC_PAGES) {
      const path = buildPath(name, locale)
      // The first request of a page renders it cold in the local runtime: not a visitor's figure.
      await fetch(`${origin}${path}`)
      const results: Figures[] = []
      for (let run = 0; run < runs; run++) {
        // Lighthouse now and then fails to record a trace (NO_NAVSTART): that run is left out.
        await measure(`${origin}${path}`, chrome.port).then(
          (figures) => results.push(figures),
          (error: unknown) => console.error(`${path}, run ${run + 1}: ${String(error)}`),
        )
      }
      const medians = Object.fromEntries(
        FIGURES.map((figure) => [figure, median(results.map((result) => result[figure]))]),
      ) as Figures
      rows.push({ page: path, ...medians })
      console.error(`measured ${path}`)
    }
  }
} finally {
  chrome.kill()
  stop(server)
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
console.log(`Lighthouse, default mobile settings (simulated throttling), median of ${runs} runs:`)
console.log(
  `  ${'page'.padEnd(34)}${'FCP'.padStart(8)}${'LCP'.padStart(8)}${'TBT'.padStart(8)}${'CLS'.padStart(7)}${'score'.padStart(7)}`,
)
for (const row of rows) {
  console.log(
    `  ${row.page.padEnd(34)}${seconds(row.fcp).padStart(8)}${seconds(row.lcp).padStart(8)}${`${Math.round(row.tbt)} ms`.padStart(8)}${row.cls.toFixed(3).padStart(7)}${String(Math.round(row.score)).padStart(7)}`,
  )
}
