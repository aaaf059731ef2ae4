import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { RequestAuth } from '../auth/session'
import type { AppEnv } from '../env'
import { createApiApp, MAX_BODY_BYTES } from './api-app'

// The API without a database: everything here is answered before any query runs.
const api = createApiApp()

/** The same API behind a session that names a signed-in user, as the session middleware would. */
const signedInApi = new Hono<AppEnv>()
  .use((c, next) => {
    c.set('auth', {
      session: {
        status: 'signed-in',
        claims: { sub: 'user-1', role: 'authenticated', session_id: 's', aal: 'aal1', exp: 0 },
      },
      client: () => {
        throw new Error('not used')
      },
    } satisfies RequestAuth)
    return next()
  })
  .route('/', api)

const unlimited = { limit: async () => ({ success: true }) }
const limits = { API_WRITE_LIMITER: unlimited, API_READ_LIMITER: unlimited }

function call(path: string, init: RequestInit = {}) {
  return api.request(`https://kiymet.app${path}`, init, limits)
}

/** A call of a signed-in caller: what it sends is read only once who calls is settled. */
function callSignedIn(path: string, init: RequestInit = {}) {
  return signedInApi.request(`https://kiymet.app${path}`, init, limits)
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string; fields?: unknown } })
    .error
}

describe('the API app', () => {
  it('publishes an OpenAPI 3.1 document of every route', async () => {
    const response = await call('/api/openapi.json')
    expect(response.status).toBe(200)
    const document = (await response.json()) as {
      openapi: string
      paths: Record<string, Record<string, unknown>>
    }
    expect(document.openapi).toBe('3.1.0')
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(operations.sort()).toEqual(
      [
        'GET /api/portfolios',
        'POST /api/portfolios',
        'GET /api/portfolios/{id}',
        'PATCH /api/portfolios/{id}',
        'DELETE /api/portfolios/{id}',
        'GET /api/portfolios/{id}/transactions',
        'POST /api/portfolios/{id}/transactions',
        'PATCH /api/portfolios/{id}/transactions/{txId}',
        'DELETE /api/portfolios/{id}/transactions/{txId}',
        'GET /api/portfolios/{id}/report',
        'GET /api/portfolios/{id}/sales',
        'GET /api/portfolios/{id}/performance',
        'GET /api/portfolios/{id}/gains',
        'GET /api/portfolios/{id}/benchmark',
        'GET /api/portfolios/{id}/explain',
        'GET /api/instruments',
        'POST /api/instruments',
        'GET /api/instruments/lookup',
        'POST /api/instruments/lookup',
        'POST /api/instruments/{id}/prices/refresh',
        'PATCH /api/instruments/{id}',
        'DELETE /api/instruments/{id}',
        'GET /api/instruments/{id}/prices',
        'PUT /api/instruments/{id}/prices',
        'GET /api/instruments/{id}/quote-status',
        'GET /api/fx',
        'GET /api/export',
        'POST /api/portfolios/{id}/imports',
        'GET /api/portfolios/{id}/export',
        'GET /api/portfolios/{id}/lots',
        'GET /api/import-mappings',
        'POST /api/import-mappings',
        'DELETE /api/import-mappings/{id}',
        'GET /api/tax-years/{year}',
        'GET /api/portfolios/{id}/tax-years',
        'PUT /api/portfolios/{id}/tax-years/{year}',
        'DELETE /api/portfolios/{id}/tax-years/{year}',
        'GET /api/portfolios/{id}/tax/germany/{year}',
        'GET /api/tax/germany/{year}',
        'GET /api/portfolios/{id}/tax/turkey/{year}',
        'GET /api/tax/turkey/{year}',
        'GET /api/portfolios/{id}/tax/germany/sale-preview',
        'GET /api/portfolios/{id}/tax/turkey/sale-preview',
        'GET /api/billing',
        'POST /api/billing/checkout',
        'POST /api/billing/portal',
        'POST /api/billing/period',
        'GET /api/billing/invoices/{id}',
        'POST /api/account/delete',
      ].sort(),
    )
    const operations429 = Object.values(document.paths)
      .flatMap((methods) => Object.values(methods))
      .map((operation) => (operation as { responses: Record<string, object> }).responses['429'])
    expect(operations429).toHaveLength(operations.length)
    for (const answer of operations429) expect(answer).toHaveProperty(['headers', 'Retry-After'])
    const body = JSON.stringify(document)
    expect(body).toContain('"bearerAuth"')
    expect(body).toContain('"idempotencyKey"')
  })

  it('answers a caller without a session 401, in the language of Accept-Language', async () => {
    const response = await call('/api/portfolios', {
      headers: { 'Accept-Language': 'de-DE,de;q=0.9' },
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const error = await errorOf(response)
    expect(error.code).toBe('not_authenticated')
    expect(error.message).toMatch(/nicht angemeldet/)
  })

  it('refuses a malformed query with 400 and names the parameter', async () => {
    const response = await callSignedIn('/api/portfolios/not-an-id/report?asOf=2024-13-01', {
      headers: { 'Accept-Language': 'en' },
    })
    expect(response.status).toBe(400)
    const error = await errorOf(response)
    expect(error.code).toBe('invalid_query')
    expect(error.fields).toEqual([
      { path: 'asOf', code: 'date', message: 'Enter a date as YYYY-MM-DD.' },
    ])
  })

  it('refuses a date outside 1900–2099 before any work: a daily series of centuries would not fit', async () => {
    const id = '6a2b3c4d-1111-4222-8333-944445555666'
    const response = await callSignedIn(`/api/portfolios/${id}/performance?to=9999-12-31`, {
      headers: { 'Accept-Language': 'en' },
    })
    expect(response.status).toBe(400)
    expect((await errorOf(response)).fields).toEqual([
      { path: 'to', code: 'date_range', message: 'Enter a date from 1900 to 2099.' },
    ])
  })

  it('refuses malformed JSON with 400', async () => {
    const response = await callSignedIn('/api/portfolios', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'tr' },
      body: '{"name": ',
    })
    expect(response.status).toBe(400)
    const error = await errorOf(response)
    expect(error).toEqual({
      code: 'malformed_json',
      message: 'İstek gövdesi geçerli bir JSON değil.',
    })
  })

  it('refuses an invalid body with 422 and a localized message per field', async () => {
    const response = await callSignedIn('/api/portfolios', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
      body: JSON.stringify({ name: ' ', baseCurrency: 'usd', costBasisMethod: 'LIFO' }),
    })
    expect(response.status).toBe(422)
    const error = await errorOf(response)
    expect(error.code).toBe('validation_failed')
    expect(error.fields).toEqual([
      { path: 'name', code: 'required', message: 'Required.' },
      {
        path: 'baseCurrency',
        code: 'currency',
        message: 'Use a currency code the app has exchange rates for, like USD.',
      },
      {
        path: 'costBasisMethod',
        code: 'invalid_choice',
        message: 'Choose one of the offered values.',
      },
      { path: 'recordsCash', code: 'required', message: 'Required.' },
    ])
  })

  it('refuses a body that is not JSON with 415, and one over 1 MB with 413', async () => {
    const text = await callSignedIn('/api/portfolios', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'hello',
    })
    expect(text.status).toBe(415)
    expect((await errorOf(text)).code).toBe('unsupported_media_type')
    const large = await callSignedIn('/api/instruments', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
      body: JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES) }),
    })
    expect(large.status).toBe(413)
    expect(await errorOf(large)).toEqual({
      code: 'payload_too_large',
      message: 'The request is too large: at most 1 MB are accepted.',
    })
  })
})
