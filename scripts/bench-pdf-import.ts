// Benchmark of reading brokers' PDF documents in the import dialog, where it runs (not a test):
// Chromium (Debian's /usr/bin/chromium, headless). 20 one-page PDFs are written from the text
// fixtures (`client/import/pdf/fixtures/`, every kind in turn) by the tests' `pdfOfLines`,
// landscape for Midas's long lines: Helvetica with no embedded font (real brokers' PDFs, with
// embedded fonts and more pages, take pdf.js longer). The
// dialog's own code is bundled by Vite (production build, pdf.js's worker as a file) and served
// from loopback to a blank page, which then does what the dialog does with 20 dropped PDFs:
// `readPdfs` (pdf.js in one shared Web Worker, and each broker's parser; all at once) to this
// app's CSV, then reading that CSV as a table with the `pdf_documents` preset's mapping, which is
// all the browser does before the preview request (the rows are mapped by the API).
// Prints the median and slowest total of RUNS runs after a warm-up (the first run loads pdf.js)
// against the aim, and where the time goes, measured step by step in a second pass of each run:
// pdf.js's text extraction for all documents at once, the parsers, the CSV and table.
// Run: npm run bench:pdf
import { createServer } from 'node:http'
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { build, type Rolldown } from 'vite'
import { pdfOfLines } from '../client/import/pdf/hand-written-pdf.ts'
import { fixtureLines } from '../client/import/pdf/pdf-fixture.ts'

const DOCUMENTS = 20
const RUNS = 5
const AIM_MS = 5_000
const FIXTURES = [
  'tr-kauf.txt',
  'tr-sparplan.txt',
  'tr-verkauf.txt',
  'tr-dividende-usd.txt',
  'tr-vorabpauschale.txt',
  'scalable-kauf.txt',
  'scalable-dividende.txt',
  'scalable-vorabpauschale.txt',
  'midas-ekstre.txt',
]

/** The dialog's functions, as the bundle puts them on the page. */
interface BenchKit {
  readPdfs: typeof import('../client/portfolio/import-dialog/pdf-source.ts').readPdfs
  pdfTextLines: typeof import('../client/import/pdf/pdf-text.ts').pdfTextLines
  pdfRows: typeof import('../client/import/pdf/pdf-rows.ts').pdfRows
  pdfCsv: typeof import('../client/import/pdf/pdf-table.ts').pdfCsv
  readImportTable: typeof import('../shared/import/read-table.ts').readImportTable
  presetChoice: typeof import('../client/portfolio/import-dialog/import-settings.ts').presetChoice
  AUTO_READ: typeof import('../client/portfolio/import-dialog/import-settings.ts').AUTO_READ
}

const source = (path: string) =>
  JSON.stringify(fileURLToPath(new URL(`../${path}`, import.meta.url)))
const ENTRY = 'bench-pdf-entry.js'
const entryCode = `
import { readPdfs } from ${source('client/portfolio/import-dialog/pdf-source.ts')}
import { AUTO_READ, presetChoice } from ${source('client/portfolio/import-dialog/import-settings.ts')}
import { pdfTextLines } from ${source('client/import/pdf/pdf-text.ts')}
import { pdfRows } from ${source('client/import/pdf/pdf-rows.ts')}
import { pdfCsv } from ${source('client/import/pdf/pdf-table.ts')}
import { readImportTable } from ${source('shared/import/read-table.ts')}
window.benchKit = { readPdfs, pdfTextLines, pdfRows, pdfCsv, readImportTable, presetChoice, AUTO_READ }
`

/** The bundle, file name → contents, built in memory as the site's client build would. */
async function bundle(): Promise<Map<string, string | Uint8Array>> {
  const built = await build({
    configFile: false,
    root: fileURLToPath(new URL('..', import.meta.url)),
    publicDir: false,
    logLevel: 'error',
    plugins: [
      {
        name: 'bench-pdf-entry',
        resolveId: (id) => (id === ENTRY ? `\0${ENTRY}` : null),
        load: (id) => (id === `\0${ENTRY}` ? entryCode : null),
      },
    ],
    build: {
      write: false,
      modulePreload: false,
      rollupOptions: { input: ENTRY, output: { entryFileNames: 'bench.js' } },
    },
  })
  const outputs = (Array.isArray(built) ? built : [built]) as Rolldown.RolldownOutput[]
  return new Map(
    outputs.flatMap((output) =>
      output.output.map((file) => [
        `/${file.fileName}`,
        file.type === 'chunk' ? file.code : file.source,
      ]),
    ),
  )
}

interface Run {
  total: number
  pdfjs: number
  parsers: number
  table: number
  rows: number
  unread: string[]
  misread: string[]
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

const documents = Array.from({ length: DOCUMENTS }, (_, index) => {
  const fixture = FIXTURES[index % FIXTURES.length] as string
  const lines = fixtureLines(fixture)
  const name = `${index + 1}-${fixture.replace('.txt', '.pdf')}`
  const bytes = pdfOfLines(lines, { landscape: true })
  return { name, bytes: Array.from(bytes), lines: lines.join('\n') }
})
const bytes = documents.reduce((sum, document) => sum + document.bytes.length, 0)
console.log(
  `${DOCUMENTS} PDFs from ${FIXTURES.length} fixtures, ${(bytes / 1024).toFixed(0)} KB together`,
)

// Chromium's own threads raise the load while it measures: the machine's is read before.
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
const files = await bundle()
const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname
  const file = files.get(path)
  if (path === '/') response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html>')
  else if (file === undefined) response.writeHead(404).end()
  else response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(file)
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const address = server.address()
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
})
try {
  const page = await browser.newPage()
  await page.goto(origin)
  await page.addScriptTag({ url: '/bench.js', type: 'module' })
  await page.waitForFunction(() => 'benchKit' in window)

  const runs: Run[] = []
  for (let run = 0; run <= RUNS; run++) {
    // No named functions inside: tsx keeps names with a helper the page does not have.
    const timing = await page.evaluate(async (documents): Promise<Run> => {
      const kit = (window as unknown as { benchKit: BenchKit }).benchKit
      const files = documents.map(
        (document) =>
          new File([Uint8Array.from(document.bytes)], document.name, { type: 'application/pdf' }),
      )
      // As the dialog: the PDFs to CSV, that read as a table, mapped as the PDF documents preset.
      const started = performance.now()
      const { readings, csv } = await kit.readPdfs(files)
      if (!csv) throw new Error('no rows read from the PDFs')
      const read = kit.readImportTable(new Uint8Array(await csv.arrayBuffer()), kit.AUTO_READ)
      if (!read.ok) throw new Error(`table: ${read.problem}`)
      kit.presetChoice('pdf_documents', read.table.headers)
      const total = performance.now() - started

      // The same step by step.
      const contents = await Promise.all(
        files.map(async (file) => new Uint8Array(await file.arrayBuffer())),
      )
      const textStarted = performance.now()
      const texts = await Promise.all(contents.map((content) => kit.pdfTextLines(content)))
      const parseStarted = performance.now()
      const parsed = texts.map((text, index) => ({
        name: files[index]?.name ?? '',
        ...(text.ok
          ? kit.pdfRows(text.lines)
          : { ok: false as const, format: null, problem: text.problem, detail: '' }),
      }))
      const tableStarted = performance.now()
      const again = kit.pdfCsv(parsed) ?? ''
      const table = kit.readImportTable(new TextEncoder().encode(again), kit.AUTO_READ)
      if (table.ok) kit.presetChoice('pdf_documents', table.table.headers)
      const ended = performance.now()
      return {
        total,
        pdfjs: parseStarted - textStarted,
        parsers: tableStarted - parseStarted,
        table: ended - tableStarted,
        rows: read.table.rows.length,
        unread: readings.flatMap((reading) =>
          reading.ok ? [] : [`${reading.name}: ${reading.problem}`],
        ),
        // pdf.js must give back the fixture's lines, or the parsers would time other text.
        misread: documents.flatMap((document, index) => {
          const text = texts[index]
          return text?.ok && text.lines.join('\n') === document.lines ? [] : [document.name]
        }),
      }
    }, documents)
    if (timing.unread.length > 0) throw new Error(`not read: ${timing.unread.join(', ')}`)
    if (timing.misread.length > 0) throw new Error(`misread: ${timing.misread.join(', ')}`)
    if (run === 0) {
      console.log(
        `Chromium ${browser.version()}: ${timing.rows} rows read; ` +
          `first run (loads pdf.js, not counted) ${timing.total.toFixed(0)} ms`,
      )
    } else runs.push(timing)
  }

  const total = median(runs.map((run) => run.total))
  const slowest = Math.max(...runs.map((run) => run.total))
  const part = (key: 'pdfjs' | 'parsers' | 'table') =>
    median(runs.map((run) => run[key])).toFixed(key === 'pdfjs' ? 0 : 1)
  console.log(`${availableParallelism()} cores, load average before measuring: ${load}`)
  console.log(
    `Reading ${DOCUMENTS} PDFs as the dialog does, ${RUNS} runs: median ${total.toFixed(0)} ms, ` +
      `slowest ${slowest.toFixed(0)} ms`,
  )
  console.log(
    `Where the time goes (medians, step by step): pdf.js text extraction ${part('pdfjs')} ms, ` +
      `broker parsers ${part('parsers')} ms, CSV and table ${part('table')} ms`,
  )
  const verdict =
    slowest < AIM_MS
      ? 'MET (median and slowest run under it)'
      : total < AIM_MS
        ? 'MET by the median, NOT by the slowest run'
        : 'NOT MET'
  console.log(`Aim: ${DOCUMENTS} PDFs in < ${AIM_MS} ms: ${verdict}`)
} finally {
  await browser.close()
  server.close()
}
