import { readFileSync } from 'node:fs'
import { deployProblem } from './site-url.ts'

// What `wrangler deploy` deploys after `npm run build`: the Vite plugin's output configuration.
const BUILT_CONFIG = 'dist/portfolio_tracker/wrangler.json'

let config: { vars?: Record<string, unknown> }
try {
  config = JSON.parse(readFileSync(BUILT_CONFIG, 'utf8'))
} catch {
  console.error(
    `Refusing to deploy: no ${BUILT_CONFIG}; run the build first (npm run deploy does).`,
  )
  process.exit(1)
}
const problem = deployProblem(config)
if (problem) {
  console.error(problem)
  process.exit(1)
}
