import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import de from '../locales/de.json'
import en from '../locales/en.json'
import tr from '../locales/tr.json'
import { TRANSACTION_TYPES } from '../shared/portfolio/portfolio-kinds'

// The page that explains every figure to users exists once per language. These checks keep the
// translations from drifting: a section, list item, table row or example number added to one
// page and not the others fails here.

const pages = {
  en: 'portfolio-math.md',
  tr: 'portfolio-math.tr.md',
  de: 'portfolio-math.de.md',
} as const
type Language = keyof typeof pages

const read = (language: Language): string =>
  readFileSync(new URL(pages[language], import.meta.url), 'utf8')

const locales = { en, tr, de } as const

/** Every text of a nested set of messages. */
function leaves(node: object): string[] {
  return Object.values(node).flatMap((value: unknown) =>
    typeof value === 'string' ? [value] : leaves(value as object),
  )
}

/** `#`, `##`, `###`: the level of each heading, in order. */
function headingLevels(text: string): number[] {
  return [...text.matchAll(/^(#{1,6}) /gm)].map((match) => match[1]?.length ?? 0)
}

/** Per table: its rows (header and separator included) and the cells of its first row. */
function tableShapes(text: string): { rows: number; columns: number }[] {
  const shapes: { rows: number; columns: number }[] = []
  let rows = 0
  let columns = 0
  for (const line of [...text.split('\n'), '']) {
    if (line.startsWith('|')) {
      if (rows === 0) columns = line.split('|').length - 2
      rows++
    } else if (rows > 0) {
      shapes.push({ rows, columns })
      rows = 0
    }
  }
  return shapes
}

/** The length of each bulleted list, in order. */
function listLengths(text: string): number[] {
  const lengths: number[] = []
  let items = 0
  for (const line of [...text.split('\n'), '']) {
    if (line.startsWith('- ')) items++
    else if (items > 0 && !line.startsWith('  ')) {
      lengths.push(items)
      items = 0
    }
  }
  return lengths
}

/** Transaction type codes named in `lines`, in order of appearance. */
function typeCodes(lines: readonly string[]): string[] {
  return lines
    .flatMap((line) => line.match(/\b[A-Z]{3,}(?:_[A-Z]+)?\b/g) ?? [])
    .filter((word) => !/^(?:TRY|USD|EUR|FIFO|XIRR)$/.test(word))
}

/** Transaction type codes, in order of appearance in each table's rows. */
function typeCodesInTables(text: string): string[] {
  return typeCodes(text.split('\n').filter((line) => line.startsWith('|')))
}

/** The rows of each table, in order. */
function tables(text: string): string[][] {
  const found: string[][] = []
  let rows: string[] = []
  for (const line of [...text.split('\n'), '']) {
    if (line.startsWith('|')) rows.push(line)
    else if (rows.length > 0) {
      found.push(rows)
      rows = []
    }
  }
  return found
}

/**
 * Every number written in digits, as values, sorted: English writes 1,010.5, Turkish and German
 * 1.010,5. Examples and formulas must keep every value.
 */
function numbers(text: string, language: Language): number[] {
  const [group, decimal] = language === 'en' ? [',', '.'] : ['.', ',']
  return [...text.matchAll(/\d(?:[\d.,]*\d)?/g)]
    .map((match) => Number(match[0].split(group).join('').replace(decimal, '.')))
    .sort((a, b) => a - b)
}

describe('the page explaining every figure, in each language', () => {
  const english = read('en')

  it('explains every transaction type in the table of types and in the table of flows', () => {
    // A table that names purchases and transfers out lists the types: each must list them all.
    const typeTables = tables(english)
      .map(typeCodes)
      .filter((codes) => codes.includes('BUY') && codes.includes('TRANSFER_OUT'))
    expect(typeTables).toHaveLength(2)
    for (const codes of typeTables)
      expect(codes).toEqual(expect.arrayContaining([...TRANSACTION_TYPES]))
  })

  for (const language of Object.keys(pages) as Language[]) {
    const text = read(language)

    it(`${language}: links the pages of the other languages, which exist`, () => {
      const links = [...text.matchAll(/\]\((portfolio-math[.\w]*\.md)\)/g)].map((m) => m[1])
      const others = Object.values(pages).filter((page) => page !== pages[language])
      expect(links.sort()).toEqual(others.sort())
      for (const page of others) expect(existsSync(new URL(page, import.meta.url))).toBe(true)
    })

    it(`${language}: gives each formula as the explanations on the screens word for word`, () => {
      const flat = text.replace(/\s+/g, ' ')
      const formulas = leaves(locales[language].explain.formula)
      expect(formulas.length).toBeGreaterThan(40)
      expect(formulas.filter((formula) => !flat.includes(formula))).toEqual([])
    })

    if (language === 'en') continue

    it(`${language}: has the sections, tables and lists of the English page`, () => {
      expect(headingLevels(text)).toEqual(headingLevels(english))
      expect(tableShapes(text)).toEqual(tableShapes(english))
      expect(listLengths(text)).toEqual(listLengths(english))
      expect(typeCodesInTables(text)).toEqual(typeCodesInTables(english))
    })

    it(`${language}: keeps every number of the English page`, () => {
      expect(numbers(text, language)).toEqual(numbers(english, 'en'))
    })
  }
})
