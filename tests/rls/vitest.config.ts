import { nodeSuiteConfig } from '../node-suite-config.ts'

export default nodeSuiteConfig('rls', import.meta.url, {
  testTimeout: 20_000,
  globalSetup: './global-setup.ts',
})
