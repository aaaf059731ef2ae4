import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { REQUEST_LIMITS, requestLimits } from './request-limits'

const app = new Hono().use(requestLimits()).get('*', (c) => c.text('read'))

const request = (target: string, headers: Record<string, string> = {}) =>
  app.request(`http://127.0.0.1${target}`, { headers })

describe('requestLimits', () => {
  it('lets a path of exactly the limit through, and refuses one byte more with 414', async () => {
    const path = (length: number) => `/${'p'.repeat(length - 1)}`
    expect((await request(path(REQUEST_LIMITS.pathBytes))).status).toBe(200)
    expect((await request(path(REQUEST_LIMITS.pathBytes + 1))).status).toBe(414)
  })

  it('counts the path as sent, percent-encoded', async () => {
    expect((await request(`/${'%C3%BC'.repeat(342)}`)).status).toBe(414)
  })

  it('refuses a query over the limit with 431, and takes one at the limit', async () => {
    const query = (length: number) => `/?${'q'.repeat(length)}`
    expect((await request(query(REQUEST_LIMITS.queryBytes))).status).toBe(200)
    expect((await request(query(REQUEST_LIMITS.queryBytes + 1))).status).toBe(431)
  })

  it('refuses a Cookie header over the limit with 431, and takes one at the limit', async () => {
    const cookie = (length: number) => ({ Cookie: `c=${'k'.repeat(length - 2)}` })
    expect((await request('/', cookie(REQUEST_LIMITS.cookieBytes))).status).toBe(200)
    expect((await request('/', cookie(REQUEST_LIMITS.cookieBytes + 1))).status).toBe(431)
  })

  it('answers with a short page in the path’s language that repeats nothing of the request', async () => {
    const response = await request(`/de/${'<script>'.repeat(400)}`)
    expect(response.status).toBe(414)
    const html = await response.text()
    expect(html).toContain('<html lang="de-DE">')
    expect(html).not.toContain('script')
    expect(html.length).toBeLessThan(1_000)
  })
})
