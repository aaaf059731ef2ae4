import type { Context } from 'hono'
import { isbot } from 'isbot'
import { renderToReadableStream } from 'react-dom/server'
import { App } from '../../client/app/app'
import type { AppState } from '../../client/app/app-state'
import { routeAccess } from '../../client/routes/route-table'
import { headForState } from '../../client/seo/page-head'
import type { Env } from '../env'
import { logError } from '../errors/log'
import { concatStreams } from './concat-streams'
import { bootPayload, documentEnd, documentStart } from './document-shell'
import { siteOrigin } from './site-origin'

const encoder = new TextEncoder()

/** Private screens and error screens are personal or transient: never stored, never indexed. */
function isPrivate(state: AppState): boolean {
  return state.screen.kind === 'error' || routeAccess(state.screen.match.name) === 'private'
}

/**
 * Streams a state as a complete HTML document. People get the head at once and the body as React
 * renders it; crawlers get the whole document before the first byte. A failure before React's
 * shell is ready rejects, so the caller can answer with the error screen and its status instead.
 */
export async function renderDocument(
  c: Context<{ Bindings: Env }>,
  state: AppState,
  status: number,
): Promise<Response> {
  const nonce = c.get('cspNonce')
  const path = new URL(c.req.url).pathname
  const head = headForState(state, siteOrigin(c), path)
  const stream = await renderToReadableStream(<App state={state} />, {
    nonce,
    signal: c.req.raw.signal,
    onError(error) {
      // After the shell, errors only affect a Suspense boundary, which the browser retries.
      logError(c, error, 'render')
    },
  })
  if (isbot(c.req.header('User-Agent') ?? '')) await stream.allReady
  const body = concatStreams([
    encoder.encode(documentStart(head, state, nonce)),
    stream,
    encoder.encode(documentEnd(bootPayload(state), nonce)),
  ])
  const privateScreen = isPrivate(state)
  return c.body(body, status as 200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': privateScreen ? 'private, no-store' : 'private, no-cache',
    ...(privateScreen ? { 'X-Robots-Tag': 'noindex' } : {}),
  })
}
