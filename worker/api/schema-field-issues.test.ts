import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { fieldIssues } from './field-issues'
import { currencyCode, plainText, verbatimText } from '../../shared/api/schemas/common'
import { CURRENCIES } from '../../shared/api/schemas/currencies'
import { savedImportMappingWriteSchema } from '../../shared/api/schemas/import'
import { instrumentCreateSchema } from '../../shared/api/schemas/instrument'
import { portfolioCreateSchema, portfolioUpdateSchema } from '../../shared/api/schemas/portfolio'
import { transactionWriteSchema } from '../../shared/api/schemas/transaction'

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

describe('plainText and verbatimText', () => {
  it('refuse a lone surrogate with its own field code, before any other problem', () => {
    for (const schema of [plainText, verbatimText]) {
      for (const text of ['a\uD800b', '\uDC00', 'x\uD83D', '\uDE00\uD83D', 'a\uD800\u0001']) {
        const result = schema.safeParse(text)
        expect(result.success, JSON.stringify(text)).toBe(false)
        if (!result.success) {
          expect(fieldIssues(result.error)).toEqual([{ path: '', code: 'unpaired_surrogate' }])
        }
      }
    }
  })

  it('keep characters beyond the Basic Multilingual Plane (a surrogate pair)', () => {
    expect(plainText.parse(' 📈 Emeklilik ')).toBe('📈 Emeklilik')
    expect(verbatimText.parse('Währung 💶')).toBe('Währung 💶')
  })

  it('refuse a lone surrogate in every free text of the API’s bodies', () => {
    const broken = 'a\uD800b'
    const cases: [z.ZodType, unknown, string][] = [
      [
        portfolioCreateSchema,
        { name: broken, baseCurrency: 'TRY', costBasisMethod: 'FIFO', recordsCash: false },
        'name',
      ],
      [portfolioUpdateSchema, { name: broken }, 'name'],
      [
        instrumentCreateSchema,
        { code: 'OWN', name: broken, type: 'FUND', currency: 'TRY' },
        'name',
      ],
      [
        transactionWriteSchema,
        { type: 'DEPOSIT', tradeDate: '2024-06-03', amount: '5', note: broken },
        'note',
      ],
      [
        savedImportMappingWriteSchema,
        { name: 'Bank', mapping: { date: broken }, options: {} },
        'mapping.date',
      ],
      [savedImportMappingWriteSchema, { name: broken, mapping: {}, options: {} }, 'name'],
    ]
    for (const [schema, input, path] of cases) {
      const result = schema.safeParse(input)
      expect(result.success, path).toBe(false)
      if (!result.success) {
        expect(fieldIssues(result.error)).toContainEqual({ path, code: 'unpaired_surrogate' })
      }
    }
  })
})

describe('currencyCode', () => {
  it('takes every currency of the one list', () => {
    for (const code of CURRENCIES) expect(currencyCode.parse(code)).toBe(code)
  })

  it('refuses made-up codes and ISO 4217 codes no reference rate converts', () => {
    for (const code of ['ABC', 'ZZZ', 'VND', 'usd', 'EURO', '']) {
      const result = currencyCode.safeParse(code)
      expect(result.success, code).toBe(false)
      if (!result.success) {
        expect(fieldIssues(result.error)).toEqual([{ path: '', code: 'currency' }])
      }
    }
  })

  it('refuses them wherever a currency is written', () => {
    const portfolio = portfolioCreateSchema.safeParse({
      name: 'Main',
      baseCurrency: 'ABC',
      costBasisMethod: 'FIFO',
      recordsCash: false,
    })
    const instrument = instrumentCreateSchema.safeParse({
      code: 'OWN',
      name: 'Own',
      type: 'FUND',
      currency: 'ZZZ',
    })
    const transaction = transactionWriteSchema.safeParse({
      type: 'DEPOSIT',
      tradeDate: '2024-06-03',
      amount: '5',
      currency: 'ABC',
    })
    expect(portfolio.error && fieldIssues(portfolio.error)).toEqual([
      { path: 'baseCurrency', code: 'currency' },
    ])
    expect(instrument.error && fieldIssues(instrument.error)).toEqual([
      { path: 'currency', code: 'currency' },
    ])
    expect(transaction.error && fieldIssues(transaction.error)).toEqual([
      { path: 'currency', code: 'currency' },
    ])
  })
})

describe('savedImportMappingWriteSchema', () => {
  const mapping = { mapping: { date: 'Datum' }, options: {} }

  it('takes a name trimmed, and refuses one with control characters', () => {
    expect(savedImportMappingWriteSchema.parse({ ...mapping, name: ' Bank ' }).name).toBe('Bank')
    const result = savedImportMappingWriteSchema.safeParse({ ...mapping, name: 'Bank\u0000' })
    expect(result.success).toBe(false)
    if (!result.success) {
      expect(fieldIssues(result.error)).toEqual([{ path: 'name', code: 'control_characters' }])
    }
  })
})
