import { createHash } from 'node:crypto'
import type { Plugin } from 'vite'

/** The literal worker/build/worker-build-id.ts holds until the build replaces it. */
export const WORKER_BUILD_ID_PLACEHOLDER = '__KIYMET_WORKER_BUILD_ID__'

/** Replaces the placeholder in `chunks` with a hash of their file names and code. */
export function stampBuildId(chunks: { fileName: string; code: string }[]): void {
  const sorted = chunks.toSorted((a, b) => (a.fileName < b.fileName ? -1 : 1))
  const hash = createHash('sha256')
  for (const chunk of sorted) hash.update(chunk.fileName).update(chunk.code)
  const id = hash.digest('hex').slice(0, 16)
  for (const chunk of chunks) chunk.code = chunk.code.replaceAll(WORKER_BUILD_ID_PLACEHOLDER, id)
}

/**
 * Writes into the built worker a hash of its own code, in place of
 * {@link WORKER_BUILD_ID_PLACEHOLDER}: what the worker stored under one build (a portfolio's
 * analysis) is not taken for another's, which may compute it differently.
 */
export function workerBuildIdPlugin(): Plugin {
  return {
    name: 'kiymet:worker-build-id',
    applyToEnvironment: (environment) => environment.name !== 'client',
    generateBundle(_options, bundle) {
      stampBuildId(
        Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : [])),
      )
    },
  }
}
