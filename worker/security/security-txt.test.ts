import { describe, expect, it } from 'vitest'
import { renderSecurityTxt } from './security-txt'

describe('renderSecurityTxt', () => {
  it('names the contact, languages and canonical URL, and expires 180 days after the day served', () => {
    const text = renderSecurityTxt('https://kiymet.app', new Date('2026-03-10T17:45:00Z'))
    expect(text).toBe(
      [
        'Contact: mailto:hello@kiymet.app',
        'Expires: 2026-09-06T00:00:00Z',
        'Preferred-Languages: tr, en, de',
        'Canonical: https://kiymet.app/.well-known/security.txt',
        '',
      ].join('\n'),
    )
  })
})
