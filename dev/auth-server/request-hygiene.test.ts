import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { respondWithError } from './errors'
import {
  assertNoControlCharacters,
  clientAddress,
  requestHygiene,
  type AddressSources,
} from './request-hygiene'

describe('assertNoControlCharacters', () => {
  it.each([
    ['a NUL', 'a\u0000b'],
    ['a bell', 'a\u0007b'],
    ['DEL', 'a\u007fb'],
    ['a nested value', { data: { list: ['ok', 'x\u0000'] } }],
    ['a key', { ['k\u0000']: 1 }],
  ])('refuses %s with validation_failed', (_, value) => {
    expect(() => assertNoControlCharacters(value)).toThrow(
      expect.objectContaining({ status: 400, code: 'validation_failed' }),
    )
  })

  it('lets text with tabs and line breaks, numbers and nulls through', () => {
    expect(() =>
      assertNoControlCharacters({ bio: 'line one\nline two\tand\r\n', n: 1, none: null }),
    ).not.toThrow()
  })
})

describe('clientAddress and requestHygiene', () => {
  const app = new Hono()
    .use(requestHygiene())
    .get('/', (c) => c.text(clientAddress(c, { trustForwarded: true, sbForwardedForKey: null })))
    .get('/peer', (c) =>
      c.text(clientAddress(c, { trustForwarded: false, sbForwardedForKey: null })),
    )
    .onError((error, c) => respondWithError(c, error))

  it('takes the first forwarded address, else loopback', async () => {
    const first = await app.request('/', { headers: { 'X-Forwarded-For': '203.0.113.9, ::1' } })
    expect(await first.text()).toBe('203.0.113.9')
    expect(await (await app.request('/')).text()).toBe('127.0.0.1')
  })

  it('ignores X-Forwarded-For unless told to trust it', async () => {
    const peer = await app.request('/peer', { headers: { 'X-Forwarded-For': '203.0.113.9' } })
    expect(await peer.text()).toBe('127.0.0.1')
  })

  it.each(['', 'not-an-ip', '203.0.113.9, x', '1.2.3.4.5'])(
    'answers a malformed X-Forwarded-For "%s" with 400 validation_failed',
    async (forwarded) => {
      const response = await app.request('/', { headers: { 'X-Forwarded-For': forwarded } })
      expect(response.status).toBe(400)
      expect(response.headers.get('x-sb-error-code')).toBe('validation_failed')
    },
  )

  it('answers a control character in the query with 400 validation_failed', async () => {
    const response = await app.request('/?token=a%00b')
    expect(response.status).toBe(400)
  })
})

describe('clientAddress with Sb-Forwarded-For', () => {
  const SERVICE_KEY = 'service-role-key'
  const ANON_KEY = 'anon-key'
  const addressOf = async (sources: AddressSources, headers: Record<string, string>) => {
    const app = new Hono().get('/', (c) => c.text(clientAddress(c, sources)))
    return (await app.request('/', { headers })).text()
  }
  const on = { trustForwarded: false, sbForwardedForKey: SERVICE_KEY }
  const off = { trustForwarded: false, sbForwardedForKey: null }

  it('takes its first entry on a request made with the service-role key', async () => {
    const headers = { apikey: SERVICE_KEY, 'Sb-Forwarded-For': ' 2001:db8::7 , 203.0.113.9' }
    expect(await addressOf(on, headers)).toBe('2001:db8::7')
    // Before a trusted X-Forwarded-For, as GoTrue does.
    const trusting = { ...on, trustForwarded: true }
    const withProxy = { ...headers, 'X-Forwarded-For': '198.51.100.1' }
    expect(await addressOf(trusting, withProxy)).toBe('2001:db8::7')
  })

  it('ignores it when the setting is off', async () => {
    const headers = { apikey: SERVICE_KEY, 'Sb-Forwarded-For': '203.0.113.9' }
    expect(await addressOf(off, headers)).toBe('127.0.0.1')
  })

  it('ignores it on a request made with another key, or none', async () => {
    expect(await addressOf(on, { apikey: ANON_KEY, 'Sb-Forwarded-For': '203.0.113.9' })).toBe(
      '127.0.0.1',
    )
    expect(await addressOf(on, { 'Sb-Forwarded-For': '203.0.113.9' })).toBe('127.0.0.1')
    const trusting = { ...on, trustForwarded: true }
    const viaProxy = {
      apikey: ANON_KEY,
      'Sb-Forwarded-For': '203.0.113.9',
      'X-Forwarded-For': '198.51.100.1',
    }
    expect(await addressOf(trusting, viaProxy)).toBe('198.51.100.1')
  })

  it.each(['', 'not-an-ip', 'x, 203.0.113.9', '1.2.3.4.5', '203.0.113.9:443'])(
    'falls back to the usual address when its first entry "%s" is no IP address',
    async (value) => {
      const headers = { apikey: SERVICE_KEY, 'Sb-Forwarded-For': value }
      expect(await addressOf(on, headers)).toBe('127.0.0.1')
      const trusting = { ...on, trustForwarded: true }
      const viaProxy = { ...headers, 'X-Forwarded-For': '198.51.100.1' }
      expect(await addressOf(trusting, viaProxy)).toBe('198.51.100.1')
    },
  )
})
