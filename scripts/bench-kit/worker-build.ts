import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The production worker build the benchmarks and the load script run in workerd. */
export const WORKER_DIR = fileURLToPath(new URL('../../dist/portfolio_tracker', import.meta.url))
export const WORKER_ENTRY = `${WORKER_DIR}/index.js`

/** Stops the script with a clear message when there is no build to run. */
export function requireWorkerBuild(): void {
  if (!existsSync(WORKER_ENTRY)) {
    console.error('No worker build: run `npm run build` first.')
    process.exit(1)
  }
}
