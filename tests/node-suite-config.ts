import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { MAX_WORKERS } from '../scripts/test/max-workers.ts'

/**
 * The vitest project of a cross-module suite that runs in Node: every `*.test.ts` in the folder
 * of the config at `configUrl`, with its own global setup (a backend to start) if it has one.
 */
export function nodeSuiteConfig(
  name: string,
  configUrl: string,
  options: { testTimeout: number; globalSetup?: string },
) {
  return defineConfig({
    test: {
      name,
      root: fileURLToPath(new URL('.', configUrl)),
      include: ['*.test.ts'],
      ...(options.globalSetup === undefined ? {} : { globalSetup: [options.globalSetup] }),
      environment: 'node',
      maxWorkers: MAX_WORKERS,
      testTimeout: options.testTimeout,
      hookTimeout: 60_000,
    },
  })
}
