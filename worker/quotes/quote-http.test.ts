import { afterEach, describe, expect, it, vi } from 'vitest'
import { QuoteError } from './quote-error'
import { createQuoteHttp, DEFAULT_HTTP_OPTIONS, retryAfterMs, urlLabel } from './quote-http'

const URL_WITH_KEY = 'https://eodhd.example/api/eod/AAPL.US?api_token=secret-key&fmt=json'

/** A client whose waits are recorded, not slept; time moves only by the recorded waits. */
function client(minIntervalMs = 0) {
  let clock = 1_000_000
  const waits: number[] = []
  const http = createQuoteHttp({
    ...DEFAULT_HTTP_OPTIONS,
    minIntervalMs,
    sleep: async (ms) => {
      waits.push(ms)
      clock += ms
    },
    now: () => clock,
  })
  return { http, waits }
}

function answers(...responses: (Response | Error)[]) {
  const fetchMock = vi.fn(async () => {
    const next = responses.shift()
    if (!next) throw new Error('no more answers')
    if (next instanceof Error) throw next
    return next
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
})

async function failure(promise: Promise<unknown>): Promise<QuoteError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  if (!(error instanceof QuoteError)) throw new Error(`expected a QuoteError, got ${String(error)}`)
  return error
}

describe('createQuoteHttp', () => {
  it('answers the body of a 2xx, and null for a 404', async () => {
    answers(new Response('[1]'), new Response('Ticker Not Found.', { status: 404 }))
    const { http } = client()
    expect(await http.fetchText({ url: URL_WITH_KEY })).toBe('[1]')
    expect(await http.fetchText({ url: URL_WITH_KEY })).toBeNull()
  })

  it('posts JSON', async () => {
    const fetchMock = answers(new Response('{"resultList":[]}'))
    await client().http.fetchText({ url: 'https://tefas.example/api', json: { fonKodu: 'TTE' } })
    expect(fetchMock).toHaveBeenCalledWith(
      'https://tefas.example/api',
      expect.objectContaining({
        method: 'POST',
        body: '{"fonKodu":"TTE"}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    )
  })

  it('retries a 5xx with exponential back-off, then gives up as server_error', async () => {
    const fetchMock = answers(
      ...Array.from({ length: 4 }, () => new Response('down', { status: 503 })),
    )
    const { http, waits } = client()
    const error = await failure(http.fetchText({ url: URL_WITH_KEY }))
    expect(error.code).toBe('server_error')
    expect(fetchMock).toHaveBeenCalledTimes(4)
    expect(waits).toEqual([2_000, 4_000, 8_000])
  })

  it('succeeds when a retry does', async () => {
    answers(new Response('', { status: 502 }), new TypeError('fetch failed'), new Response('ok'))
    const { http, waits } = client()
    expect(await http.fetchText({ url: URL_WITH_KEY })).toBe('ok')
    expect(waits).toEqual([2_000, 4_000])
  })

  it("honours a 429's Retry-After, capped, and gives up as rate_limited", async () => {
    answers(
      new Response('', { status: 429, headers: { 'Retry-After': '3' } }),
      new Response('', { status: 429, headers: { 'Retry-After': '600' } }),
      new Response('', { status: 429 }),
      new Response('', { status: 429, headers: { 'Retry-After': '1' } }),
    )
    const { http, waits } = client()
    const error = await failure(http.fetchText({ url: URL_WITH_KEY }))
    expect(error.code).toBe('rate_limited')
    // 3 s as asked, 600 s capped at 60 s, no header: the back-off's 8 s.
    expect(waits).toEqual([3_000, 60_000, 8_000])
  })

  it('fails at once, without retrying, on a refused key, a quota or another 4xx', async () => {
    const cases = [
      [401, 'unauthorized'],
      [403, 'unauthorized'],
      [402, 'quota_exceeded'],
      [400, 'http_error'],
    ] as const
    for (const [status, code] of cases) {
      const fetchMock = answers(new Response('no', { status }))
      const error = await failure(client().http.fetchText({ url: URL_WITH_KEY }))
      expect(error.code).toBe(code)
      expect(fetchMock).toHaveBeenCalledOnce()
    }
  })

  it('gives up on the network as unreachable, naming the URL without its key', async () => {
    answers(...Array.from({ length: 4 }, () => new TypeError('fetch failed')))
    const error = await failure(client().http.fetchText({ url: URL_WITH_KEY }))
    expect(error.code).toBe('unreachable')
    expect(error.message).toContain('https://eodhd.example/api/eod/AAPL.US')
    expect(error.message).not.toContain('secret-key')
  })

  it('paces requests at least the minimum interval apart', async () => {
    answers(new Response('a'), new Response('b'), new Response('c'))
    const { http, waits } = client(6_000)
    for (let n = 0; n < 3; n++) await http.fetchText({ url: URL_WITH_KEY })
    expect(waits).toEqual([6_000, 6_000])
  })
})

describe('retryAfterMs', () => {
  it('reads seconds or an HTTP date', () => {
    const now = Date.UTC(2025, 0, 8, 1, 0, 0)
    expect(retryAfterMs('2', now)).toBe(2_000)
    expect(retryAfterMs('Wed, 08 Jan 2025 01:00:30 GMT', now)).toBe(30_000)
    expect(retryAfterMs('soon', now)).toBeNull()
    expect(retryAfterMs(null, now)).toBeNull()
  })
})

describe('urlLabel', () => {
  it('leaves the query out', () => {
    expect(urlLabel(URL_WITH_KEY)).toBe('https://eodhd.example/api/eod/AAPL.US')
  })
})
