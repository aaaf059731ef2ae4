import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { DatabaseUnavailableError } from '../db/run-as-user'
import { createTranslator } from '../../shared/i18n/translator'
import { formatParam, toProblem } from './api-error-response'
import { ApiProblem } from './api-problem'

// Only errors that are bugs are logged, and those need the request's context.
const context = {} as Context

function postgres(code: string) {
  return Object.assign(new Error('refused'), { code })
}

describe('toProblem', () => {
  it.each([
    ['a problem as it is', new ApiProblem('portfolio_not_found'), 'portfolio_not_found'],
    ['an unreachable database', new DatabaseUnavailableError('connect'), 'database_unavailable'],
    ['a body that is not JSON', new HTTPException(400), 'malformed_json'],
    ['a unique key', postgres('23505'), 'conflict'],
    [
      'a write row-level security refused, as a missing record',
      postgres('42501'),
      'record_not_found',
    ],
  ])('maps %s', (_, error, code) => {
    expect(toProblem(context, error).code).toBe(code)
  })
})

describe('formatParam', () => {
  it('writes numbers and dates in the caller’s formatting locale', () => {
    const inGermany = createTranslator('en', {}, 'en-DE')
    const inBritain = createTranslator('en', {}, 'en-GB')
    const inTheUs = createTranslator('en', {})
    expect(formatParam(inGermany, { decimal: '1234.5' })).toBe('1.234,5')
    expect(formatParam(inBritain, { decimal: '1234.5' })).toBe('1,234.5')
    expect(formatParam(inBritain, { date: '2026-11-20' })).toBe('20/11/2026')
    expect(formatParam(inTheUs, { date: '2026-11-20' })).toBe('11/20/26')
    expect(formatParam(inGermany, 12000)).toBe('12.000')
  })
})
