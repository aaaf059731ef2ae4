import type { Context } from 'hono'
import { localeInfo } from '../../shared/i18n/locales'
import { loadMessages, type MessageKey } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { buildPath } from '../../shared/routes/build-path'
import { pathOrAcceptedLocale } from '../i18n/request-locale'
import { escapeHtml } from '../render/html-escape'

/** The statuses answered with a short page, each with its message under `errors.<key>`. */
export const SHORT_PAGE_MESSAGES = {
  405: 'errors.methodNotAllowed',
  414: 'errors.uriTooLong',
  421: 'errors.misdirectedRequest',
  431: 'errors.requestTooLarge',
} as const satisfies Record<number, MessageKey>

export type ShortPageStatus = keyof typeof SHORT_PAGE_MESSAGES

/**
 * A small page for a request refused before any rendering: its status and one localized
 * sentence, never a word of the request itself (its path, query or headers may be huge or
 * hostile). Not cached, not indexed.
 */
export async function shortPage(
  c: Context,
  status: ShortPageStatus,
  headers: Record<string, string> = {},
): Promise<Response> {
  const locale = pathOrAcceptedLocale(new URL(c.req.url).pathname, c.req.header('Accept-Language'))
  const { t } = createTranslator(locale, await loadMessages(locale))
  const message = escapeHtml(t(SHORT_PAGE_MESSAGES[status]))
  const html =
    `<!doctype html><html lang="${localeInfo(locale).iso}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${status}</title></head>` +
    `<body><main><h1>${status}</h1><p>${message}</p>` +
    `<p><a href="${buildPath('home', locale)}">${escapeHtml(t('errors.backHome'))}</a></p>` +
    `</main></body></html>`
  return c.html(html, status, { 'Cache-Control': 'no-store', ...headers })
}
