import { describe, expect, it } from 'vitest'
import { deployProblem, siteUrlFromEnv } from './site-url'

describe('siteUrlFromEnv', () => {
  it('is undefined for a local build', () => {
    expect(siteUrlFromEnv(undefined)).toBeUndefined()
    expect(siteUrlFromEnv('  ')).toBeUndefined()
  })

  it('keeps the origin of an https URL, and of http on loopback', () => {
    expect(siteUrlFromEnv('https://kiymet.app/')).toBe('https://kiymet.app')
    expect(siteUrlFromEnv('http://127.0.0.1:7410')).toBe('http://127.0.0.1:7410')
  })

  it.each([
    ['kiymet.app', /absolute URL/],
    ['http://kiymet.app', /https/],
    ['ftp://kiymet.app', /https/],
    ['https://kiymet.app/app', /origin alone/],
    ['https://kiymet.app/?a=1', /origin alone/],
  ])('stops the build on %s', (value, message) => {
    expect(() => siteUrlFromEnv(value)).toThrow(message)
  })
})

describe('deployProblem', () => {
  it('refuses a build without SITE_URL, saying how to build one', () => {
    expect(deployProblem({ vars: { SUPABASE_URL: 'https://x.supabase.co' } })).toMatch(
      /no SITE_URL[\s\S]*SITE_URL=https:\/\/kiymet\.app npm run deploy/,
    )
    expect(deployProblem({})).toMatch(/no SITE_URL/)
  })

  it('refuses a loopback SITE_URL and takes an https one', () => {
    expect(deployProblem({ vars: { SITE_URL: 'http://127.0.0.1:7410' } })).toMatch(/https origin/)
    expect(deployProblem({ vars: { SITE_URL: 'https://kiymet.app' } })).toBeNull()
  })
})
