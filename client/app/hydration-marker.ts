import { useEffect } from 'react'

/**
 * Marks <html data-hydrated="true"> once React owns the page (tests wait for it). It renders
 * nothing and its effect never runs on the server, so server and browser trees stay identical.
 */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return null
}
