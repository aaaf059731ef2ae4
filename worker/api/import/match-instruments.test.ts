import { describe, expect, it } from 'vitest'
import type { DraftInstrument } from '../../../shared/import/map-rows'
import type { ImportableInstrument } from '../store/import-store'
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

describe('InstrumentMatcher: listings', () => {
  const apple: ImportableInstrument = {
    id: '00000000-0000-4000-8000-000000000001',
    code: 'AAPL',
    name: 'Apple Inc.',
    type: 'STOCK',
    currency: 'USD',
    exchange: 'NASDAQ',
    isin: 'US0378331005',
    own: false,
  }
  const byIsin = draft({ code: null, isin: 'US0378331005' })

  it("finds an ISIN's listing whatever the row's currency, so a mismatch is the row's problem", () => {
    expect(new InstrumentMatcher([apple]).match(byIsin, 'EUR', 'EUR')).toEqual({
      kind: 'known',
      instrument: apple,
    })
  })

  it("adds the user's own listing in the row's currency for a broker that books in it", () => {
    const match = new InstrumentMatcher([apple]).match(
      { ...byIsin, listingInRowCurrency: true },
      'EUR',
      'EUR',
    )
    expect(match).toMatchObject({
      kind: 'new',
      instrument: {
        code: 'AAPL',
        name: 'Apple Inc.',
        currency: 'EUR',
        isin: 'US0378331005',
      },
    })
    const inUsd = new InstrumentMatcher([apple]).match(
      { ...byIsin, listingInRowCurrency: true },
      'USD',
      'EUR',
    )
    expect(inUsd).toEqual({ kind: 'known', instrument: apple })
  })

  it("matches a made-up asset only among the user's own instruments", () => {
    const gold = { ...apple, code: 'GOLD', isin: null, name: 'Gold' }
    const mine = { ...gold, id: '00000000-0000-4000-8000-000000000002', own: true }
    const manual = draft({ code: 'GOLD', manual: true })
    expect(new InstrumentMatcher([gold]).match(manual, 'USD', 'EUR').kind).toBe('new')
    expect(new InstrumentMatcher([gold, mine]).match(manual, 'USD', 'EUR')).toEqual({
      kind: 'known',
      instrument: mine,
    })
  })
})
