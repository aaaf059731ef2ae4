import { describe, expect, it } from 'vitest'
import { fieldIssues } from '../field-issues'
import { plainText } from './common'

describe('plainText', () => {
  it('keeps words, quotes, markup and line breaks, trimmed', () => {
    for (const text of ["O'Brien <Fonu>", 'Zeile 1\nZeile 2\tEnde', 'Şirket ÇĞİÖŞÜ ß']) {
      expect(plainText.parse(` ${text} `)).toBe(text)
    }
  })

  it('refuses NUL and other control characters with their own field code', () => {
    for (const text of ['a\u0000b', '\u0001', 'a\u001bb', 'a\u007f', 'a\u009fb']) {
      const result = plainText.safeParse(text)
      expect(result.success, JSON.stringify(text)).toBe(false)
      if (!result.success) {
        expect(fieldIssues(result.error)).toEqual([{ path: '', code: 'control_characters' }])
      }
    }
  })
})
