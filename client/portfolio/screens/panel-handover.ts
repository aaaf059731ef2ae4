import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react'

/** Outcomes on their way from a panel that left to its counterpart arriving, by panel key. */
const handedOver = new Map<string, { outcome: unknown; focus: boolean }>()

/**
 * What a panel says of its last action (a transaction added, a file imported), kept when the
 * panel is replaced by its counterpart: the first transaction or import turns the empty
 * portfolio's screen into the full one, and the panel that did it goes with the empty state.
 * The one leaving hands over its outcome, and the focus when it held it; the one arriving with
 * the same `key`, mounted in the same commit, takes both (`takeFocus`). Nothing is handed over
 * to another screen, nor outlives that commit.
 */
export function useHandedOverOutcome<T>(
  key: string,
  panel: RefObject<HTMLElement | null>,
  takeFocus: () => void,
): [T | null, (outcome: T | null) => void] {
  const [outcome, setOutcome] = useState<T | null>(null)
  // Read as the panel leaves, in a commit that may drop the state update it had just asked for.
  const latest = useRef<T | null>(null)
  const set = useCallback((next: T | null) => {
    latest.current = next
    setOutcome(next)
  }, [])
  const focus = useRef(takeFocus)
  useLayoutEffect(() => {
    focus.current = takeFocus
  })

  useLayoutEffect(() => {
    const given = handedOver.get(key)
    if (given) {
      handedOver.delete(key)
      set(given.outcome as T | null)
      if (given.focus) focus.current()
    }
    const node = panel.current
    const screen = window.location.pathname
    // A layout effect's cleanup runs before the panel's elements leave the document.
    return () => {
      // Leaving with its screen (the router changes the address first), it hands nothing over.
      if (window.location.pathname !== screen) return
      const hadFocus = node !== null && node.contains(document.activeElement)
      if (latest.current === null && !hadFocus) return
      handedOver.set(key, { outcome: latest.current, focus: hadFocus })
      queueMicrotask(() => handedOver.delete(key))
    }
  }, [key, panel, set])

  return [outcome, set]
}
