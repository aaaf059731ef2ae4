import { describe, expect, it } from 'vitest'
import { fetchPage } from './fetch-page'

const MARKER = 'zq'

describe('request size limits', () => {
  it('refuses a path over 2,048 bytes with 414 and a short page that does not echo it', async () => {
    const response = await fetchPage(`/en/${MARKER.repeat(35_000)}`)
    expect(response.status).toBe(414)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const html = await response.text()
    expect(html.length).toBeLessThan(2_000)
    expect(html).not.toContain(MARKER.repeat(4))
    expect(html).toContain('<html lang="en-US">')
  })

  it('accepts a path of exactly 2,048 bytes (an unknown one: 404)', async () => {
    const response = await fetchPage(`/${'a'.repeat(2_047)}`)
    expect(response.status).toBe(404)
  })

  it('refuses a query over 4 KB with 431, in the language Accept-Language asks for', async () => {
    const response = await fetchPage(`/?q=${MARKER.repeat(10_000)}`, {
      headers: { 'Accept-Language': 'de-DE,de;q=0.9' },
    })
    expect(response.status).toBe(431)
    const html = await response.text()
    expect(html.length).toBeLessThan(2_000)
    expect(html).not.toContain(MARKER.repeat(4))
    expect(html).toContain('<html lang="de-DE">')
  })

  it('refuses a Cookie header over 16 KB with 431, in Turkish by default', async () => {
    const response = await fetchPage('/fiyatlandirma', {
      headers: { Cookie: `a=${MARKER.repeat(20_000)}` },
    })
    expect(response.status).toBe(431)
    const html = await response.text()
    expect(html).not.toContain(MARKER.repeat(4))
    expect(html).toContain('<html lang="tr-TR">')
  })

  it('refuses an oversized API request the same way, in the API error shape', async () => {
    const response = await fetchPage(`/api/portfolios?x=${'1'.repeat(5_000)}`)
    expect(response.status).toBe(431)
    const body = (await response.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('request_too_large')
    expect(body.error.message).not.toContain('1'.repeat(20))
    const long = await fetchPage(`/api/${'a'.repeat(3_000)}`)
    expect(long.status).toBe(414)
    expect(((await long.json()) as { error: { code: string } }).error.code).toBe('uri_too_long')
  })
})
