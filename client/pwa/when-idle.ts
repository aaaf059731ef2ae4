/** Where the browser has no idle callbacks, wait this long instead. */
export const IDLE_FALLBACK_MS = 50

/** The longest work waits for an idle moment: a page kept busy (or a slow device) still gets it. */
export const IDLE_DEADLINE_MS = 2_000

/** Runs work when the browser is idle, so it never competes with hydration or input. */
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback(() => work(), { timeout: IDLE_DEADLINE_MS })
  } else {
    setTimeout(work, IDLE_FALLBACK_MS)
  }
}
