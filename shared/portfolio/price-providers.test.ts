import { describe, expect, it } from 'vitest'
import { instrumentCreateSchema } from '../api/schemas/instrument'
import {
  eodhdSymbol,
  listingVenue,
  normalizePriceSymbol,
  priceSourceProblem,
} from './price-providers'

describe('priceSourceProblem', () => {
  it('takes each provider’s symbols', () => {
    expect(priceSourceProblem('tefas', 'TTE', 'TRY')).toBeNull()
    expect(priceSourceProblem('coingecko', 'bitcoin', 'USD')).toBeNull()
    expect(priceSourceProblem('coingecko', 'usd-coin', 'EUR')).toBeNull()
    expect(priceSourceProblem('eodhd', 'THYAO.IS', 'TRY')).toBeNull()
    expect(priceSourceProblem('eodhd', 'SAP.XETRA', 'EUR')).toBeNull()
    expect(priceSourceProblem('eodhd', 'BRK-B.US', 'USD')).toBeNull()
    expect(priceSourceProblem('eodhd', 'VOD.LSE', 'GBP')).toBeNull()
    expect(priceSourceProblem('yahoo', 'THYAO.IS', 'TRY')).toBeNull()
    expect(priceSourceProblem('yahoo', 'VWCE.DE', 'EUR')).toBeNull()
    expect(priceSourceProblem('yahoo', 'AAPL', 'USD')).toBeNull()
    expect(priceSourceProblem('yahoo', 'BRK-B', 'USD')).toBeNull()
    expect(priceSourceProblem('yahoo', 'VUAA.L', 'USD')).toBeNull()
    expect(priceSourceProblem('yahoo', 'VUSA.L', 'GBP')).toBeNull()
  })

  it('refuses a symbol of the wrong shape', () => {
    expect(priceSourceProblem('tefas', 'TTEX', 'TRY')).toBe('price_symbol')
    expect(priceSourceProblem('coingecko', 'Bitcoin', 'USD')).toBe('price_symbol')
    expect(priceSourceProblem('coingecko', 'bit coin', 'USD')).toBe('price_symbol')
    expect(priceSourceProblem('eodhd', 'THYAO', 'TRY')).toBe('price_symbol')
    // Yahoo spells a US class share with a dash; an unknown exchange suffix is no listing.
    expect(priceSourceProblem('yahoo', 'BRK.B', 'USD')).toBe('price_symbol')
    expect(priceSourceProblem('yahoo', 'SAP.XETRA', 'EUR')).toBe('price_symbol')
    expect(priceSourceProblem('yahoo', '^GSPC', 'USD')).toBe('price_symbol')
  })

  it('refuses a currency the source does not quote in', () => {
    expect(priceSourceProblem('tefas', 'TTE', 'USD')).toBe('price_currency')
    expect(priceSourceProblem('eodhd', 'THYAO.IS', 'USD')).toBe('price_currency')
    expect(priceSourceProblem('eodhd', 'AAPL.US', 'EUR')).toBe('price_currency')
    expect(priceSourceProblem('yahoo', 'SAP.DE', 'USD')).toBe('price_currency')
    expect(priceSourceProblem('yahoo', 'AAPL', 'EUR')).toBe('price_currency')
  })
})

describe('listingVenue and eodhdSymbol', () => {
  it('names the exchange of a Yahoo Finance or EODHD symbol', () => {
    expect(listingVenue('yahoo', 'THYAO.IS')).toBe('bist')
    expect(listingVenue('yahoo', 'VWCE.DE')).toBe('xetra')
    expect(listingVenue('yahoo', 'SAP.SG')).toBe('stuttgart')
    expect(listingVenue('yahoo', 'BRK-B')).toBe('us')
    expect(listingVenue('eodhd', 'SAP.XETRA')).toBe('xetra')
    expect(listingVenue('eodhd', 'SAP.STU')).toBe('stuttgart')
    expect(listingVenue('eodhd', 'AAPL.US')).toBe('us')
    expect(listingVenue('eodhd', 'RIO.AU')).toBeNull()
    expect(listingVenue('tefas', 'TTE')).toBeNull()
  })

  it('spells a Yahoo Finance symbol the way EODHD does', () => {
    expect(eodhdSymbol('THYAO.IS')).toBe('THYAO.IS')
    expect(eodhdSymbol('SAP.DE')).toBe('SAP.XETRA')
    expect(eodhdSymbol('SAP.SG')).toBe('SAP.STU')
    expect(eodhdSymbol('VUSA.L')).toBe('VUSA.LSE')
    expect(eodhdSymbol('BRK-B')).toBe('BRK-B.US')
  })
})

describe('normalizePriceSymbol', () => {
  it('writes the symbol in the case its provider uses', () => {
    expect(normalizePriceSymbol('tefas', ' tte ')).toBe('TTE')
    expect(normalizePriceSymbol('coingecko', 'Bitcoin')).toBe('bitcoin')
    expect(normalizePriceSymbol('eodhd', 'thyao.is')).toBe('THYAO.IS')
    expect(normalizePriceSymbol('yahoo', ' vwce.de')).toBe('VWCE.DE')
  })
})

describe('instrumentCreateSchema with a price source', () => {
  const fund = { code: 'TTE', name: 'İş Portföy Teknoloji', type: 'FUND', currency: 'TRY' }

  it('keeps a provider with its symbol, normalized', () => {
    const parsed = instrumentCreateSchema.parse({
      ...fund,
      priceProvider: 'tefas',
      priceSymbol: 'tte',
    })
    expect(parsed).toMatchObject({ priceProvider: 'tefas', priceSymbol: 'TTE' })
  })

  it('drops a symbol without a provider', () => {
    expect(instrumentCreateSchema.parse({ ...fund, priceSymbol: 'TTE' }).priceSymbol).toBeNull()
  })

  it('names the symbol as the field at fault', () => {
    const issues = (input: Record<string, unknown>) =>
      instrumentCreateSchema
        .safeParse({ ...fund, ...input })
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message])
    expect(issues({ priceProvider: 'tefas' })).toEqual([['priceSymbol', 'required']])
    expect(issues({ priceProvider: 'tefas', priceSymbol: 'TTEX' })).toEqual([
      ['priceSymbol', 'price_symbol'],
    ])
    expect(issues({ priceProvider: 'tefas', priceSymbol: 'TTE', currency: 'EUR' })).toEqual([
      ['priceSymbol', 'price_currency'],
    ])
  })
})
