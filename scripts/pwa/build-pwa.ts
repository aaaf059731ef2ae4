import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build, type Manifest } from 'vite'
import { injectManifest } from 'workbox-build'
import { LOCALES } from '../../shared/i18n/locales.ts'
import type { Messages } from '../../shared/i18n/messages.ts'
import { buildIdOf } from '../vite/build-id.ts'
import { CLIENT_ENTRY } from '../vite/client-assets-plugin.ts'
import { renderOfflinePage } from './offline-page.ts'

/**
 * A self-contained classic script (no imports), so a cached copy never points at a chunk a later
 * deploy removed, and service workers load it everywhere.
 */
async function bundleStandalone(root: string, entry: string, outDir: string, fileName: string) {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      minify: true,
      lib: { entry, name: 'kiymet', formats: ['iife'], fileName: () => fileName },
    },
  })
}

/**
 * Runs after `vite build` (the client must be built): offline pages, /analytics.js, the service worker with its
 * precache manifest, and /builds/latest.json + /builds/meta/<id>.json.
 */
export async function buildPwaFiles(root: string, clientOutDir: string): Promise<void> {
  const out = join(root, clientOutDir)
  const manifestJson = readFileSync(join(out, '.vite/manifest.json'), 'utf8')
  const manifest = JSON.parse(manifestJson) as Manifest
  const css = (manifest[CLIENT_ENTRY]?.css ?? []).map((file) => `/${file}`)

  mkdirSync(join(out, 'offline'), { recursive: true })
  for (const locale of LOCALES) {
    const messages = JSON.parse(
      readFileSync(join(root, `locales/${locale.code}.json`), 'utf8'),
    ) as Messages
    writeFileSync(
      join(out, `offline/${locale.code}.html`),
      renderOfflinePage(locale, messages, css),
    )
  }

  await bundleStandalone(root, 'client/analytics/analytics.ts', clientOutDir, 'analytics.js')

  const swTemp = join(root, 'dist/.service-worker')
  rmSync(swTemp, { recursive: true, force: true })
  await bundleStandalone(root, 'client/service-worker/sw.ts', 'dist/.service-worker', 'sw.js')
  const precache = await injectManifest({
    swSrc: join(swTemp, 'sw.js'),
    swDest: join(out, 'sw.js'),
    globDirectory: out,
    globPatterns: ['assets/**/*.{js,css}', 'offline/*.html', 'icons/*.png', 'favicon.svg'],
    // The PDF reader (pdf.js, half a megabyte) loads when someone imports PDFs, online anyway:
    // not installed with the app.
    globIgnores: ['assets/pdf-*.js', 'assets/pdf.worker*'],
    // Hashed names change with their content: no revision needed.
    dontCacheBustURLsMatching: /^assets\//,
  })
  rmSync(swTemp, { recursive: true, force: true })

  const id = buildIdOf(manifestJson)
  const timestamp = Date.now()
  mkdirSync(join(out, 'builds/meta'), { recursive: true })
  writeFileSync(join(out, 'builds/latest.json'), JSON.stringify({ id, timestamp }))
  writeFileSync(
    join(out, `builds/meta/${id}.json`),
    JSON.stringify({
      id,
      timestamp,
      entry: `/${manifest[CLIENT_ENTRY]?.file ?? ''}`,
      precache: { count: precache.count, bytes: precache.size },
    }),
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildPwaFiles(process.cwd(), 'dist/client')
}
