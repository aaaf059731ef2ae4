import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_RATE_BUDGETS } from '../../worker/api/api-rate-limit'
import {
  asBrowser,
  backend,
  createUser,
  ORIGIN,
  request,
  signIn,
  uniqueEmail,
} from './auth-backend'

// The API's budgets in workerd, counted by Miniflare's implementation of the Rate Limiting
// binding with the production numbers of wrangler.toml: cheap requests (refused by validation
// or answered from memory) use a budget up within seconds.

const { write, read } = API_RATE_BUDGETS

interface Caller {
  id: string
  cookie: string
}

const admin = postgres(backend.databaseUrl, { max: 1, fetch_types: false, onnotice: () => {} })

async function newCaller(tag: string): Promise<Caller> {
  const email = uniqueEmail(tag)
  const id = await createUser(email)
  return { id, cookie: await signIn(email) }
}

/** Sends `count` requests, twenty at a time, and returns their statuses. */
async function spend(count: number, send: () => Promise<Response>): Promise<number[]> {
  const statuses: number[] = []
  while (statuses.length < count) {
    const batch = Array.from({ length: Math.min(20, count - statuses.length) }, send)
    for (const response of await Promise.all(batch)) {
      statuses.push(response.status)
      await response.body?.cancel()
    }
  }
  return statuses
}

/**
 * Miniflare counts in windows of the period aligned to the clock, all counts starting again at
 * each: a test that must stay inside one window starts a fresh one when too little is left.
 */
async function insideOneWindow(periodSeconds: number, neededMs: number): Promise<void> {
  const periodMs = periodSeconds * 1000
  const left = periodMs - (Date.now() % periodMs)
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 50))
}

const newPortfolio = {
  name: 'Too many',
  baseCurrency: 'TRY',
  costBasisMethod: 'AVERAGE',
  recordsCash: false,
}

let dave: Caller
let erin: Caller

beforeAll(async () => {
  ;[dave, erin] = await Promise.all([newCaller('limit-dave'), newCaller('limit-erin')])
}, 60_000)

afterAll(async () => {
  await admin.end()
})

describe('the API rate limits', () => {
  it(`refuses write ${write.limit + 1} of a period with 429, writing nothing, and only for that user`, async () => {
    await insideOneWindow(write.period, 25_000)
    const statuses = await spend(write.limit, () =>
      asBrowser(dave, 'DELETE', '/api/portfolios/not-an-id'),
    )
    expect(new Set(statuses)).toEqual(new Set([400]))

    const refused = await asBrowser(dave, 'POST', '/api/portfolios', newPortfolio, 'tr')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe(String(write.period))
    expect(await refused.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: `Kısa sürede çok fazla istek gönderdiniz. Lütfen ${write.period} saniye bekleyip tekrar deneyin.`,
      },
    })
    const [written] = await admin<{ count: number }[]>`
      select count(*)::int as count from public.portfolios where user_id = ${dave.id}
    `
    expect(written?.count).toBe(0)

    // Reads spend a budget of their own; another user's writes are not counted with dave's.
    const reading = await asBrowser(dave, 'GET', '/api/portfolios')
    expect(reading.status).toBe(200)
    expect(((await reading.json()) as { portfolios: unknown[] }).portfolios).toEqual([])
    expect((await asBrowser(erin, 'POST', '/api/portfolios', newPortfolio)).status).toBe(201)
  }, 90_000)

  it(`counts callers without a session by address, and refuses read ${read.limit + 1}`, async () => {
    await insideOneWindow(read.period, 25_000)
    const from = (address: string, init: RequestInit = {}) =>
      request('/api/openapi.json', {
        ...init,
        headers: { 'CF-Connecting-IP': address, 'Accept-Language': 'de', ...init.headers },
      })
    const statuses = await spend(read.limit, () => from('198.51.100.1'))
    expect(new Set(statuses)).toEqual(new Set([200]))

    const refused = await from('198.51.100.1')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe(String(read.period))
    expect(await refused.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: `Sie haben in kurzer Zeit zu viele Anfragen gesendet. Bitte warten Sie ${read.period} Sekunden und versuchen Sie es dann erneut.`,
      },
    })

    expect((await from('198.51.100.2')).status).toBe(200)
    // The same address still has its writes: this one fails only for want of a session.
    const anonymousWrite = await request('/api/portfolios', {
      method: 'POST',
      headers: {
        'CF-Connecting-IP': '198.51.100.1',
        Origin: ORIGIN,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(newPortfolio),
    })
    expect(anonymousWrite.status).toBe(401)
  }, 90_000)
})
