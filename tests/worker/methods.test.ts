import { describe, expect, it } from 'vitest'
import { fetchPage } from './fetch-page'

describe('unsupported methods', () => {
  it.each([
    ['POST', '/en/pricing'],
    ['PUT', '/en/pricing'],
    ['DELETE', '/en/pricing'],
    ['PATCH', '/'],
    ['POST', '/portfoyum'],
  ])('%s %s is 405 with Allow: GET, HEAD and a short page', async (method, path) => {
    const response = await fetchPage(path, { method })
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe('GET, HEAD')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const html = await response.text()
    expect(html.length).toBeLessThan(2_000)
    expect(html).not.toContain('Page Not Found')
  })

  it('answers POST /robots.txt with 405 and Allow: GET, HEAD', async () => {
    const response = await fetchPage('/robots.txt', { method: 'POST' })
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe('GET, HEAD')
  })

  it('answers a write to a static file with 405 and Allow: GET, HEAD', async () => {
    for (const path of ['/favicon.svg', '/og-image-de.png']) {
      const response = await fetchPage(path, { method: 'POST' })
      expect(response.status, path).toBe(405)
      expect(response.headers.get('Allow'), path).toBe('GET, HEAD')
    }
  })

  it('answers a write to an auth form route only with POST', async () => {
    const response = await fetchPage('/auth/sign-in', { method: 'GET' })
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe('POST')
  })

  it('answers GET /api/analytics with the API error shape, 405 and Allow: POST', async () => {
    const response = await fetchPage('/api/analytics', {
      headers: { 'Accept-Language': 'de-DE' },
    })
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe('POST')
    const body = (await response.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('method_not_allowed')
    expect(body.error.message).toMatch(/Methode/)
  })

  it('answers a wrong method on a known API path with 405 and the methods it takes', async () => {
    const response = await fetchPage('/api/portfolios', { method: 'DELETE' })
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe('GET, HEAD, POST')
    const body = (await response.json()) as { error: { code: string } }
    expect(body.error.code).toBe('method_not_allowed')
  })

  it('still answers an unknown path with 404, whatever the method', async () => {
    expect((await fetchPage('/nope', { method: 'POST' })).status).toBe(404)
    expect((await fetchPage('/api/nope', { method: 'DELETE' })).status).toBe(404)
    expect((await fetchPage('/en/portfolio/not-a-uuid', { method: 'POST' })).status).toBe(404)
  })

  it('sends a POST with a trailing slash on with 308, so the body is not lost', async () => {
    const response = await fetchPage('/api/portfolios/?locale=en', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(response.status).toBe(308)
    expect(response.headers.get('Location')).toBe('/api/portfolios?locale=en')
  })

  it('still redirects a GET with a trailing slash with 301', async () => {
    const response = await fetchPage('/en/pricing/')
    expect(response.status).toBe(301)
    expect(response.headers.get('Location')).toBe('/en/pricing')
  })
})
