import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { stampBuildId, WORKER_BUILD_ID_PLACEHOLDER } from './worker-build-id-plugin.ts'

function stamped(code: string): string {
  const chunk = { fileName: 'a.js', code }
  stampBuildId([chunk])
  return chunk.code
}

describe('the worker build id', () => {
  it('is the literal the worker module compares with', () => {
    const source = readFileSync(
      new URL('../../worker/build/worker-build-id.ts', import.meta.url),
      'utf8',
    )
    expect(source.split(`'${WORKER_BUILD_ID_PLACEHOLDER}'`)).toHaveLength(2)
  })

  it('replaces the placeholder with a hash of the code, the same for the same code', () => {
    const code = `const id = '${WORKER_BUILD_ID_PLACEHOLDER}'`
    const first = stamped(code)
    expect(first).toMatch(/^const id = '[0-9a-f]{16}'$/)
    expect(stamped(code)).toBe(first)
    expect(stamped(`${code};1`).slice(0, first.length)).not.toBe(first)
  })
})
