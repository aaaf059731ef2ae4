import { Suspense, use } from 'react'
import { Hono } from 'hono'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:test'
import { resolvePageState } from '../../client/app/resolve-state'
import { definePage } from '../../client/pages/page-definition'
import { AUTOMATIC_FORMATS } from '../../shared/i18n/format-locale'
import { matchRoute } from '../../shared/routes/match-route'
import type { AppEnv } from '../../worker/env'
import { handleError } from '../../worker/render/error-screen'
import { DatabaseUnavailableError } from '../../worker/db/run-as-user'
import { HttpError } from '../../worker/errors/http-error'
import { requestId } from 'hono/request-id'
import { securityHeaders } from '../../worker/middleware/security-headers'
import { renderDocument } from '../../worker/render/render-document'
import { fetchPage } from './fetch-page'

afterEach(() => {
  vi.restoreAllMocks()
})

/** A tiny app with the real middleware and error handler around a route that fails. */
function appThatFails(
  route: (c: Parameters<typeof renderDocument>[0]) => Promise<Response> | Response,
) {
  const app = new Hono<AppEnv>()
  app.use(requestId(), securityHeaders())
  app.get('*', route)
  app.onError(handleError)
  return (path: string, headers: Record<string, string> = {}) =>
    Promise.resolve(app.request(`https://kiymet.app${path}`, { headers }, env))
}

describe('404', () => {
  it('answers unknown paths with status 404 and the exact message, in the layout', async () => {
    const response = await fetchPage('/de/gibt-es-nicht')
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('Page Not Found: /de/gibt-es-nicht')
    expect(html).toContain('<html lang="de-DE">')
    expect(html).toContain('<header class="site-header">')
    expect(html).toContain('<footer class="site-footer">')
    expect(html).toContain('<meta name="robots" content="noindex"')
    expect(response.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it.each([
    '/portfoyum/not-a-uuid',
    '/portfoyum/3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b/transaction--turk-hava-yollari',
    '/en/portfolio/3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b/transaction-THYAO-',
  ])('treats bad params as unknown: %s', async (path) => {
    expect((await fetchPage(path)).status).toBe(404)
  })

  it('escapes the path it echoes', async () => {
    const html = await (await fetchPage('/%3Cscript%3Ealert(1)%3C/script%3E')).text()
    expect(html).not.toContain('<script>alert(1)')
  })

  it('answers other methods on an unknown path with the 404 screen, not a crash', async () => {
    const response = await fetchPage('/en/nope', { method: 'POST' })
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('Page Not Found: /en/nope')
  })
})

describe('fallback screen', () => {
  it('shows status, Ooops. and a localized message, hides details, and logs with the request id', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const request = appThatFails(() => {
      throw new Error('secret database detail')
    })
    const response = await request('/de/preise')
    expect(response.status).toBe(500)
    const html = await response.text()
    const id = response.headers.get('X-Request-Id')
    expect(id).toBeTruthy()
    expect(html).toContain('<p class="error-view__status">500</p>')
    expect(html).toContain('Ooops.')
    expect(html).toContain('Interner Serverfehler')
    expect(html).toContain(`Referenz: ${id}`)
    expect(html).not.toContain('secret database detail')
    expect(html).not.toMatch(/at .*\.(ts|js):\d+/)
    const logged = log.mock.calls.map(
      (call) => JSON.parse(String(call[0])) as Record<string, unknown>,
    )
    expect(logged).toContainEqual(
      expect.objectContaining({
        requestId: id,
        message: 'secret database detail',
        path: '/de/preise',
      }),
    )
  })

  it('shows the message of an error meant for the visitor, with its status', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const request = appThatFails(() => {
      throw new HttpError(403, 'Forbidden')
    })
    const response = await request('/en/profile')
    expect(response.status).toBe(403)
    const html = await response.text()
    expect(html).toContain('<p class="error-view__status">403</p>')
    expect(html).toContain('<p class="error-view__message">Forbidden</p>')
  })

  it('answers an unreachable database with a localized 503 the client may retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const request = appThatFails(() => {
      throw new DatabaseUnavailableError('connect')
    })
    const response = await request('/portfoyum')
    expect(response.status).toBe(503)
    expect(response.headers.get('Retry-After')).toBe('5')
    const html = await response.text()
    expect(html).toContain('<p class="error-view__status">503</p>')
    expect(html).toContain('Hizmet geçici olarak kullanılamıyor')
    expect(html).not.toContain('Database unavailable')
  })

  it('turns an error while rendering the page into the fallback screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const match = matchRoute('/en/pricing')
    if (!match) throw new Error('no route')
    const broken = definePage({
      Component: () => {
        throw new Error('render exploded')
      },
    })
    const request = appThatFails(async (c) => {
      const state = await resolvePageState(match, 2026, AUTOMATIC_FORMATS)
      return renderDocument(
        c,
        { ...state, screen: { kind: 'page', match, page: broken, data: undefined, api: null } },
        200,
      )
    })
    const response = await request('/en/pricing')
    expect(response.status).toBe(500)
    const html = await response.text()
    expect(html).toContain('Ooops.')
    expect(html).toContain('Internal Server Error')
    expect(html).not.toContain('render exploded')
  })
})

describe('streaming', () => {
  const waitingPage = definePage({
    Component: () => (
      <Suspense fallback={<p>loading</p>}>
        <SlowText />
      </Suspense>
    ),
  })
  const pending = new Map<string, Promise<string>>()
  function SlowText() {
    const key = 'slow'
    if (!pending.has(key))
      pending.set(key, new Promise((resolve) => setTimeout(() => resolve('late content'), 20)))
    return <p>{use(pending.get(key) as Promise<string>)}</p>
  }

  async function render(userAgent: string) {
    pending.clear()
    const match = matchRoute('/en')
    if (!match) throw new Error('no route')
    const request = appThatFails(async (c) => {
      const state = await resolvePageState(match, 2026, AUTOMATIC_FORMATS)
      return renderDocument(
        c,
        {
          ...state,
          screen: { kind: 'page', match, page: waitingPage, data: undefined, api: null },
        },
        200,
      )
    })
    const response = await request('/en', { 'User-Agent': userAgent })
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const first = new TextDecoder().decode((await reader.read()).value)
    let rest = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      rest += new TextDecoder().decode(value)
    }
    return { first, all: first + rest }
  }

  it('sends people the head before the page has finished rendering', async () => {
    const { first, all } = await render(
      'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36',
    )
    expect(first).toContain('<title>')
    expect(first).not.toContain('late content')
    expect(all).toContain('loading')
    expect(all).toContain('late content')
  })

  it('gives crawlers the complete document, with no fallback in it', async () => {
    const { all } = await render(
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    )
    expect(all).toContain('late content')
    expect(all).not.toContain('<p>loading</p>')
  })
})
