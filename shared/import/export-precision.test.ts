import { describe, expect, it } from 'vitest'
import { moneyText, priceText, quantityText, rateText } from './export-precision'

const yahoo = { priceProvider: 'yahoo' as const }
const tefas = { priceProvider: 'tefas' as const }

describe('moneyText', () => {
  it("writes every decimal of the currency's minor unit, rounded half away from zero", () => {
    expect(moneyText('10000', 'TRY')).toBe('10000.00')
    expect(moneyText('53.7', 'EUR')).toBe('53.70')
    expect(moneyText('0.725', 'USD')).toBe('0.73')
    expect(moneyText('1.975674', 'USD')).toBe('1.98')
    expect(moneyText('1500.4', 'JPY')).toBe('1500')
    expect(moneyText('12.3456', 'KWD')).toBe('12.346')
  })
})

describe('priceText', () => {
  it('keeps a price as written, with at least the currency’s or the published decimals', () => {
    expect(priceText('268.5', 'TRY', yahoo, null)).toBe('268.50')
    expect(priceText('189.9875', 'USD', yahoo, '190.12')).toBe('189.9875')
    expect(priceText('0.00001234', 'USD', null, null)).toBe('0.00001234')
    expect(priceText('0.93', 'TRY', tefas, null)).toBe('0.930000')
    expect(priceText('2450', 'JPY', yahoo, null)).toBe('2450')
  })

  it("rounds a quotient to the instrument's precision: currency, published, latest close", () => {
    const quotient = '122.29922543823889115369'
    expect(priceText(quotient, 'TRY', yahoo, null)).toBe('122.30')
    expect(priceText(quotient, 'TRY', yahoo, '289.75')).toBe('122.30')
    expect(priceText(quotient, 'USD', yahoo, '0.4567')).toBe('122.2992')
    expect(priceText(quotient, 'TRY', tefas, '0.812882')).toBe('122.299225')
    expect(priceText('3333.33333333333333333333', 'JPY', yahoo, '2450')).toBe('3333')
  })

  it("gives the worked examples of docs/import.md (this app's spreadsheet export)", () => {
    // 1,000 TRY for 3 units; 1,000 USD for 2,187 units of a share quoted in four decimals.
    expect(priceText('333.33333333333333333333', 'TRY', yahoo, '289.75')).toBe('333.33')
    expect(priceText('0.4572473708276177412', 'USD', yahoo, '0.4567')).toBe('0.4572')
  })
})

describe('quantityText', () => {
  it('keeps up to eight decimals and rounds beyond them', () => {
    expect(quantityText('100')).toBe('100')
    expect(quantityText('1500.5')).toBe('1500.5')
    expect(quantityText('0.12345678')).toBe('0.12345678')
    expect(quantityText('0.33333333333333333333')).toBe('0.33333333')
  })
})

describe('rateText', () => {
  it('keeps a published rate and rounds a worked-out one to ten significant digits', () => {
    expect(rateText('36.7362')).toBe('36.7362')
    expect(rateText('0.03333333333333333333')).toBe('0.03333333333')
    expect(rateText('1.08395')).toBe('1.08395')
    expect(rateText('33.33333333333333333333')).toBe('33.33333333')
  })
})
