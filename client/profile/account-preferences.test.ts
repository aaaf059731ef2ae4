import { describe, expect, it } from 'vitest'
import { metadataOf, newPortfolioDefaults, preferencesOf } from './account-preferences'

describe('preferencesOf', () => {
  it('reads the stored settings', () => {
    expect(
      preferencesOf(
        {
          display_name: 'Ayşe',
          locale: 'de',
          time_zone: 'Europe/Vienna',
          base_currency: 'CHF',
          cost_method: 'fifo',
        },
        'tr',
      ),
    ).toEqual({
      displayName: 'Ayşe',
      locale: 'de',
      timeZone: 'Europe/Vienna',
      baseCurrency: 'CHF',
      costMethod: 'fifo',
    })
  })

  it("falls back to the page's language, its currency and the average method", () => {
    expect(preferencesOf({}, 'de')).toEqual({
      displayName: '',
      locale: 'de',
      timeZone: '',
      baseCurrency: 'EUR',
      costMethod: 'average',
    })
    expect(preferencesOf(null, 'tr').baseCurrency).toBe('TRY')
  })

  it('ignores values it does not know', () => {
    expect(
      preferencesOf(
        {
          display_name: 7,
          locale: 'fr',
          time_zone: 'Mars/Olympus',
          base_currency: 'XAU',
          cost_method: 'lifo',
        },
        'en',
      ),
    ).toEqual({
      displayName: '',
      locale: 'en',
      timeZone: '',
      baseCurrency: 'USD',
      costMethod: 'average',
    })
  })
})

describe('metadataOf', () => {
  const base = { locale: 'en', timeZone: '', baseCurrency: 'USD', costMethod: 'fifo' } as const

  it('trims the name and removes it when empty', () => {
    expect(metadataOf({ ...base, displayName: '  Jo  ' })).toEqual({
      display_name: 'Jo',
      locale: 'en',
      time_zone: null,
      base_currency: 'USD',
      cost_method: 'fifo',
    })
    expect(metadataOf({ ...base, displayName: '   ' }).display_name).toBeNull()
  })

  it('keeps a chosen time zone, and removes it for the language’s', () => {
    expect(metadataOf({ ...base, displayName: '', timeZone: 'Europe/London' }).time_zone).toBe(
      'Europe/London',
    )
    expect(metadataOf({ ...base, displayName: '' }).time_zone).toBeNull()
  })
})

describe('newPortfolioDefaults', () => {
  it('starts from the base currency and cost method saved in the profile', () => {
    expect(newPortfolioDefaults({ base_currency: 'CHF', cost_method: 'fifo' }, 'tr')).toEqual({
      baseCurrency: 'CHF',
      costBasisMethod: 'FIFO',
    })
    expect(newPortfolioDefaults({ cost_method: 'average' }, 'de')).toEqual({
      baseCurrency: 'EUR',
      costBasisMethod: 'AVERAGE',
    })
  })

  it("falls back to the page language's currency and usual method", () => {
    expect(newPortfolioDefaults(null, 'de')).toEqual({
      baseCurrency: 'EUR',
      costBasisMethod: 'FIFO',
    })
    expect(newPortfolioDefaults({ base_currency: 'XXX' }, 'en')).toEqual({
      baseCurrency: 'USD',
      costBasisMethod: 'AVERAGE',
    })
  })
})
