import type { PaddleClient } from '../../shared/api/schemas'
import type { SessionView } from '../../shared/auth/viewer'
import type { ApiSnapshot } from '../../shared/api/api-snapshot'
import type { FormatPreference } from '../../shared/i18n/format-locale'
import type { Locale } from '../../shared/i18n/locales'
import type { MessageGroup } from '../../shared/i18n/message-groups'
import type { Translator } from '../../shared/i18n/translator'
import type { PageDefinition } from '../pages/page-definition'
import type { RouteMatch } from '../../shared/routes/match-route'

/** An error screen: a 404 for unknown paths, or the fallback for anything that failed. */
export interface ErrorScreen {
  kind: 'error'
  status: number
  message: string
  path: string
  requestId: string | null
}

export interface PageScreen {
  kind: 'page'
  match: RouteMatch
  page: PageDefinition
  data: unknown
  /** A private screen's API answers, read by the server for its user; null otherwise. */
  api: ApiSnapshot | null
}

/** Everything the React tree renders from: the same on the server and in the browser. */
export interface AppState {
  locale: Locale
  /** The reader's formats, decided by the server; the translator holds this page's. */
  formats: FormatPreference
  translator: Translator
  /** The message groups the translator holds; the worker preloads their chunks. */
  messageGroups: readonly MessageGroup[]
  screen: PageScreen | ErrorScreen
  /** Fixed by the server, so the footer's year never differs between server and browser. */
  year: number
  session: SessionView
  /** Paddle.js's settings where this installation sells Pro; null where it does not. */
  checkout: PaddleClient | null
}

/** What the server hands the browser to rebuild the same AppState before hydrating. */
export interface BootPayload {
  locale: Locale
  /** The formats the server rendered with; the browser renders with the same, never its own. */
  formats: FormatPreference
  year: number
  checkout: PaddleClient | null
  screen:
    | { kind: 'page'; match: RouteMatch; api: ApiSnapshot | null }
    | (Omit<ErrorScreen, 'kind'> & { kind: 'error' })
  /** The client entry's build, compared with /builds/latest.json to detect new deploys. */
  buildId: string
  session: SessionView
  /** The Supabase project the browser's auth client talks to (its public anon key only). */
  supabase: { url: string; anonKey: string } | null
}
