import { nodeSuiteConfig } from '../node-suite-config.ts'

export default nodeSuiteConfig('auth-contract', import.meta.url, {
  testTimeout: 20_000,
  globalSetup: './global-setup.ts',
})
