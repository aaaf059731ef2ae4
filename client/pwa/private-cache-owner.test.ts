import { describe, expect, it } from 'vitest'
import { PRIVATE_CACHE_PREFIX, PUBLIC_PAGES_CACHE } from '../service-worker/cache-names'
import { claimPrivateCaches, PRIVATE_CACHE_OWNER_KEY } from './private-cache-owner'

function fakes(owner: string | null) {
  const values = new Map<string, string>(owner ? [[PRIVATE_CACHE_OWNER_KEY, owner]] : [])
  const storage = {
    get length() {
      return values.size
    },
    key: (index: number) => [...values.keys()][index] ?? null,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  }
  const caches = new Set([`${PRIVATE_CACHE_PREFIX}pages-v1`, PUBLIC_PAGES_CACHE])
  const cacheStorage = {
    keys: async () => [...caches],
    delete: async (name: string) => caches.delete(name),
  } as unknown as CacheStorage
  return { values, storage, caches, cacheStorage }
}

describe('claimPrivateCaches', () => {
  it('keeps the caches of the user who filled them', async () => {
    const { storage, caches, cacheStorage } = fakes('user-a')
    expect(await claimPrivateCaches('user-a', storage, cacheStorage)).toBe(false)
    expect(caches.has(`${PRIVATE_CACHE_PREFIX}pages-v1`)).toBe(true)
  })

  it("empties another user's caches before naming the new owner", async () => {
    const { values, storage, caches, cacheStorage } = fakes('user-a')
    expect(await claimPrivateCaches('user-b', storage, cacheStorage)).toBe(true)
    expect([...caches]).toEqual([PUBLIC_PAGES_CACHE])
    expect(values.get(PRIVATE_CACHE_OWNER_KEY)).toBe('user-b')
  })

  it('empties them for a signed-out visitor and forgets the owner and their choices', async () => {
    const { values, storage, caches, cacheStorage } = fakes('user-a')
    values.set('kiymet.view.benchmark.p1', '{"id":"i","name":"My fund"}')
    expect(await claimPrivateCaches(null, storage, cacheStorage)).toBe(true)
    expect([...caches]).toEqual([PUBLIC_PAGES_CACHE])
    expect([...values.keys()]).toEqual([])
  })

  it('empties them for a signed-out visitor even when no owner was ever named', async () => {
    const { storage, caches, cacheStorage } = fakes(null)
    expect(await claimPrivateCaches(null, storage, cacheStorage)).toBe(true)
    expect([...caches]).toEqual([PUBLIC_PAGES_CACHE])
    expect(await claimPrivateCaches(null, storage, cacheStorage)).toBe(false)
  })

  it('empties caches of unknown origin for the first user to sign in', async () => {
    const { values, storage, caches, cacheStorage } = fakes(null)
    expect(await claimPrivateCaches('user-a', storage, cacheStorage)).toBe(true)
    expect([...caches]).toEqual([PUBLIC_PAGES_CACHE])
    expect(values.get(PRIVATE_CACHE_OWNER_KEY)).toBe('user-a')
  })
})
