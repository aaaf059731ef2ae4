import { describe, expect, it } from 'vitest'
import { fullLoad, type FullLoadEnvironment } from './full-load'

function fakeEnvironment(start = 1_000_000) {
  const store = new Map<string, string>()
  const assigned: string[] = []
  let time = start
  const env: FullLoadEnvironment = {
    storage: {
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => void store.set(key, value),
    },
    assign: (url) => void assigned.push(url),
    now: () => time,
  }
  return { env, assigned, advance: (ms: number) => (time += ms), store }
}

describe('fullLoad', () => {
  it('loads the target and refuses a second load of the same path within 10 s', () => {
    const { env, assigned, advance } = fakeEnvironment()
    expect(fullLoad(new URL('https://x.test/en/pricing?a=1'), env)).toBe(true)
    advance(9_999)
    expect(fullLoad(new URL('https://x.test/en/pricing'), env)).toBe(false)
    expect(assigned).toEqual(['https://x.test/en/pricing?a=1'])
  })

  it('allows the same path again after 10 s, and other paths at once', () => {
    const { env, assigned, advance } = fakeEnvironment()
    fullLoad(new URL('https://x.test/a'), env)
    expect(fullLoad(new URL('https://x.test/b'), env)).toBe(true)
    advance(10_000)
    expect(fullLoad(new URL('https://x.test/a'), env)).toBe(true)
    expect(assigned).toHaveLength(3)
  })

  it('survives a corrupt guard entry', () => {
    const { env, store, assigned } = fakeEnvironment()
    store.set('kiymet:full-load-guard', '{not json')
    expect(fullLoad(new URL('https://x.test/a'), env)).toBe(true)
    expect(assigned).toHaveLength(1)
  })
})
