import { describe, expect, it } from 'vitest'
import { parseExactJson, plainDecimal } from './exact-json'

const limits = { depth: 4, rows: 3, columns: 3 }

describe('parseExactJson', () => {
  it('reads every number as exact decimal text, exponents written out', () => {
    expect(parseExactJson('{"FIYAT":0.812880,"n":[1e-7,102078.0893081213],"s":"1.5"}')).toEqual({
      ok: true,
      value: { FIYAT: '0.812880', n: ['0.0000001', '102078.0893081213'], s: '1.5' },
    })
  })

  it('keeps digits a float would lose', () => {
    expect(parseExactJson('[12345678901234567890.123456789]')).toEqual({
      ok: true,
      value: ['12345678901234567890.123456789'],
    })
  })

  it('refuses what is not JSON', () => {
    expect(parseExactJson('<html>')).toEqual({ ok: false, problem: 'file_json' })
    expect(parseExactJson('{"a": "unclosed}')).toEqual({ ok: false, problem: 'file_json' })
  })

  it('stops at the limits before building anything', () => {
    expect(parseExactJson('[[[[[1]]]]]', limits)).toEqual({ ok: false, problem: 'file_json' })
    expect(parseExactJson('[1,2,3,4]', limits)).toEqual({
      ok: false,
      problem: 'file_too_many_rows',
    })
    expect(parseExactJson('{"a":1,"b":2,"c":3,"d":4}', limits)).toEqual({
      ok: false,
      problem: 'file_too_many_columns',
    })
    expect(parseExactJson('[[1,2,3],[1,2,3],[1,2,3]]', limits)).toMatchObject({ ok: true })
  })
})

describe('plainDecimal', () => {
  it.each([
    ['1.5e3', '1500'],
    ['2E-3', '0.002'],
    ['-1.25e-2', '-0.0125'],
    ['12.30', '12.30'],
    ['1e999', '1e999'],
  ])('writes %s as %s', (token, plain) => {
    expect(plainDecimal(token)).toBe(plain)
  })
})
