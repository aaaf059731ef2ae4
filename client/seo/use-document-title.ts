import { useEffect } from 'react'
import { useCurrentRoute } from '../app/route-context'

/**
 * Names the screen in the browser's tab once its data is known: after client-side navigation the
 * router's head has only the route's title. On a full load the server's head already says the
 * same. Null leaves the title as it is. Set again on every navigation (the router resets it first),
 * even when the next screen's title reads the same.
 */
export function useDocumentTitle(title: string | null): void {
  const route = useCurrentRoute()
  useEffect(() => {
    if (title !== null) document.title = title
  }, [title, route])
}
