import type { AppState } from '../app/app-state'
import type { Locale } from '../../shared/i18n/locales'
import type { RouteName } from '../../shared/routes/route-table'

/** Announced on window after every page shown, the first one included. */
export const NAVIGATED_EVENT = 'kiymet:navigated'

export interface NavigatedDetail {
  /** The screen, or "notFound"/"error" for error screens. */
  screen: RouteName | 'notFound' | 'error'
  locale: Locale
  url: string
  /** True for the page the server rendered, false for pages shown by client-side navigation. */
  initial: boolean
}

export function announceNavigation(detail: NavigatedDetail): void {
  window.dispatchEvent(new CustomEvent<NavigatedDetail>(NAVIGATED_EVENT, { detail }))
}

/** The name a state's screen is announced under. */
export function screenOf(state: AppState): NavigatedDetail['screen'] {
  const { screen } = state
  if (screen.kind === 'page') return screen.match.name
  return screen.status === 404 ? 'notFound' : 'error'
}
