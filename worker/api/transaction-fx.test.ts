import { describe, expect, it } from 'vitest'
import { exchangeRate, movesMoney } from './transaction-fx'

describe('the rate a transaction needs', () => {
  it('takes an exchange into the base currency at its own rate', () => {
    const exchange = {
      type: 'EXCHANGE',
      currency: 'USD',
      amount: '937.60',
      toCurrency: 'EUR',
      toAmount: '860.03',
    } as const
    // 860.03 ÷ 937.60 euros per dollar, to the engine's 20 places.
    expect(exchangeRate(exchange, 'EUR')).toBe('0.91726749146757679181')
    // Into another currency than the base, or out of the base, it has none of its own.
    expect(exchangeRate(exchange, 'TRY')).toBeNull()
    expect(exchangeRate({ ...exchange, currency: 'EUR', toCurrency: 'USD' }, 'EUR')).toBeNull()
    expect(exchangeRate({ ...exchange, type: 'DEPOSIT' }, 'EUR')).toBeNull()
  })

  it('needs none for a transfer out or a split without cash', () => {
    expect(movesMoney('TRANSFER_OUT', null)).toBe(false)
    expect(movesMoney('BONUS_ISSUE', null)).toBe(false)
    expect(movesMoney('RIGHTS_ISSUE', null)).toBe(true)
    expect(movesMoney('SPLIT', '0')).toBe(false)
    expect(movesMoney('SPLIT', '1.5')).toBe(true)
    expect(movesMoney('EXCHANGE', '10')).toBe(true)
  })
})
