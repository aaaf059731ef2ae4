import { describe, expect, it } from 'vitest'
import { LOCALE_CODES } from '../shared/i18n/locales'

const files = import.meta.glob<unknown>('./*.json', { eager: true, import: 'default' })
const legal = Object.keys(import.meta.glob('./legal/*.md'))

function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix]
  if (value === null || typeof value !== 'object') throw new Error(`${prefix}: not text`)
  return Object.entries(value).flatMap(([key, child]) =>
    leafKeys(child, prefix ? `${prefix}.${key}` : key),
  )
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort()
}

function valueAt(tree: unknown, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree)
  return typeof value === 'string' ? value : ''
}

const fileOf = (code: string) => files[`./${code}.json`]

describe('locale files', () => {
  it('exist for exactly the configured locales', () => {
    expect(Object.keys(files).sort()).toEqual(LOCALE_CODES.map((code) => `./${code}.json`).sort())
  })

  for (const code of LOCALE_CODES) {
    it(`${code}.json has the same keys as every other locale`, () => {
      for (const other of LOCALE_CODES) {
        expect(leafKeys(fileOf(code)).sort(), `${code} vs ${other}`).toEqual(
          leafKeys(fileOf(other)).sort(),
        )
      }
    })

    it(`${code}.json uses the same placeholders and has no empty text`, () => {
      for (const key of leafKeys(fileOf('en'))) {
        const text = valueAt(fileOf(code), key)
        expect(text.trim(), key).not.toBe('')
        expect(placeholders(text), key).toEqual(placeholders(valueAt(fileOf('en'), key)))
      }
    })
  }

  it('has every legal document in every language', () => {
    for (const document of ['privacy', 'terms']) {
      for (const code of LOCALE_CODES) expect(legal).toContain(`./legal/${document}.${code}.md`)
    }
  })
})
