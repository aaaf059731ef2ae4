import type { PaddleClient } from '../../shared/api/schemas'
import { SIGNED_OUT_VIEW, type SessionView } from '../../shared/auth/viewer'
import { formatLocaleOf, type FormatPreference } from '../../shared/i18n/format-locale'
import type { Locale } from '../../shared/i18n/locales'
import type { MessageGroup } from '../../shared/i18n/message-groups'
import { loadMessageGroups } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { pageMessageGroups } from '../pages/page-files'
import { loadPage } from '../pages/page-registry'
import type { RouteMatch } from '../../shared/routes/match-route'
import type { ApiSnapshot } from '../../shared/api/api-snapshot'
import type { AppState, BootPayload, ErrorScreen } from './app-state'
import { ChunkLoadError } from './chunk-load-error'

/** Loads what a screen needs (messages, page chunk, page data) in parallel. */
export async function resolvePageState(
  match: RouteMatch,
  year: number,
  formats: FormatPreference,
  session: SessionView = SIGNED_OUT_VIEW,
  api: ApiSnapshot | null = null,
  checkout: PaddleClient | null = null,
): Promise<AppState> {
  const messageGroups = pageMessageGroups(match, session)
  const [messages, page] = await Promise.all([
    loadMessageGroups(match.locale, messageGroups),
    loadPage(match.name),
  ]).catch((error: unknown) => {
    throw new ChunkLoadError(error)
  })
  const data = await page.load(match)
  return {
    locale: match.locale,
    formats,
    translator: createTranslator(match.locale, messages, formatLocaleOf(match.locale, formats)),
    messageGroups,
    screen: { kind: 'page', match, page, data, api },
    year,
    session,
    checkout,
  }
}

export async function resolveErrorState(
  locale: Locale,
  error: Omit<ErrorScreen, 'kind'>,
  year: number,
  formats: FormatPreference,
  session: SessionView = SIGNED_OUT_VIEW,
  checkout: PaddleClient | null = null,
): Promise<AppState> {
  // An error screen shows the header and footer and its message; the dialog may be open on it.
  const messageGroups: MessageGroup[] = session.dialog ? ['core', 'auth'] : ['core']
  const messages = await loadMessageGroups(locale, messageGroups)
  return {
    locale,
    formats,
    translator: createTranslator(locale, messages, formatLocaleOf(locale, formats)),
    messageGroups,
    screen: { kind: 'error', ...error },
    year,
    session,
    checkout,
  }
}

/** Rebuilds in the browser exactly the state the server rendered. */
export function resolveBootState(boot: BootPayload): Promise<AppState> {
  if (boot.screen.kind === 'page') {
    return resolvePageState(
      boot.screen.match,
      boot.year,
      boot.formats,
      boot.session,
      boot.screen.api,
      boot.checkout,
    )
  }
  const { kind: _kind, ...error } = boot.screen
  return resolveErrorState(boot.locale, error, boot.year, boot.formats, boot.session, boot.checkout)
}
