import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

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
      testTimeout: options.testTimeout,
      hookTimeout: 60_000,
    },
  })
}
