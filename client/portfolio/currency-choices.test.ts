import { describe, expect, it } from 'vitest'
import { CURRENCIES } from '../../shared/api/schemas/currencies'
import { currencyChoices } from './currency-choices'

describe('currencyChoices', () => {
  it('offers every currency the app takes once, the given and the usual ones first', () => {
    const choices = currencyChoices(['USD', 'NOK'])
    expect(choices.slice(0, 8)).toEqual(['USD', 'NOK', 'TRY', 'EUR', 'GBP', 'CHF', 'JPY', 'AED'])
    expect([...choices].sort()).toEqual([...CURRENCIES].sort())
  })
})
