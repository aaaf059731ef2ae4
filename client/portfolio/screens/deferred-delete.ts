import { useCallback, useEffect, useRef, useState } from 'react'

/** How long "Undo" is offered before a delete is sent. */
export const UNDO_MS = 6000

/**
 * Deletes later: the item disappears at once, and the request goes out only when the undo window
 * has passed (or when the screen closes in the app). Closing the tab in the window sends
 * nothing, so the item is still there next time: a mistaken delete never loses data.
 */
export function useDeferredDelete<Item extends { id: string }>(send: (item: Item) => void) {
  const [pending, setPending] = useState<Item | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const latest = useRef<{ item: Item | null; send: typeof send }>({ item: null, send })
  latest.current = { item: pending, send }

  const commit = useCallback(() => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    const { item, send: sendNow } = latest.current
    if (item) sendNow(item)
    setPending(null)
  }, [])

  const schedule = useCallback(
    (item: Item) => {
      // A second delete in the window sends the first one now.
      commit()
      latest.current.item = item
      setPending(item)
      timer.current = setTimeout(commit, UNDO_MS)
    },
    [commit],
  )

  const undo = useCallback(() => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    setPending(null)
  }, [])

  // Leaving the screen in the app keeps the user's decision.
  useEffect(() => commit, [commit])

  /** Sends the waiting delete now, when something cannot wait for the window to pass. */
  return { pending, schedule, undo, now: commit }
}
