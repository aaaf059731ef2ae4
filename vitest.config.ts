import { defineConfig } from 'vitest/config'
import { MAX_WORKERS } from './scripts/test/max-workers.ts'

// Each suite owns its config: unit tests next to the code, cross-module suites under tests/<suite>/.
export default defineConfig({
  test: {
    projects: ['./vitest.unit.config.ts', './tests/*/vitest.config.ts'],
    reporters: ['default', './scripts/test/slowest-files-reporter.ts'],
    maxWorkers: MAX_WORKERS,
    // postgres.js in workerd leaves this rejection behind whenever a connection closes (a known
    // upstream issue); the worker drops exactly it (worker/db/run-as-user.ts), and so do we.
    onUnhandledError: (error) => !error.message?.includes('This socket has been closed'),
  },
})
