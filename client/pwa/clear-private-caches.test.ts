import { describe, expect, it } from 'vitest'
import { PRIVATE_CACHE_PREFIX, PUBLIC_PAGES_CACHE } from '../service-worker/cache-names'
import { clearPrivateCaches } from './clear-private-caches'

function fakeCacheStorage(names: string[]) {
  const present = new Set(names)
  const storage = {
    keys: async () => [...present],
    delete: async (name: string) => present.delete(name),
  } as unknown as CacheStorage
  return { storage, present }
}

describe('clearPrivateCaches', () => {
  it('deletes every private cache and keeps the shared ones', async () => {
    const { storage, present } = fakeCacheStorage([
      `${PRIVATE_CACHE_PREFIX}api-user-1`,
      `${PRIVATE_CACHE_PREFIX}pages-user-1`,
      PUBLIC_PAGES_CACHE,
      'workbox-precache-v2-https://kiymet.app/',
    ])
    expect((await clearPrivateCaches(storage)).sort()).toEqual([
      `${PRIVATE_CACHE_PREFIX}api-user-1`,
      `${PRIVATE_CACHE_PREFIX}pages-user-1`,
    ])
    expect([...present].sort()).toEqual(
      [PUBLIC_PAGES_CACHE, 'workbox-precache-v2-https://kiymet.app/'].sort(),
    )
  })

  it('does nothing when there is nothing private', async () => {
    const { storage, present } = fakeCacheStorage([PUBLIC_PAGES_CACHE])
    expect(await clearPrivateCaches(storage)).toEqual([])
    expect([...present]).toEqual([PUBLIC_PAGES_CACHE])
  })
})
