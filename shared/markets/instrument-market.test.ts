import { describe, expect, it } from 'vitest'
import { instrumentMarket } from './instrument-market'

describe('instrumentMarket', () => {
  it("is the calendar of the market its provider's symbol trades on", () => {
    const listed = (priceProvider: 'yahoo' | 'eodhd', priceSymbol: string) =>
      instrumentMarket({ priceProvider, priceSymbol, exchange: null })
    expect(listed('yahoo', 'THYAO.IS')).toBe('bist')
    expect(listed('yahoo', 'VWCE.DE')).toBe('xetra')
    expect(listed('yahoo', 'SAP.F')).toBe('xetra')
    expect(listed('yahoo', 'BRK-B')).toBe('nyse')
    expect(listed('eodhd', 'AAPL.US')).toBe('nyse')
    // London's holidays are not known here.
    expect(listed('yahoo', 'VUSA.L')).toBe('weekdays')
  })

  it('is every day for crypto and TEFAS business days for a fund', () => {
    expect(
      instrumentMarket({ priceProvider: 'coingecko', priceSymbol: 'bitcoin', exchange: null }),
    ).toBe('daily')
    expect(
      instrumentMarket({ priceProvider: 'tefas', priceSymbol: 'TTE', exchange: 'TEFAS' }),
    ).toBe('tefas')
  })

  it("is its exchange's without a provider, weekdays for an exchange not known", () => {
    const byHand = (exchange: string | null) =>
      instrumentMarket({ priceProvider: null, priceSymbol: null, exchange })
    expect(byHand('BIST')).toBe('bist')
    expect(byHand('TEFAS')).toBe('tefas')
    expect(byHand('XETRA')).toBe('xetra')
    expect(byHand('NASDAQ')).toBe('nyse')
    expect(byHand('NYSEARCA')).toBe('nyse')
    expect(byHand('LSE')).toBe('weekdays')
    expect(byHand(null)).toBe('weekdays')
  })
})
