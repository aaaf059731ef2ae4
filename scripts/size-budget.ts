/**
 * Prints what the browser downloads for the landing page (the Turkish home, `/`), the extra
 * JavaScript of the installable app (service worker registration, update checks, analytics), the
 * JavaScript of each portfolio screen (charts and forms included) and the service worker's
 * precache, and fails when a budget is exceeded, or when a part the portfolio screens load on
 * demand (the chart library, the transaction form, the import dialog, the auth client) has come
 * back into what they load first. Run `npm run build` first.
 */
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Manifest } from 'vite'
import { SIGNED_OUT_VIEW } from '../shared/auth/viewer.ts'
import { messagesSource } from '../shared/i18n/message-groups.ts'
import { PAGE_FILES, pageMessageGroups } from '../client/pages/page-files.ts'
import { matchRoute } from '../shared/routes/match-route.ts'
import { buildPathLoose } from '../shared/routes/build-path.ts'
import { SAMPLE_PARAMS } from '../shared/routes/route-fixtures.ts'
import { ROUTE_NAMES, routeAccess } from '../shared/routes/route-table.ts'
import { CLIENT_ENTRY } from './vite/client-assets-plugin.ts'

const CLIENT_DIR = 'dist/client'
const BUDGET_JS_GZIP = 90 * 1024
const BUDGET_PWA_GZIP = 3 * 1024

const manifest = JSON.parse(
  readFileSync(join(CLIENT_DIR, '.vite/manifest.json'), 'utf8'),
) as Manifest

/** A chunk's file and those it imports; with `lazy`, also what it may load later (charts, forms). */
function withImports(key: string, seen = new Set<string>(), lazy = false): string[] {
  const chunk = manifest[key]
  if (!chunk || seen.has(key)) return []
  seen.add(key)
  const deps = [...(chunk.imports ?? []), ...(lazy ? (chunk.dynamicImports ?? []) : [])]
  return [chunk.file, ...deps.flatMap((dep) => withImports(dep, seen, lazy))]
}

function gzipSize(file: string): number {
  return gzipSync(readFileSync(join(CLIENT_DIR, file)), { level: 9 }).length
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

const home = matchRoute('/')
if (!home) throw new Error('No route for /')
const messageKeys = pageMessageGroups(home, SIGNED_OUT_VIEW).map((group) =>
  messagesSource(home.locale, group),
)
const landingKeys = [
  CLIENT_ENTRY,
  `client/pages/${PAGE_FILES.home}.tsx`,
  ...messageKeys,
  'client/pwa/start-pwa.ts',
]
// Message chunks are named after their locale file (tr-<hash>.js): label them by group.
const labels = new Map(messageKeys.map((key) => [manifest[key]?.file, key]))
const jsFiles = [...new Set(landingKeys.flatMap((key) => withImports(key)))]
const cssFiles = [...new Set(manifest[CLIENT_ENTRY]?.css ?? [])]

const rows = [...jsFiles, ...cssFiles].map((file) => ({ file, gzip: gzipSize(file) }))
const jsTotal = rows
  .filter((row) => row.file.endsWith('.js'))
  .reduce((sum, row) => sum + row.gzip, 0)
const cssTotal = rows
  .filter((row) => row.file.endsWith('.css'))
  .reduce((sum, row) => sum + row.gzip, 0)

console.log('Landing page (/) downloads, gzip -9:')
for (const row of rows) {
  const label = labels.has(row.file) ? ` (${labels.get(row.file)})` : ''
  console.log(`  ${kb(row.gzip).padStart(9)}  ${row.file}${label}`)
}
console.log(`  JavaScript total: ${kb(jsTotal)} (budget ${kb(BUDGET_JS_GZIP)})`)
console.log(`  CSS total:        ${kb(cssTotal)}`)

// Each screen's JavaScript (Turkish, signed out): the entry, its page module and its texts. Public
// screens must not grow with the private ones' libraries (the query cache loads only with those).
console.log('JavaScript per screen (tr), gzip -9:')
for (const name of ROUTE_NAMES) {
  const path = buildPathLoose(name, 'tr', SAMPLE_PARAMS)
  const match = matchRoute(path)
  if (!match) throw new Error(`No route for ${path}`)
  const keys = [
    CLIENT_ENTRY,
    `client/pages/${PAGE_FILES[name]}.tsx`,
    ...pageMessageGroups(match, SIGNED_OUT_VIEW).map((group) => messagesSource('tr', group)),
  ]
  const files = [...new Set(keys.flatMap((key) => withImports(key)))]
  const total = files.reduce((sum, file) => sum + gzipSize(file), 0)
  console.log(`  ${kb(total).padStart(9)}  ${name} (${routeAccess(name)})`)
}

// The installable app's own share: its lazily loaded chunk (and what only it imports) plus
// the standalone analytics script.
const entryFiles = new Set(withImports(CLIENT_ENTRY))
const pwaFiles = [
  ...withImports('client/pwa/start-pwa.ts').filter((file) => !entryFiles.has(file)),
  'analytics.js',
]
const pwaTotal = pwaFiles.reduce((sum, file) => sum + gzipSize(file), 0)
console.log(`Installable app extras (${pwaFiles.join(', ')}):`)
console.log(`  ${kb(pwaTotal)} gzip (budget ${kb(BUDGET_PWA_GZIP)})`)

// The portfolio screens: the entry, the page with everything it may load lazily (data layer,
// forms, charts) and its messages, not what the entry loads lazily for other screens. Printed;
// no budget is set for them.
console.log('Portfolio screens (JavaScript they may load), gzip -9:')
for (const path of [
  '/portfoyum',
  '/portfoyum/00000000-0000-4000-8000-000000000000',
  '/portfoyum/00000000-0000-4000-8000-000000000000/transaction-THYAO-turk-hava-yollari',
]) {
  const match = matchRoute(path)
  if (!match) throw new Error(`No route for ${path}`)
  const page = `client/pages/${PAGE_FILES[match.name]}.tsx`
  const messages = pageMessageGroups(match, SIGNED_OUT_VIEW).map((group) =>
    messagesSource(match.locale, group),
  )
  const seen = new Set<string>()
  const files = [
    ...new Set([
      ...[CLIENT_ENTRY, ...messages].flatMap((key) => withImports(key, seen)),
      ...withImports(page, seen, true),
    ]),
  ]
  const total = files
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, f) => sum + gzipSize(f), 0)
  console.log(`  ${kb(total).padStart(9)}  ${match.name} (${path})`)
}

// What the portfolio screens load only when asked (a chart scrolled to, a form or dialog opened,
// the visitor acting on the page), each a dynamic import of its own: none may be in the chunks a
// portfolio screen loads first (its entry, page and messages, and what they import statically).
const ON_DEMAND = {
  'node_modules/uplot/dist/uPlot.esm.js': 'the chart library',
  'client/portfolio/screens/transaction-editor.tsx': 'the transaction form',
  'client/portfolio/import-dialog/import-dialog.tsx': 'the import dialog',
  'client/portfolio/explain/explanation-dialog.tsx': 'the explanation dialog',
  'node_modules/@supabase/ssr/dist/module/index.js': 'the auth client',
} as const
const firstLoads = (
  [
    'portfolios',
    'portfolio',
    'transaction',
    'germanTax',
    'turkishTax',
    'germanTaxPerson',
    'turkishTaxPerson',
  ] as const
).map((name) => {
  const path = buildPathLoose(name, 'tr', SAMPLE_PARAMS)
  const match = matchRoute(path)
  if (!match) throw new Error(`No route for ${path}`)
  const sources = [
    CLIENT_ENTRY,
    `client/pages/${PAGE_FILES[name]}.tsx`,
    ...pageMessageGroups(match, SIGNED_OUT_VIEW).map((group) => messagesSource('tr', group)),
  ]
  return { name, files: new Set(sources.flatMap((source) => withImports(source))) }
})
const onDemandErrors: string[] = []
console.log('Loaded on demand by the portfolio screens (its own chunk), gzip -9:')
for (const [key, label] of Object.entries(ON_DEMAND)) {
  const chunk = manifest[key]
  if (!chunk?.isDynamicEntry) {
    onDemandErrors.push(`${label} (${key}) is no longer a chunk of its own`)
    continue
  }
  console.log(`  ${kb(gzipSize(chunk.file)).padStart(9)}  ${label} (${chunk.file})`)
  for (const { name, files } of firstLoads) {
    if (files.has(chunk.file)) onDemandErrors.push(`the ${name} screen loads ${label} at once`)
  }
}

const latest = JSON.parse(readFileSync(join(CLIENT_DIR, 'builds/latest.json'), 'utf8')) as {
  id: string
}
const meta = JSON.parse(
  readFileSync(join(CLIENT_DIR, `builds/meta/${latest.id}.json`), 'utf8'),
) as { precache: { count: number; bytes: number } }
const serviceWorkerBytes = statSync(join(CLIENT_DIR, 'sw.js')).size
console.log('Service worker:')
console.log(`  sw.js ${kb(serviceWorkerBytes)} (${kb(gzipSize('sw.js'))} gzip)`)
console.log(`  precache: ${meta.precache.count} files, ${kb(meta.precache.bytes)} uncompressed`)

let failed = false
if (jsTotal > BUDGET_JS_GZIP) {
  console.error(`Landing JavaScript over budget by ${kb(jsTotal - BUDGET_JS_GZIP)}`)
  failed = true
}
if (pwaTotal > BUDGET_PWA_GZIP) {
  console.error(`Installable app extras over budget by ${kb(pwaTotal - BUDGET_PWA_GZIP)}`)
  failed = true
}
for (const error of onDemandErrors) {
  console.error(`Not on demand: ${error}`)
  failed = true
}
if (failed) process.exit(1)
