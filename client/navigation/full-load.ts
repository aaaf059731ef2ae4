/** No second forced full load of the same path within this window: a reload loop stops. */
export const RELOAD_GUARD_MS = 10_000
const STORAGE_KEY = 'kiymet:full-load-guard'

export interface FullLoadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'>
  assign(url: string): void
  now(): number
}

const browserEnvironment = (): FullLoadEnvironment => ({
  storage: sessionStorage,
  assign: (url) => window.location.assign(url),
  now: () => Date.now(),
})

let fullLoadOnNextNavigation = false

/**
 * Marks the app as stale (a page chunk failed to load, or a new build is out): the next
 * navigation becomes a full page load, which fetches the current build.
 */
export function requestFullLoadOnNextNavigation(): void {
  fullLoadOnNextNavigation = true
}

export function isFullLoadRequested(): boolean {
  return fullLoadOnNextNavigation
}

function readGuard(storage: FullLoadEnvironment['storage']): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}')
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {}
  } catch {
    return {}
  }
}

/**
 * Loads a URL as a full page unless the same path was force-loaded less than 10 s ago, which
 * means full loads are not fixing anything and another would only loop.
 * @returns whether the full load was started
 */
export function fullLoad(url: URL, env: FullLoadEnvironment = browserEnvironment()): boolean {
  const now = env.now()
  const guard = readGuard(env.storage)
  const last = guard[url.pathname]
  if (last !== undefined && now - last < RELOAD_GUARD_MS) return false
  const fresh = Object.fromEntries(
    Object.entries(guard).filter(([, time]) => now - time < RELOAD_GUARD_MS),
  )
  try {
    env.storage.setItem(STORAGE_KEY, JSON.stringify({ ...fresh, [url.pathname]: now }))
  } catch {
    // Storage may be full or disabled; without the guard a full load is still right.
  }
  env.assign(url.href)
  return true
}
