import { expect } from 'vitest'
import { redirectOf } from './target'

/**
 * Plays the user at the local stand-in provider page: picks the account and submits. `url` is
 * `/authorize` (sign-in redirects there) or the provider page itself (linking answers with it).
 * @returns where the auth server finally sends the browser
 */
export async function consentAtStandIn(url: string, email: string): Promise<URL> {
  const toProvider = url.includes('/stand-in-provider?')
    ? { location: new URL(url) }
    : await redirectOf(url)
  const page = await fetch(toProvider.location)
  const html = await page.text()
  expect(html).toContain('<form method="post"')
  const state = /name="state" value="([^"]+)"/.exec(html)?.[1] ?? ''
  const consent = await fetch(toProvider.location, {
    method: 'POST',
    body: new URLSearchParams({ state, email, name: 'Ayşe Yılmaz' }),
    redirect: 'manual',
  })
  const callback = new URL(consent.headers.get('location') ?? '', toProvider.location)
  return (await redirectOf(callback.toString())).location
}
