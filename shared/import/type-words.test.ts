import { describe, expect, it } from 'vitest'
import { corporateActionOf, transactionTypeOf } from './type-words'

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

  it('reads bonus and rights issues by the words brokers use, stock dividends apart', () => {
    for (const word of [
      'Bedelsiz',
      'BEDELSİZ',
      'Kapitalerhöhung aus Gesellschaftsmitteln',
      'Bonus issue',
    ])
      expect(transactionTypeOf(word)).toBe('BONUS_ISSUE')
    for (const word of ['Bedelli', 'Bezugsrecht', 'Kapitalerhöhung gegen Einlage', 'Rights issue'])
      expect(transactionTypeOf(word)).toBe('RIGHTS_ISSUE')
    expect(corporateActionOf('Bedelsiz')).toBeNull()
    expect(corporateActionOf('Stockdividende')).toBe('shares_added')
  })
})
