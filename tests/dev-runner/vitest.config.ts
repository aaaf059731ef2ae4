import { nodeSuiteConfig } from '../node-suite-config.ts'

export default nodeSuiteConfig('dev-runner', import.meta.url, { testTimeout: 180_000 })
