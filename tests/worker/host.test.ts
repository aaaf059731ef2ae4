import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../worker/app'

const app = createApp()

/** A request without SITE_URL, as in local development. */
function fetchLocal(url: string, init: RequestInit = {}): Promise<Response> {
  return Promise.resolve(app.request(url, init, { ...env, SITE_URL: undefined }))
}

describe('the Host a request names', () => {
  it.each([
    'http://evil.example/en',
    'http://evil.example/robots.txt',
    'http://evil.example/sitemap.xml',
    'http://127.0.0.1.evil.example/en',
  ])('without SITE_URL, refuses %s with 421 and never names that host', async (url) => {
    const response = await fetchLocal(url)
    expect(response.status).toBe(421)
    expect(await response.text()).not.toContain('evil.example')
  })

  it.each(['http://127.0.0.1:7411/en', 'http://localhost:7411/en', 'http://[::1]:7411/en'])(
    'without SITE_URL, serves loopback %s with its own origin in the canonical link',
    async (url) => {
      const response = await fetchLocal(url)
      expect(response.status).toBe(200)
      expect(await response.text()).toContain(`<link rel="canonical" href="${url}"`)
    },
  )

  it('with SITE_URL, serves its host and refuses another', async () => {
    expect((await app.request('https://kiymet.app/en', {}, env)).status).toBe(200)
    expect((await app.request('https://evil.example/en', {}, env)).status).toBe(421)
  })
})
