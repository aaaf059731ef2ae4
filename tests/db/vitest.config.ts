import { nodeSuiteConfig } from '../node-suite-config.ts'

// The worker's database access against stand-in servers Node can open (no real Postgres needed).
export default nodeSuiteConfig('db', import.meta.url, { testTimeout: 10_000 })
