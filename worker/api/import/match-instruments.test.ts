import { describe, expect, it } from 'vitest'
import type { DraftInstrument } from '../../../client/import/map-rows'
import { InstrumentMatcher } from './match-instruments'

const draft = (fields: Partial<DraftInstrument>): DraftInstrument => ({
  code: 'MYCOIN',
  isin: null,
  name: null,
  type: null,
  exchange: null,
  ...fields,
})

describe('InstrumentMatcher: instruments an import creates', () => {
  const matcher = () => new InstrumentMatcher([])

  it('creates them as the instrument schema takes them: name trimmed, cut, or the code', () => {
    expect(matcher().match(draft({ name: '  My coin  ', exchange: 'bist' }), 'USD', 'TRY')).toEqual(
      {
        kind: 'new',
        key: expect.any(String),
        instrument: {
          code: 'MYCOIN',
          name: 'My coin',
          type: 'STOCK',
          currency: 'USD',
          exchange: 'BIST',
          isin: null,
        },
      },
    )
    const long = matcher().match(draft({ name: `${'x'.repeat(119)} tail` }), null, 'TRY')
    expect(long.kind === 'new' && long.instrument.name).toBe('x'.repeat(119))
    const unnamed = matcher().match(draft({ name: '   ' }), null, 'TRY')
    expect(unnamed.kind === 'new' && unnamed.instrument).toMatchObject({
      name: 'MYCOIN',
      currency: 'TRY',
    })
  })

  it('refuses what the schema refuses, naming the field', () => {
    expect(matcher().match(draft({ name: 'My\u0007coin' }), null, 'TRY')).toEqual({
      kind: 'invalid',
      field: 'name',
      problem: 'control_characters',
    })
    expect(matcher().match(draft({ exchange: 'B' }), null, 'TRY')).toEqual({
      kind: 'invalid',
      field: 'exchange',
      problem: 'invalid_code',
    })
    expect(matcher().match(draft({}), 'EURO', 'TRY')).toEqual({
      kind: 'invalid',
      field: 'currency',
      problem: 'unknown_currency',
    })
  })
})
