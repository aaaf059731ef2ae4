import { describe, expect, it } from 'vitest'
import { taxSettingsOf } from '../../shared/tax/tax-settings'
import { taxRouteOf } from './tax-route'

describe('taxRouteOf', () => {
  const resident = (country: string) => taxSettingsOf({ tax_residence: country })

  it('gives a German resident’s euro depot the German screen, a Turkish resident’s portfolios the Turkish one', () => {
    expect(taxRouteOf({ baseCurrency: 'EUR' }, resident('DE'))).toBe('germanTax')
    for (const baseCurrency of ['TRY', 'USD', 'EUR']) {
      expect(taxRouteOf({ baseCurrency }, resident('TR'))).toBe('turkishTax')
    }
  })

  it('gives none to a German resident’s portfolio in another currency, or without a residence', () => {
    expect(taxRouteOf({ baseCurrency: 'TRY' }, resident('DE'))).toBeNull()
    expect(taxRouteOf({ baseCurrency: 'TRY' }, taxSettingsOf({}))).toBeNull()
  })
})
