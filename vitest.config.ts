import { defineConfig } from 'vitest/config'

// Each suite owns its config: unit tests next to the code, cross-module suites under tests/<suite>/.
export default defineConfig({
  test: {
    projects: ['./vitest.unit.config.ts', './tests/*/vitest.config.ts'],
  },
})
