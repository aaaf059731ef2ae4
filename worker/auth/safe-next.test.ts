import { describe, expect, it } from 'vitest'
import { safeNextPath } from './safe-next'

const origin = 'https://kiymet.app'

describe('safeNextPath', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeNextPath('/en/profile', origin)).toBe('/en/profile')
    expect(safeNextPath('/de/preise?x=1', origin)).toBe('/de/preise?x=1')
    expect(safeNextPath('/', origin)).toBe('/')
  })

  it('reduces an absolute URL of this site to its path', () => {
    expect(safeNextPath('https://kiymet.app/en/portfolio?a=b', origin)).toBe('/en/portfolio?a=b')
    expect(safeNextPath('https://kiymet.app', origin)).toBe('/')
  })

  it.each([
    'https://evil.example/en',
    '//evil.example/en',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'https://kiymet.app.evil.example/',
    'https://kiymet.app@evil.example/',
    '/en/\u0000profile',
    '/en\nprofile',
    'en/profile',
    '',
    null,
    undefined,
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (next) => {
    expect(safeNextPath(next, origin)).toBeNull()
  })
})
