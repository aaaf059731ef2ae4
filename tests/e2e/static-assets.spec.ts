import { expect, test } from '@playwright/test'

/** What the assets binding serves in front of the worker, checked on the production build. */
test.describe('static assets', () => {
  test('hashed assets are cached immutably and the Vite manifest is not public', async ({
    request,
  }) => {
    const html = await (await request.get('/en')).text()
    const script = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    // Pages inline their styles; the offline page still links the stylesheet file.
    const offline = await (await request.get('/offline/en.html')).text()
    const style = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(offline)?.[1]
    expect(script).toBeTruthy()
    expect(style).toBeTruthy()
    for (const path of [script, style]) {
      const response = await request.get(path ?? '')
      expect(response.status()).toBe(200)
      expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(response.headers()['x-content-type-options']).toBe('nosniff')
    }
    expect((await request.get('/.vite/manifest.json')).status()).toBe(404)
  })

  test('update files: sw.js and latest.json revalidate, build metadata is immutable', async ({
    request,
  }) => {
    const serviceWorker = await request.get('/sw.js')
    expect(serviceWorker.status()).toBe(200)
    expect(serviceWorker.headers()['cache-control']).toBe('no-cache')
    expect(serviceWorker.headers()['content-type']).toMatch(/javascript/)

    const latestResponse = await request.get('/builds/latest.json')
    expect(latestResponse.headers()['cache-control']).toBe('no-cache, no-store, must-revalidate')
    const latest = (await latestResponse.json()) as { id: string; timestamp: number }
    expect(latest.id).toMatch(/^[0-9a-f]{16}$/)
    expect(latest.timestamp).toBeGreaterThan(Date.UTC(2026, 0, 1))

    const meta = await request.get(`/builds/meta/${latest.id}.json`)
    expect(meta.status()).toBe(200)
    expect(meta.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(await meta.json()).toMatchObject({ id: latest.id, timestamp: latest.timestamp })

    // The page and latest.json name the same build.
    const html = await (await request.get('/en')).text()
    expect(html).toContain(`"buildId":"${latest.id}"`)

    const analytics = await request.get('/analytics.js')
    expect(analytics.headers()['cache-control']).toBe('no-cache')
    expect(await analytics.text()).not.toMatch(/\bimport\b/)
  })

  test('HTML is never cached by shared caches', async ({ request }) => {
    expect((await request.get('/en')).headers()['cache-control']).toBe('private, no-cache')
    expect((await request.get('/en/profile')).headers()['cache-control']).toBe('private, no-store')
  })

  test('serves the social preview image of each language', async ({ request }) => {
    for (const locale of ['tr', 'en', 'de']) {
      const response = await request.get(`/og-image-${locale}.png`)
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toBe('image/png')
    }
  })
})
