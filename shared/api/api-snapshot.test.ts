import { describe, expect, it, vi } from 'vitest'
import type { RouteMatch } from '../routes/match-route'
import { collectApiSnapshot, type ApiSnapshotPaths, type ApiSnapshotReader } from './api-snapshot'

const match: RouteMatch = { name: 'transaction', locale: 'en', params: { id: 'p', code: 'ABC' } }

/** A screen that needs `/a` first, then `/b?id=<what /a said>`. */
const dependent: ApiSnapshotPaths = (_, loaded) => {
  const first = loaded['/a'] as { id: string } | undefined
  if (first?.id === 'missing') return null
  return first ? ['/a', `/b?id=${first.id}`] : ['/a']
}

function reader(answers: Record<string, { status: number; body: unknown }>): ApiSnapshotReader {
  return vi.fn((paths: string[]) =>
    Promise.resolve(Object.fromEntries(paths.map((path) => [path, answers[path]!]))),
  )
}

describe('collectApiSnapshot', () => {
  it('reads in rounds until the screen asks for nothing new, each path once', async () => {
    const read = reader({
      '/a': { status: 200, body: { id: 'x' } },
      '/b?id=x': { status: 200, body: { ok: true } },
    })
    const result = await collectApiSnapshot(dependent, match, read, 42)
    expect(result).toEqual({
      kind: 'ok',
      snapshot: { fetchedAt: 42, responses: { '/a': { id: 'x' }, '/b?id=x': { ok: true } } },
    })
    expect(read).toHaveBeenNthCalledWith(1, ['/a'])
    expect(read).toHaveBeenNthCalledWith(2, ['/b?id=x'])
    expect(read).toHaveBeenCalledTimes(2)
  })

  it('makes the screen a 404 when the API answers 404 or the screen finds nothing', async () => {
    const gone = reader({ '/a': { status: 404, body: null } })
    expect(await collectApiSnapshot(dependent, match, gone, 1)).toEqual({ kind: 'not-found' })
    const missing = reader({ '/a': { status: 200, body: { id: 'missing' } } })
    expect(await collectApiSnapshot(dependent, match, missing, 1)).toEqual({ kind: 'not-found' })
  })

  it('leaves failed reads out, for the browser to ask again', async () => {
    const failing = reader({ '/a': { status: 503, body: null } })
    expect(await collectApiSnapshot(dependent, match, failing, 7)).toEqual({
      kind: 'ok',
      snapshot: { fetchedAt: 7, responses: {} },
    })
  })
})
