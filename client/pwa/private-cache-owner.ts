import { forgetViewChoices, type ChoiceStorage } from '../app/view-choices'
import { clearPrivateCaches } from './clear-private-caches'

/** The localStorage key naming the user whose screens the private caches hold. */
export const PRIVATE_CACHE_OWNER_KEY = 'kiymet-private-owner'

/**
 * Makes the private caches belong to whoever is signed in now: when they were filled for another
 * user, or the visitor is signed out, they are emptied first, and the screens' remembered choices
 * forgotten. Sign-out clears them too, but a
 * session can also end without one (it expired, another tab signed out while this one was
 * closed), and the next person on the device must not read the previous one's screens offline.
 * @returns whether caches were emptied
 */
export async function claimPrivateCaches(
  userId: string | null,
  storage: ChoiceStorage = localStorage,
  cacheStorage?: CacheStorage,
): Promise<boolean> {
  // Without a session nothing private may stay, whoever is named: the service worker can fill a
  // cache before any page has named its owner (a private screen closed before its scripts ran).
  if (userId !== null && storage.getItem(PRIVATE_CACHE_OWNER_KEY) === userId) return false
  // Cleared before the new owner is named: if clearing fails, the next call tries again.
  const cleared = await clearPrivateCaches(cacheStorage)
  forgetViewChoices(storage)
  if (userId) storage.setItem(PRIVATE_CACHE_OWNER_KEY, userId)
  else storage.removeItem(PRIVATE_CACHE_OWNER_KEY)
  return cleared.length > 0
}
