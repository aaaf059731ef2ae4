import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest'
import {
  ApiError,
  apiData,
  createApiClient,
  createApiFetch,
  OfflineError,
  retryDelayOf,
  shouldRetry,
} from './api-client'
import type { PortfolioList, PortfolioReport } from '../../shared/api/schemas'

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

const unavailable = () =>
  jsonResponse(503, { error: { code: 'database_unavailable', message: 'Später' } })

/** A fake server answering from a list, recording what it was sent. */
function server(...answers: (() => Response)[]) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init })
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]
    if (!answer) throw new TypeError('Failed to fetch')
    return answer()
  }
  return { calls, fetch: fetch as typeof globalThis.fetch }
}

function apiFetch(fake: ReturnType<typeof server>) {
  return createApiFetch({ locale: () => 'de', fetch: fake.fetch, retryDelayMs: () => 0 })
}

describe('shouldRetry', () => {
  it('retries the listed statuses for methods without a body only', () => {
    for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) {
      expect(shouldRetry('GET', status)).toBe(true)
      expect(shouldRetry('DELETE', status)).toBe(true)
      expect(shouldRetry('HEAD', status)).toBe(true)
      expect(shouldRetry('POST', status)).toBe(false)
      expect(shouldRetry('PATCH', status)).toBe(false)
      expect(shouldRetry('PUT', status)).toBe(false)
    }
    for (const status of [400, 401, 403, 404, 413, 422, 501]) {
      expect(shouldRetry('GET', status)).toBe(false)
    }
  })
})

describe('retryDelayOf', () => {
  const withRetryAfter = (value?: string) =>
    new Response(null, {
      status: 429,
      headers: value === undefined ? {} : { 'Retry-After': value },
    })
  const now = Date.parse('2024-06-03T12:00:00Z')

  it('waits the seconds or until the date of Retry-After, up to 10 s', () => {
    expect(retryDelayOf(withRetryAfter('2'), now)).toBe(2_000)
    expect(retryDelayOf(withRetryAfter('10'), now)).toBe(10_000)
    expect(retryDelayOf(withRetryAfter('Mon, 03 Jun 2024 12:00:04 GMT'), now)).toBe(4_000)
    expect(retryDelayOf(withRetryAfter('Mon, 03 Jun 2024 11:59:00 GMT'), now)).toBe(0)
  })

  it('does not retry when asked to wait longer than 10 s', () => {
    expect(retryDelayOf(withRetryAfter('11'), now)).toBeNull()
    expect(retryDelayOf(withRetryAfter('60'), now)).toBeNull()
    expect(retryDelayOf(withRetryAfter('Mon, 03 Jun 2024 12:01:00 GMT'), now)).toBeNull()
  })

  it('waits 300 ms without a usable Retry-After', () => {
    expect(retryDelayOf(withRetryAfter(), now)).toBe(300)
    expect(retryDelayOf(withRetryAfter('soon'), now)).toBe(300)
  })
})

describe('the API fetch', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  const rateLimited = (retryAfter: string) => () =>
    new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Zu viele' } }), {
      status: 429,
      headers: { 'Content-Type': 'application/json', 'Retry-After': retryAfter },
    })

  it('retries a 429 after the seconds of its Retry-After', async () => {
    vi.useFakeTimers()
    const fake = server(rateLimited('5'), () => jsonResponse(200, { ok: true }))
    const fetch = createApiFetch({ locale: () => 'de', fetch: fake.fetch })
    const answer = fetch('/api/portfolios', { method: 'GET' })
    await vi.advanceTimersByTimeAsync(4_999)
    expect(fake.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect((await answer).status).toBe(200)
    expect(fake.calls).toHaveLength(2)
  })

  it('gives up on a 429 at once when Retry-After is longer than 10 s', async () => {
    const fake = server(rateLimited('60'), () => jsonResponse(200, { ok: true }))
    const fetch = createApiFetch({ locale: () => 'de', fetch: fake.fetch })
    await expect(fetch('/api/portfolios', { method: 'GET' })).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'Zu viele',
    })
    expect(fake.calls).toHaveLength(1)
  })

  it('tries a GET once more after a 503 and returns the second answer', async () => {
    const fake = server(unavailable, () => jsonResponse(200, { ok: true }))
    const response = await apiFetch(fake)('/api/portfolios', { method: 'GET' })
    expect(await response.json()).toEqual({ ok: true })
    expect(fake.calls).toHaveLength(2)
  })

  it('retries only once, then throws the typed error', async () => {
    const fake = server(unavailable)
    const error = await apiFetch(fake)('/api/portfolios', { method: 'DELETE' }).catch(
      (caught: unknown) => caught,
    )
    expect(fake.calls).toHaveLength(2)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 503, code: 'database_unavailable', message: 'Später' })
  })

  it('never repeats a request with a body', async () => {
    const fake = server(unavailable, () => jsonResponse(201, {}))
    await expect(
      apiFetch(fake)('/api/portfolios', { method: 'POST', body: '{}' }),
    ).rejects.toMatchObject({ status: 503 })
    expect(fake.calls).toHaveLength(1)
  })

  it('does not retry a refusal, and carries its fields', async () => {
    const fields = [{ path: 'name', code: 'required', message: 'Pflichtfeld.' }]
    const fake = server(() =>
      jsonResponse(422, { error: { code: 'validation_failed', message: 'Ungültig', fields } }),
    )
    const error = (await apiFetch(fake)('/api/portfolios', { method: 'GET' }).catch(
      (caught: unknown) => caught,
    )) as ApiError
    expect(fake.calls).toHaveLength(1)
    expect(error.fields).toEqual(fields)
  })

  it('sends the UI language and same-origin cookies', async () => {
    const fake = server(() => jsonResponse(200, {}))
    await apiFetch(fake)('/api/portfolios', { method: 'GET' })
    const [call] = fake.calls
    expect(new Headers(call?.init.headers).get('Accept-Language')).toBe('de')
    expect(call?.init.credentials).toBe('same-origin')
  })

  it('sends the page’s formatting locale before the language, for numbers and dates', async () => {
    const fake = server(() => jsonResponse(200, {}))
    const send = createApiFetch({
      locale: () => 'en',
      formatLocale: () => 'en-GB',
      fetch: fake.fetch,
      retryDelayMs: () => 0,
    })
    await send('/api/portfolios', { method: 'GET' })
    const [call] = fake.calls
    expect(new Headers(call?.init.headers).get('Accept-Language')).toBe('en-GB, en;q=0.9')
  })

  it('reports an unreachable server as a localized network error', async () => {
    const fake = server()
    const request = apiFetch(fake)('/api/portfolios', { method: 'GET' })
    await expect(request).rejects.toBeInstanceOf(OfflineError)
    await expect(request).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: expect.stringMatching(/nicht erreichbar/) as unknown as string,
    })
  })

  it('refuses a change before sending it while the device is offline, but still reads', async () => {
    vi.stubGlobal('navigator', { onLine: false })
    const fake = server(() => jsonResponse(200, {}))
    await expect(apiFetch(fake)('/api/portfolios', { method: 'POST' })).rejects.toBeInstanceOf(
      OfflineError,
    )
    expect(fake.calls).toHaveLength(0)
    await apiFetch(fake)('/api/portfolios', { method: 'GET' })
    expect(fake.calls).toHaveLength(1)
  })
})

describe('the typed client', () => {
  it('calls the routes by their paths and types their answers', async () => {
    const fake = server(() => jsonResponse(200, { portfolios: [], limits: {} }))
    const api = createApiClient({ locale: () => 'en', fetch: fake.fetch, retryDelayMs: () => 0 })
    const list = await apiData(api.api.portfolios.$get())
    expectTypeOf(list).toEqualTypeOf<PortfolioList>()
    expect(fake.calls[0]?.url).toMatch(/\/api\/portfolios$/)
    const report = apiData(
      api.api.portfolios[':id'].report.$get({ param: { id: 'p1' }, query: { asOf: '2024-12-31' } }),
    )
    expectTypeOf(report).resolves.toEqualTypeOf<PortfolioReport>()
    await report
    expect(fake.calls[1]?.url).toMatch(/\/api\/portfolios\/p1\/report\?asOf=2024-12-31$/)
  })
})
