import { PRIVATE_CACHE_PREFIX } from '../service-worker/cache-names'

/**
 * Deletes every cache that may hold a signed-in user's data. Sign-out calls it, so the next
 * person on the device sees nothing of the previous one.
 * @returns the names of the caches deleted
 */
export async function clearPrivateCaches(storage: CacheStorage = caches): Promise<string[]> {
  const names = (await storage.keys()).filter((name) => name.startsWith(PRIVATE_CACHE_PREFIX))
  await Promise.all(names.map((name) => storage.delete(name)))
  return names
}
