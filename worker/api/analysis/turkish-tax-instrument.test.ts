import { describe, expect, it } from 'vitest'
import type { Instrument } from '../../../shared/api/schemas'
import { turkishTaxInstrumentOf } from './turkish-tax-instrument'

type Listing = Parameters<typeof turkishTaxInstrumentOf>[0]

const listing = (type: Instrument['type'], more: Partial<Listing> = {}): Listing => ({
  type,
  exchange: null,
  priceProvider: null,
  priceSymbol: null,
  shareMarket: null,
  tefasFundClass: null,
  ...more,
})

describe('turkishTaxInstrumentOf', () => {
  it('tells shares apart by their market, and leaves one whose market is not known out', () => {
    expect(turkishTaxInstrumentOf(listing('STOCK', { shareMarket: 'BIST' }))).toEqual({
      kind: 'bistShare',
      fundClass: null,
    })
    expect(turkishTaxInstrumentOf(listing('STOCK', { shareMarket: 'foreign' })).kind).toBe(
      'foreignShare',
    )
    expect(turkishTaxInstrumentOf(listing('STOCK')).kind).toBe('other')
  })

  it('reads a TEFAS fund with its class, or none, and one’s own fund given a class as one', () => {
    expect(
      turkishTaxInstrumentOf(
        listing('FUND', { priceProvider: 'tefas', priceSymbol: 'TTE', tefasFundClass: 'debt' }),
      ),
    ).toEqual({ kind: 'tefasFund', fundClass: 'debt' })
    expect(
      turkishTaxInstrumentOf(listing('FUND', { priceProvider: 'tefas', priceSymbol: 'TTE' })),
    ).toEqual({ kind: 'tefasFund', fundClass: null })
    expect(turkishTaxInstrumentOf(listing('FUND', { tefasFundClass: 'gold' }))).toEqual({
      kind: 'tefasFund',
      fundClass: 'gold',
    })
  })

  it('makes a fund or ETF on neither TEFAS nor Borsa İstanbul a foreign fund', () => {
    for (const more of [
      { priceProvider: 'yahoo', priceSymbol: 'VWCE.DE' },
      { exchange: 'NYSE' },
      {},
    ] as const) {
      expect(turkishTaxInstrumentOf(listing('ETF', more))).toEqual({
        kind: 'foreignFund',
        fundClass: null,
      })
    }
    expect(turkishTaxInstrumentOf(listing('FUND', { exchange: 'XETRA' })).kind).toBe('foreignFund')
  })

  it('leaves an ETF of Borsa İstanbul, crypto, bonds and the rest out', () => {
    expect(turkishTaxInstrumentOf(listing('ETF', { exchange: 'BIST' })).kind).toBe('other')
    expect(
      turkishTaxInstrumentOf(listing('ETF', { priceProvider: 'yahoo', priceSymbol: 'GLDTR.IS' }))
        .kind,
    ).toBe('other')
    for (const type of ['CRYPTO', 'BOND', 'COMMODITY'] as const) {
      expect(turkishTaxInstrumentOf(listing(type))).toEqual({ kind: 'other', fundClass: null })
    }
  })
})
