import { describe, expect, it } from 'vitest'
import { transactionTypeOf } from './type-words'

describe('transactionTypeOf', () => {
  it('reads the type words of the three languages and the brokers’ own', () => {
    expect(transactionTypeOf('Kauf')).toBe('BUY')
    expect(transactionTypeOf('Alış')).toBe('BUY')
    expect(transactionTypeOf('SATIŞ')).toBe('SELL')
    expect(transactionTypeOf('Temettü')).toBe('DIVIDEND')
    // A savings plan's execution is a purchase; a fund's distribution is its dividend.
    expect(transactionTypeOf('Savings plan')).toBe('BUY')
    expect(transactionTypeOf('Sparplan')).toBe('BUY')
    expect(transactionTypeOf('Distribution')).toBe('DIVIDEND')
    expect(transactionTypeOf('Ausschüttung')).toBe('DIVIDEND')
    expect(transactionTypeOf('Liability')).toBeNull()
  })
})
