/** What says the visitor is using the page: a press (mouse, pen or finger) or a key. */
const USE_EVENTS = ['pointerdown', 'keydown'] as const

/**
 * Runs `work` once, when the visitor first uses the page (presses or types) or comes back to its
 * tab after leaving it: for work that nothing on the screen needs until then, so it never
 * competes with the first screen.
 *
 * @example whenUsed(() => void startUserSync())
 */
export function whenUsed(
  work: () => void,
  page: EventTarget = window,
  doc: Pick<Document, 'visibilityState'> & EventTarget = document,
): void {
  const stop = new AbortController()
  const run = () => {
    stop.abort()
    work()
  }
  const options = { capture: true, passive: true, signal: stop.signal }
  for (const type of USE_EVENTS) page.addEventListener(type, run, options)
  doc.addEventListener(
    'visibilitychange',
    () => {
      if (doc.visibilityState === 'visible') run()
    },
    { signal: stop.signal },
  )
}
