import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { convertV4MiniflareOptions, Miniflare } from 'miniflare'
import { build } from 'vite'
import { builtWorkerConfig } from './worker-build.ts'

const ENTRY = fileURLToPath(new URL('./bare-react-page.tsx', import.meta.url))

/**
 * The bare React page (bare-react-page.tsx) bundled for workerd by Vite, in Miniflare on
 * `port` with the compatibility date and flags of our build, so both run the same runtime.
 */
export async function startBareReactWorker(port: number): Promise<{
  mf: Miniflare
  stop(): Promise<void>
}> {
  const outDir = await mkdtemp(join(tmpdir(), 'bare-react-'))
  await build({
    configFile: false,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': '"production"' },
    ssr: { noExternal: true, target: 'webworker' },
    build: {
      ssr: ENTRY,
      outDir,
      emptyOutDir: true,
      minify: true,
      rolldownOptions: { output: { entryFileNames: 'index.js', format: 'es' } },
    },
  })
  const config = builtWorkerConfig()
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      modulesRoot: outDir,
      scriptPath: join(outDir, 'index.js'),
      compatibilityDate: config.compatibility_date,
      compatibilityFlags: config.compatibility_flags ?? [],
      cf: false,
      host: '127.0.0.1',
      port,
    }),
  )
  await mf.ready
  return {
    mf,
    stop: async () => {
      await mf.dispose()
      await rm(outDir, { recursive: true, force: true })
    },
  }
}
