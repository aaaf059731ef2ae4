import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { visitorAddress, visitorKey } from './visitor-address'

async function read(address: string | undefined) {
  const app = new Hono()
  app.get('/', (c) => c.json({ key: visitorKey(c), address: visitorAddress(c) }))
  const headers: Record<string, string> =
    address === undefined ? {} : { 'CF-Connecting-IP': address }
  return (await app.request('/', { headers })).json() as Promise<{
    key: string | null
    address: string | null
  }>
}

describe('the visitor behind a request', () => {
  it('is the IPv4 address Cloudflare connected', async () => {
    expect(await read('203.0.113.7')).toEqual({ key: '203.0.113.7', address: '203.0.113.7' })
  })

  it('counts an IPv6 visitor by their /64, and tells the auth service the whole address', async () => {
    expect(await read('2001:db8:0:1:aaaa::7')).toEqual({
      key: '2001:db8:0:1::/64',
      address: '2001:db8:0:1:aaaa::7',
    })
    expect((await read('2001:DB8::1')).key).toBe('2001:db8:0:0::/64')
    expect((await read('2001:0db8:0000:0001:0:0:0:9')).key).toBe('2001:db8:0:1::/64')
  })

  it('is nobody without an address, or with one that is not an IP address', async () => {
    for (const address of [
      undefined,
      '',
      'evil',
      '1:2:3',
      '1::2::3',
      '2001:db8::g',
      '::ffff:1.2.3.4',
    ]) {
      expect(await read(address)).toEqual({ key: null, address: null })
    }
  })

  it('ignores the headers a visitor can write', async () => {
    const app = new Hono()
    app.get('/', (c) => c.text(String(visitorKey(c))))
    const response = await app.request('/', {
      headers: { 'X-Forwarded-For': '198.51.100.1', 'X-Real-IP': '198.51.100.2' },
    })
    expect(await response.text()).toBe('null')
  })
})
