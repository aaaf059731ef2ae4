import type { Context } from 'hono'
import { resolveErrorState } from '../../client/app/resolve-state'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { localeOfPath } from '../../shared/routes/match-route'
import { paddleClient } from '../billing/paddle-settings'
import type { Env } from '../env'
import { renderDocument } from './render-document'
import { sessionViewForError } from '../auth/session-view'
import { DatabaseUnavailableError } from '../db/run-as-user'
import { requestFormats } from '../i18n/request-locale'
import { HttpError } from '../errors/http-error'
import { logError } from '../errors/log'

const currentYear = () => new Date().getUTCFullYear()

/** The 404 screen: the exact message of the specification, in the visitor's language. */
export async function renderNotFound(c: Context<{ Bindings: Env }>): Promise<Response> {
  const path = new URL(c.req.url).pathname
  const state = await resolveErrorState(
    localeOfPath(path),
    { status: 404, message: `Page Not Found: ${path}`, path, requestId: c.get('requestId') },
    currentYear(),
    requestFormats(c),
    sessionViewForError(c),
    paddleClient(c.env),
  )
  return renderDocument(c, state, 404)
}

/** Last resort when even the error screen cannot render: plain, static, still with the id. */
function minimalErrorPage(status: number, message: string, requestId: string): string {
  const safe = message.replace(/[&<>"']/g, '')
  return `<!doctype html><html><head><meta charset="utf-8"><title>${status}</title><meta name="robots" content="noindex"></head><body><main><p>${status}</p><h1>Ooops.</h1><p>${safe}</p><p>${requestId}</p></main></body></html>`
}

/**
 * Hono's onError: logs the error with the request id and answers with the fallback screen
 * (status code, "Ooops." and the message). Stack traces and internal messages never reach a
 * response; they are in the log line, under the same request id.
 */
export async function handleError(error: Error, c: Context<{ Bindings: Env }>): Promise<Response> {
  const requestId = c.get('requestId')
  logError(c, error, 'handler')
  const path = new URL(c.req.url).pathname
  const locale = localeOfPath(path)
  const status =
    error instanceof HttpError
      ? error.status
      : error instanceof DatabaseUnavailableError
        ? 503
        : 500
  try {
    // Only errors meant for the visitor show their message; the log line has everything else.
    const message =
      error instanceof HttpError
        ? error.message
        : createTranslator(locale, await loadMessages(locale)).t(
            status === 503 ? 'errors.unavailableMessage' : 'errors.internalMessage',
          )
    const state = await resolveErrorState(
      locale,
      { status, message, path, requestId },
      currentYear(),
      requestFormats(c),
      sessionViewForError(c),
      paddleClient(c.env),
    )
    const response = await renderDocument(c, state, status)
    if (status === 503) response.headers.set('Retry-After', '5')
    return response
  } catch (renderError) {
    logError(c, renderError, 'error-screen')
    return c.html(minimalErrorPage(status, 'Internal Server Error', requestId), status as 500, {
      'Cache-Control': 'private, no-store',
    })
  }
}
