import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { compileSheet, encodePlan } from 'beasties/compiler'
import type { Manifest, Plugin } from 'vite'
import { buildIdOf } from './build-id.ts'

const MODULE_ID = 'virtual:client-assets'
const RESOLVED_ID = `\0${MODULE_ID}`

export const CLIENT_ENTRY = 'client/entry-client.tsx'

/** A chunk's file and every chunk it imports statically, depth first, each once. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key]
  if (!chunk || seen.has(key)) return []
  seen.add(key)
  return [chunk.file, ...(chunk.imports ?? []).flatMap((dep) => chunkFiles(manifest, dep, seen))]
}

function cssFiles(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key]
  if (!chunk || seen.has(key)) return []
  seen.add(key)
  return [
    ...(chunk.css ?? []),
    ...(chunk.imports ?? []).flatMap((dep) => cssFiles(manifest, dep, seen)),
  ]
}

/**
 * Gives the worker the client build's hashed file names (read from Vite's manifest after the
 * client is built), so the HTML it streams links the right scripts and preloads, and its
 * stylesheet: the text, which a private screen inlines whole, and a plan of it from which a
 * public page inlines only the rules it uses, so that nothing blocks the first paint.
 */
export function clientAssetsPlugin(options: {
  clientOutDir: string
  /** Read the built manifest even when serving (the worker tests run the production shape). */
  useBuild?: boolean
}): Plugin {
  let command: 'build' | 'serve' = 'serve'
  let root = process.cwd()
  return {
    name: 'kiymet:client-assets',
    configResolved(config) {
      command = config.command
      root = config.root
    },
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : undefined
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined
      if (command === 'serve' && !options.useBuild) {
        const dev = {
          dev: true,
          buildId: 'dev',
          scripts: ['/@vite/client', `/${CLIENT_ENTRY}`],
          analytics: '/client/analytics/analytics.ts',
          styles: '',
          stylesheets: [],
          stylePlans: [],
          preload: [],
          chunks: {},
        }
        return `export default ${JSON.stringify(dev)}`
      }
      const manifestPath = resolve(root, options.clientOutDir, '.vite/manifest.json')
      const raw = readFileSync(manifestPath, 'utf8')
      const manifest = JSON.parse(raw) as Manifest
      const entry = manifest[CLIENT_ENTRY]
      if (!entry) throw new Error(`${CLIENT_ENTRY} is missing from ${manifestPath}`)
      const url = (file: string) => `/${file}`
      const chunks: Record<string, string[]> = {}
      for (const [key, chunk] of Object.entries(manifest)) {
        if (chunk.isDynamicEntry) chunks[key] = chunkFiles(manifest, key).map(url)
      }
      const stylesheets = cssFiles(manifest, CLIENT_ENTRY).map((file) => ({
        href: url(file),
        css: readFileSync(resolve(root, options.clientOutDir, file), 'utf8'),
      }))
      const assets = {
        dev: false,
        buildId: buildIdOf(raw),
        scripts: [url(entry.file)],
        analytics: '/analytics.js',
        styles: stylesheets.map(({ css }) => css).join('\n'),
        stylesheets: stylesheets.map(({ href }) => href),
        // Each stylesheet as Beasties' compiled plan: the worker picks a page's rules without
        // parsing CSS (worker/render/critical-css.ts).
        stylePlans: stylesheets.map(({ href, css }) => encodePlan(compileSheet(css, { href }))),
        preload: chunkFiles(manifest, CLIENT_ENTRY).slice(1).map(url),
        chunks,
      }
      return `export default ${JSON.stringify(assets)}`
    },
  }
}
