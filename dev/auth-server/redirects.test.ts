import { describe, expect, it } from 'vitest'
import { DEFAULT_AUTH_CONFIG } from './config'
import { resolveRedirect, withFragment, withQuery } from './redirects'

const config = {
  ...DEFAULT_AUTH_CONFIG,
  apiUrl: 'http://127.0.0.1:54321/auth/v1',
  siteUrl: 'https://kiymet.app',
  additionalRedirectUrls: ['https://preview.kiymet.app/'],
}

describe('resolveRedirect', () => {
  it.each([
    ['http://localhost:5173/auth/callback', 'http://localhost:5173/auth/callback'],
    ['http://127.0.0.1:5173/en', 'http://127.0.0.1:5173/en'],
    ['https://kiymet.app/de/profil', 'https://kiymet.app/de/profil'],
    ['https://preview.kiymet.app/x', 'https://preview.kiymet.app/x'],
    ['https://evil.example/steal', 'https://kiymet.app'],
    ['not a url', 'https://kiymet.app'],
    ['javascript://127.0.0.1/%0Aalert(1)', 'https://kiymet.app'],
    ['javascript://kiymet.app/%0Aalert(1)', 'https://kiymet.app'],
    ['data://localhost/text/html,x', 'https://kiymet.app'],
    ['ftp://127.0.0.1/file', 'https://kiymet.app'],
    [undefined, 'https://kiymet.app'],
  ])('%s -> %s', (requested, expected) => {
    expect(resolveRedirect(config, requested)).toBe(expected)
  })
})

describe('withQuery and withFragment', () => {
  it('keep what the target already has', () => {
    expect(withQuery('http://127.0.0.1:5173/cb?flow=1', { code: 'abc' })).toBe(
      'http://127.0.0.1:5173/cb?flow=1&code=abc',
    )
    expect(withFragment('http://127.0.0.1:5173/cb?flow=1', { access_token: 't' })).toBe(
      'http://127.0.0.1:5173/cb?flow=1#access_token=t',
    )
  })
})
