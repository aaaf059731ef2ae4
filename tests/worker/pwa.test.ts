import { describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:test'
import { createApp } from '../../worker/app'
import { fetchPage } from './fetch-page'

describe('web app manifests', () => {
  it.each([
    ['tr', '/', 'tr-TR', 'Kıymet — portföy takibi'],
    ['en', '/en', 'en-US', 'Kıymet — portfolio tracker'],
    ['de', '/de', 'de-DE', 'Kıymet – Portfolio-Tracker'],
  ])('%s: one app, started in its own language', async (locale, startUrl, lang, name) => {
    const response = await fetchPage(`/manifest-${locale}.webmanifest`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/manifest+json; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600')
    const manifest = (await response.json()) as Record<string, unknown>
    expect(manifest).toMatchObject({
      id: '/',
      scope: '/',
      start_url: startUrl,
      lang,
      name,
      short_name: 'Kıymet',
      display: 'standalone',
    })
    const icons = manifest.icons as { sizes: string; purpose: string }[]
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ])
    const screenshots = manifest.screenshots as { src: string; form_factor: string }[]
    expect(screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide'])
    for (const shot of screenshots) expect(shot.src).toContain(`-${locale}.png`)
  })

  it('is linked from every page in the page language, with theme colours for both schemes', async () => {
    const html = await (await fetchPage('/de/preise')).text()
    expect(html).toContain('<link rel="manifest" href="/manifest-de.webmanifest">')
    expect(html).toMatch(
      /<meta name="theme-color" content="#[0-9a-f]{6}" media="\(prefers-color-scheme: light\)">/,
    )
    expect(html).toMatch(
      /<meta name="theme-color" content="#[0-9a-f]{6}" media="\(prefers-color-scheme: dark\)">/,
    )
    expect(html).toMatch(/<script async src="\/analytics\.js" nonce="[^"]+"><\/script>/)
  })
})

describe('analytics beacons', () => {
  const valid = { v: 1, screen: 'pricing', locale: 'de', referrer: 'www.google.com', width: 'm' }

  function beacon(
    body: string,
    dataset?: AnalyticsEngineDataset,
    headers: Record<string, string> = {},
  ) {
    const app = createApp()
    return Promise.resolve(
      app.request(
        'https://kiymet.app/api/analytics',
        {
          method: 'POST',
          body,
          headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...headers },
        },
        { ...env, ANALYTICS: dataset },
      ),
    )
  }

  it('writes a valid page view to the dataset', async () => {
    const writeDataPoint = vi.fn()
    const response = await beacon(JSON.stringify(valid), { writeDataPoint })
    expect(response.status).toBe(204)
    expect(writeDataPoint).toHaveBeenCalledWith({
      indexes: ['pricing'],
      blobs: ['pricing', 'de', 'www.google.com', 'm'],
      doubles: [1],
    })
  })

  it('accepts and drops page views when no dataset is bound', async () => {
    expect((await beacon(JSON.stringify({ ...valid, referrer: null }))).status).toBe(204)
  })

  it.each([
    ['not JSON', '{"v":1,'],
    ['an array', '[]'],
    ['an unknown screen', JSON.stringify({ ...valid, screen: '/en/portfolio/123' })],
    ['an unknown locale', JSON.stringify({ ...valid, locale: 'fr' })],
    ['a full referrer URL', JSON.stringify({ ...valid, referrer: 'https://evil.example/?q=1' })],
    ['an exact width', JSON.stringify({ ...valid, width: 1280 })],
    ['an extra field', JSON.stringify({ ...valid, userId: 'u1' })],
    ['a wrong version', JSON.stringify({ ...valid, v: 2 })],
  ])('rejects %s with 400 and writes nothing', async (_, body) => {
    const writeDataPoint = vi.fn()
    const response = await beacon(body, { writeDataPoint })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_page_view' } })
    expect(writeDataPoint).not.toHaveBeenCalled()
  })

  it('rejects an oversized beacon with 400', async () => {
    const writeDataPoint = vi.fn()
    const padded = JSON.stringify({ ...valid, referrer: `${'a'.repeat(2000)}.example` })
    const response = await beacon(padded, { writeDataPoint })
    expect(response.status).toBe(400)
    expect(writeDataPoint).not.toHaveBeenCalled()
  })

  it.each(['application/json', 'application/json; charset=utf-8', 'text/plain'])(
    'accepts a beacon sent as %s',
    async (contentType) => {
      const response = await beacon(JSON.stringify(valid), undefined, {
        'Content-Type': contentType,
      })
      expect(response.status).toBe(204)
    },
  )

  it.each([
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'text/html',
    '',
  ])('refuses a beacon sent as "%s" with 415 and writes nothing', async (contentType) => {
    const writeDataPoint = vi.fn()
    const response = await beacon(
      JSON.stringify(valid),
      { writeDataPoint },
      {
        'Content-Type': contentType,
      },
    )
    expect(response.status).toBe(415)
    expect(await response.json()).toMatchObject({ error: { code: 'unsupported_media_type' } })
    expect(writeDataPoint).not.toHaveBeenCalled()
  })

  it('rejects a beacon sent from another site', async () => {
    const response = await beacon(JSON.stringify(valid), undefined, {
      Origin: 'https://evil.example',
    })
    expect(response.status).toBe(400)
  })
})
