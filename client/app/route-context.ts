import { createContext, useContext } from 'react'
import type { RouteMatch } from '../../shared/routes/match-route'

/** The screen on show, or null on an error screen; the language switcher needs it. */
export const RouteContext = createContext<RouteMatch | null>(null)

export function useCurrentRoute(): RouteMatch | null {
  return useContext(RouteContext)
}
