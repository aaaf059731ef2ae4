import { describe, expect, it } from 'vitest'
import { missingImportFields } from './required-fields'

describe('missingImportFields', () => {
  it('asks for the date, the type, and the code or the ISIN', () => {
    expect(missingImportFields({})).toEqual(['date', 'type', 'code'])
    expect(missingImportFields({ date: 'Datum', type: 'Typ', isin: 'ISIN' })).toEqual([])
    expect(missingImportFields({ date: 'Datum', code: 'Code' })).toEqual(['type'])
  })

  it('takes column indexes too, the first column (0) among them', () => {
    expect(missingImportFields({ date: 0, type: 1, code: 2 })).toEqual([])
    expect(missingImportFields({ type: 0, isin: 1 })).toEqual(['date'])
  })
})
