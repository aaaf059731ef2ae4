import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { respondWithError } from './errors'
import { assertNoControlCharacters, clientAddress, requestHygiene } from './request-hygiene'

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
    .get('/', (c) => c.text(clientAddress(c, true)))
    .get('/peer', (c) => c.text(clientAddress(c, false)))
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
