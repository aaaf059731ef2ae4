import { describe, expect, it } from 'vitest'
import { fieldIssues } from '../field-issues'
import { savedImportMappingWriteSchema } from './import'

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
