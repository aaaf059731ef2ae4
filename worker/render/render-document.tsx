import type { Context } from 'hono'
import { isbot } from 'isbot'
import { renderToReadableStream } from 'react-dom/server'
import { App } from '../../client/app/app'
import type { AppState, BootPayload } from '../../client/app/app-state'
import type { FormatPreference } from '../../shared/i18n/format-locale'
import type { Viewer } from '../../shared/auth/viewer'
import { routeAccess } from '../../shared/routes/route-table'
import { headForState } from '../../client/seo/page-head'
import type { Env } from '../env'
import { logError } from '../errors/log'
import { concatStreams } from './concat-streams'
import { bootPayload, documentEnd, documentStart, type DocumentStyles } from './document-shell'
import { withCriticalCss } from './critical-css'
import { siteOrigin } from './site-origin'
import { cspNonce } from '../middleware/security-headers'

const encoder = new TextEncoder()

/** What the browser's auth client needs: the project URL and its public anon key, never more. */
function browserSupabase(env: Env): BootPayload['supabase'] {
  return env.SUPABASE_ANON_KEY ? { url: env.SUPABASE_URL, anonKey: env.SUPABASE_ANON_KEY } : null
}

/** Private screens and error screens are personal or transient: never stored, never indexed. */
function isPrivate(state: AppState): boolean {
  return state.screen.kind === 'error' || routeAccess(state.screen.match.name) === 'private'
}

function documentHeaders(privateScreen: boolean): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': privateScreen ? 'private, no-store' : 'private, no-cache',
    // Every document carries the reader's formats (requestFormats): English pages write with
    // them, and the others hand them on for the browser's next English page.
    Vary: 'Accept-Language, Cookie',
    ...(privateScreen ? { 'X-Robots-Tag': 'noindex' } : {}),
  }
}

/** The document as a byte stream, its scripts stamped with `nonce`. */
async function documentStream(
  c: Context<{ Bindings: Env }>,
  state: AppState,
  nonce: string,
  complete: boolean,
  styles: DocumentStyles = 'inline',
): Promise<ReadableStream<Uint8Array>> {
  const head = headForState(state, siteOrigin(c), new URL(c.req.url).pathname)
  const stream = await renderToReadableStream(<App state={state} />, {
    nonce,
    signal: c.req.raw.signal,
    onError(error) {
      // After the shell, errors only affect a Suspense boundary, which the browser retries.
      logError(c, error, 'render')
    },
  })
  if (complete) await stream.allReady
  return concatStreams([
    encoder.encode(documentStart(head, state, nonce, styles)),
    stream,
    encoder.encode(documentEnd(bootPayload(state, browserSupabase(c.env)), nonce)),
  ])
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
  const crawler = isbot(c.req.header('User-Agent') ?? '')
  const body = await documentStream(c, state, cspNonce(c), crawler)
  return c.body(body, status as 200, documentHeaders(isPrivate(state)))
}

// Public pages depend only on their path, the origin, the year, the reader's formats (a few
// regions) and whether someone is signed in (never who), so each isolate renders each once. The
// nonce goes in as an unguessable placeholder, replaced in every response; public pages echo
// nothing from the request, so nothing can smuggle the placeholder in.
// Made on first use: workerd allows no random values at global scope.
let nonceSlot: string | undefined
const MAX_CACHED_PAGES = 64
const renderedPublicPages = new Map<string, string>()

/** What a public page's rendering depends on, as its key in the isolate's store. */
export interface PublicPageKey {
  year: number
  formats: FormatPreference
  viewer: Viewer['status']
}

function keyOf(c: Context<{ Bindings: Env }>, key: PublicPageKey): string {
  const { english, chosen } = key.formats
  return `${siteOrigin(c)}${new URL(c.req.url).pathname}|${key.year}|${english}|${chosen}|${key.viewer}`
}

/** `html` with this response's nonce, and the headers of every public page. */
function publicResponse(c: Context<{ Bindings: Env }>, html: string): Response {
  if (nonceSlot === undefined) throw new Error('A public page was stored without a nonce slot')
  return c.body(html.replaceAll(nonceSlot, cspNonce(c)), 200, documentHeaders(false))
}

/** The public page this isolate already rendered for `key`, or null: render it then. */
export function storedPublicDocument(
  c: Context<{ Bindings: Env }>,
  key: PublicPageKey,
): Response | null {
  const html = renderedPublicPages.get(keyOf(c, key))
  return html === undefined ? null : publicResponse(c, html)
}

/**
 * A public page at close to static-file speed: rendered completely once per isolate, with only
 * the CSS rules it uses in its head (the stylesheet follows at the end of the body, cached), then
 * served from memory with this response's nonce (storedPublicDocument, before any state is
 * resolved). For private screens use renderDocument.
 */
export async function renderPublicDocument(
  c: Context<{ Bindings: Env }>,
  state: AppState,
): Promise<Response> {
  nonceSlot ??= `nonce-slot-${crypto.randomUUID()}`
  // Visitors and signed-in users get different headers; neither variant holds anything personal.
  const key = keyOf(c, {
    year: state.year,
    formats: state.formats,
    viewer: state.session.viewer.status,
  })
  let html = renderedPublicPages.get(key)
  if (html === undefined) {
    const rendered = await documentStream(c, state, nonceSlot, true, 'linked')
    html = withCriticalCss(await new Response(rendered).text(), nonceSlot)
    if (renderedPublicPages.size >= MAX_CACHED_PAGES) {
      const oldest = renderedPublicPages.keys().next().value
      if (oldest !== undefined) renderedPublicPages.delete(oldest)
    }
    renderedPublicPages.set(key, html)
  }
  return publicResponse(c, html)
}
