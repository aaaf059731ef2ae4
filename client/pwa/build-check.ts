import { requestFullLoadOnNextNavigation } from '../navigation/full-load'

/** The browser asks for the latest build this often: hourly. */
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000
export const LATEST_BUILD_URL = '/builds/latest.json'

export interface BuildCheckEnvironment {
  fetchLatest(): Promise<unknown>
  now(): number
  every(ms: number, work: () => void): void
  onVisible(work: () => void): void
  onNewBuild(): void
}

const browserEnvironment = (): BuildCheckEnvironment => ({
  fetchLatest: async () => (await fetch(LATEST_BUILD_URL, { cache: 'no-store' })).json(),
  now: () => Date.now(),
  every: (ms, work) => void setInterval(work, ms),
  onVisible: (work) =>
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') work()
    }),
  onNewBuild: requestFullLoadOnNextNavigation,
})

/**
 * Checks /builds/latest.json every 60 minutes, and when the tab becomes visible after at least
 * that long; when another build is out, the next navigation becomes a full page load.
 */
export function startBuildChecks(
  ownBuildId: string,
  env: BuildCheckEnvironment = browserEnvironment(),
): void {
  let lastCheck = env.now()
  const check = async () => {
    lastCheck = env.now()
    try {
      const latest = await env.fetchLatest()
      const id = (latest as { id?: unknown } | null)?.id
      if (typeof id === 'string' && id !== ownBuildId) env.onNewBuild()
    } catch {
      // Offline or a deploy in progress: the next check will tell.
    }
  }
  env.every(BUILD_CHECK_INTERVAL_MS, () => void check())
  env.onVisible(() => {
    if (env.now() - lastCheck >= BUILD_CHECK_INTERVAL_MS) void check()
  })
}
