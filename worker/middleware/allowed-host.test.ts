import { describe, expect, it } from 'vitest'
import { isServedHost } from './allowed-host'

const served = (url: string, siteUrl?: string) => isServedHost(new URL(url), siteUrl)

describe('isServedHost', () => {
  it.each(['http://127.0.0.1:7410/', 'http://localhost/', 'http://[::1]:8080/en'])(
    'serves loopback %s with or without SITE_URL',
    (url) => {
      expect(served(url)).toBe(true)
      expect(served(url, 'https://kiymet.app')).toBe(true)
    },
  )

  it('without SITE_URL, serves no other host', () => {
    expect(served('https://kiymet.app/')).toBe(false)
    expect(served('http://localhost.evil.example/')).toBe(false)
    expect(served('http://127.0.0.1.nip.io/')).toBe(false)
  })

  it('with SITE_URL, serves exactly its host, port included', () => {
    expect(served('https://kiymet.app/en', 'https://kiymet.app')).toBe(true)
    expect(served('https://kiymet.app/en', ' https://kiymet.app/ ')).toBe(true)
    expect(served('https://www.kiymet.app/en', 'https://kiymet.app')).toBe(false)
    expect(served('https://kiymet.app:8443/en', 'https://kiymet.app')).toBe(false)
  })

  it('fails closed on a SITE_URL that is not a URL', () => {
    expect(served('https://kiymet.app/', 'kiymet.app')).toBe(false)
  })
})
