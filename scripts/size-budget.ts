/**
 * Prints what the browser downloads for the landing page (the Turkish home, `/`) and fails when
 * the JavaScript is over budget. Reads the client build's manifest: run `npm run build` first.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Manifest } from 'vite'
import { PAGE_FILES } from '../client/pages/page-files.ts'
import { CLIENT_ENTRY } from './vite/client-assets-plugin.ts'

const CLIENT_DIR = 'dist/client'
const BUDGET_JS_GZIP = 90 * 1024

const manifest = JSON.parse(
  readFileSync(join(CLIENT_DIR, '.vite/manifest.json'), 'utf8'),
) as Manifest

function withImports(key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key]
  if (!chunk || seen.has(key)) return []
  seen.add(key)
  return [chunk.file, ...(chunk.imports ?? []).flatMap((dep) => withImports(dep, seen))]
}

function gzipSize(file: string): number {
  return gzipSync(readFileSync(join(CLIENT_DIR, file)), { level: 9 }).length
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

const landingKeys = [CLIENT_ENTRY, `client/pages/${PAGE_FILES.home}.tsx`, 'locales/tr.json']
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
for (const row of rows) console.log(`  ${kb(row.gzip).padStart(9)}  ${row.file}`)
console.log(`  JavaScript total: ${kb(jsTotal)} (budget ${kb(BUDGET_JS_GZIP)})`)
console.log(`  CSS total:        ${kb(cssTotal)}`)

if (jsTotal > BUDGET_JS_GZIP) {
  console.error(`Over budget by ${kb(jsTotal - BUDGET_JS_GZIP)}`)
  process.exit(1)
}
