import { describe, expect, it } from 'vitest'
import { fetchPage } from './fetch-page'

describe('security headers', () => {
  it('sends a nonce-based CSP whose nonce is on every script, and no inline script without it', async () => {
    const response = await fetchPage('/en')
    const csp = response.headers.get('Content-Security-Policy') ?? ''
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("base-uri 'none'")
    const html = await response.text()
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
    expect(scripts.length).toBeGreaterThan(0)
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
  })

  it('serves a public page rendered once with a fresh nonce each time', async () => {
    const first = await fetchPage('/en/pricing')
    const second = await fetchPage('/en/pricing')
    const nonceOf = (response: Response) =>
      /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1] ?? ''
    const [a, b] = [nonceOf(first), nonceOf(second)]
    expect(a).not.toBe(b)
    const [htmlA, htmlB] = [await first.text(), await second.text()]
    expect(htmlA).toContain(`nonce="${a}"`)
    expect(htmlB).toContain(`nonce="${b}"`)
    expect(htmlA).not.toContain('nonce-slot-')
    expect(htmlA.replaceAll(a, 'N')).toBe(htmlB.replaceAll(b, 'N'))
  })

  it('uses a fresh nonce per response', async () => {
    const nonceOf = async () =>
      /'nonce-([^']+)'/.exec(
        (await fetchPage('/en')).headers.get('Content-Security-Policy') ?? '',
      )?.[1]
    expect(await nonceOf()).not.toBe(await nonceOf())
  })

  it.each(['/', '/en/pricing', '/de/profil', '/nope'])(
    '%s has every security header',
    async (path) => {
      const response = await fetchPage(path)
      expect(response.headers.get('Strict-Transport-Security')).toMatch(/^max-age=\d{8,}/)
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('Permissions-Policy')).toContain('camera=()')
      expect(response.headers.get('X-Frame-Options')).toBe('DENY')
      expect(response.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'")
      expect(response.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/)
    },
  )

  it('takes a well-formed request id from a proxy in front, and makes its own for anything else', async () => {
    const traced = await fetchPage('/en', { headers: { 'X-Request-Id': 'edge-7f3a=' } })
    expect(traced.headers.get('X-Request-Id')).toBe('edge-7f3a=')
    for (const hostile of ['a b', '<script>', 'x'.repeat(256)]) {
      const response = await fetchPage('/en', { headers: { 'X-Request-Id': hostile } })
      expect(response.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/)
    }
  })

  it('keeps HTML out of shared caches', async () => {
    for (const path of ['/', '/portfoyum', '/nope']) {
      expect((await fetchPage(path)).headers.get('Cache-Control')).toMatch(
        /^private, no-(cache|store)$/,
      )
    }
  })
})

describe('redirects', () => {
  it.each([
    ['/en/pricing/', '/en/pricing'],
    ['/en/pricing/?plan=pro&x=1', '/en/pricing?plan=pro&x=1'],
    ['/tr', '/'],
    ['/tr/', '/'],
    ['/tr/fiyatlandirma?a=b', '/fiyatlandirma?a=b'],
    ['/tr/legal/kullanim-sartlari/', '/legal/kullanim-sartlari'],
    ['//evil.example/', '/evil.example'],
  ])('%s -> 301 %s', async (from, to) => {
    const response = await fetchPage(from)
    expect(response.status).toBe(301)
    expect(response.headers.get('Location')).toBe(to)
  })
})

describe('robots.txt and sitemap.xml', () => {
  it('announces the sitemap with an absolute URL', async () => {
    const response = await fetchPage('/robots.txt')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://kiymet.app/sitemap.xml\n',
    )
  })

  it('lists the 12 public URLs, each with all alternates, and no private screen', async () => {
    const response = await fetchPage('/sitemap.xml')
    expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8')
    const xml = await response.text()
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs).toEqual([
      'https://kiymet.app/',
      'https://kiymet.app/en',
      'https://kiymet.app/de',
      'https://kiymet.app/legal/gizlilik-politikasi',
      'https://kiymet.app/en/legal/privacy-policies',
      'https://kiymet.app/de/legal/datenschutzrichtlinien',
      'https://kiymet.app/legal/kullanim-sartlari',
      'https://kiymet.app/en/legal/terms-of-use',
      'https://kiymet.app/de/legal/nutzungsbedingungen',
      'https://kiymet.app/fiyatlandirma',
      'https://kiymet.app/en/pricing',
      'https://kiymet.app/de/preise',
    ])
    expect(xml.match(/<xhtml:link /g)).toHaveLength(12 * 7)
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://kiymet.app/fiyatlandirma"/>',
    )
    expect(xml).not.toContain('portfoyum')
  })
})
