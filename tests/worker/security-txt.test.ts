import { describe, expect, it } from 'vitest'
import { fetchPage } from './fetch-page'

describe('/.well-known/security.txt', () => {
  it('follows RFC 9116: contact, an expiry within a year, languages and its canonical URL', async () => {
    const response = await fetchPage('/.well-known/security.txt')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain; charset=utf-8$/i)
    const text = await response.text()
    expect(text).toMatch(/^Contact: mailto:\S+@\S+$/m)
    expect(text).toMatch(/^Preferred-Languages: tr, en, de$/m)
    expect(text).toMatch(/^Canonical: https:\/\/kiymet\.app\/\.well-known\/security\.txt$/m)
    expect(text).not.toMatch(/^Policy:/m)
    const expires = /^Expires: (\S+)$/m.exec(text)?.[1] ?? ''
    expect(expires).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/)
    const inDays = (Date.parse(expires) - Date.now()) / 86_400_000
    expect(inDays).toBeGreaterThan(30)
    expect(inDays).toBeLessThan(365)
  })
})
