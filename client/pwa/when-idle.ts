/** Where the browser has no idle callbacks, wait this long instead. */
export const IDLE_FALLBACK_MS = 50

/** Runs work when the browser is idle, so it never competes with hydration or input. */
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work())
  else setTimeout(work, IDLE_FALLBACK_MS)
}
