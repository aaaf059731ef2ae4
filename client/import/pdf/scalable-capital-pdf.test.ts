import { describe, expect, it } from 'vitest'
import { fixtureLines } from './pdf-fixture'
import { detectScalableCapital, parseScalableCapital } from './scalable-capital-pdf'

function rows(name: string) {
  const lines = fixtureLines(name)
  expect(detectScalableCapital(lines)).toBe(true)
  return parseScalableCapital(lines)
}

describe('Scalable Capital PDFs', () => {
  it('reads a purchase with its order fee, the second page left alone', () => {
    expect(rows('scalable-kauf.txt')).toEqual({
      ok: true,
      leftOut: [],
      rows: [
        {
          date: '2024-12-12',
          type: 'BUY',
          isin: 'IE00BK5BQT80',
          code: null,
          name: 'Vanguard FTSE All-World U.ETF',
          quantity: '15',
          price: '121.34',
          amount: '1820.1',
          fee: '0.99',
          tax: '0',
          currency: 'EUR',
          note: 'Scalable Capital Wertpapierabrechnung Kundenauftrag SCALsin78vS5CYz',
        },
      ],
    })
  })

  it('reads a sale: taxes taken from the credit', () => {
    const lines = fixtureLines('scalable-kauf.txt').map((line) =>
      line
        .replace(/^Kauf Vanguard/, 'Verkauf Vanguard')
        .replace('Ordergebühren +0,99 EUR', 'Ordergebühren -0,99 EUR')
        .replace('Total 1.821,09 EUR', 'Steuern -50,51 EUR')
        .replace(/^Der Betrag.*/, 'Gutschrift 1.768,60 EUR'),
    )
    expect(parseScalableCapital(lines)).toMatchObject({
      ok: true,
      rows: [{ type: 'SELL', quantity: '15', price: '121.34', fee: '0.99', tax: '50.51' }],
    })
  })

  it('reads a sale whose taxes are refunded as the sale and a tax refund', () => {
    const lines = fixtureLines('scalable-kauf.txt').map((line) =>
      line
        .replace(/^Kauf Vanguard/, 'Verkauf Vanguard')
        .replace('Ordergebühren +0,99 EUR', 'Steuern +366,75 EUR')
        .replace('Total 1.821,09 EUR', 'Gutschrift 2.186,85 EUR'),
    )
    // 15 × 121.34 = 1,820.10 + 366.75 given back = 2,186.85 credited.
    expect(parseScalableCapital(lines)).toMatchObject({
      ok: true,
      rows: [
        { type: 'SELL', quantity: '15', price: '121.34', fee: '0', tax: '0' },
        {
          type: 'TAX_REFUND',
          date: '2024-12-12',
          isin: 'IE00BK5BQT80',
          quantity: null,
          price: null,
          amount: '366.75',
          fee: '0',
          tax: '0',
        },
      ],
    })
  })

  it('reads a dividend in euros with the foreign withholding and German taxes', () => {
    // 12 × 0.91 USD = 10.92 USD ÷ 1.1682 = 9.35 EUR; 9.35 − 1.40 − 0.99 = 6.96.
    expect(rows('scalable-dividende.txt')).toEqual({
      ok: true,
      leftOut: [],
      rows: [
        {
          date: '2025-12-11',
          type: 'DIVIDEND',
          isin: 'US5949181045',
          code: null,
          name: 'Microsoft Corp.',
          quantity: null,
          price: null,
          amount: '9.35',
          fee: '0',
          tax: '2.39',
          currency: 'EUR',
          note: 'Scalable Capital Dividende Ex-Tag 20.11.2025',
        },
      ],
    })
  })

  it('reads the advance lump-sum tax', () => {
    expect(rows('scalable-vorabpauschale.txt')).toEqual({
      ok: true,
      leftOut: [],
      rows: [
        {
          date: '2026-01-24',
          type: 'TAX',
          isin: 'IE00BJ0KDQ92',
          code: null,
          name: 'Xtrackers MSCI World UCITS ETF 1C',
          quantity: null,
          price: null,
          amount: '14.33',
          fee: '0',
          tax: '0',
          currency: 'EUR',
          note: 'Scalable Capital Vorabpauschale 77.63 EUR',
        },
      ],
    })
  })

  it('names a dividend whose figures do not add up', () => {
    const lines = fixtureLines('scalable-dividende.txt').map((line) =>
      line.replace('Gesamtbetrag 6,96', 'Gesamtbetrag 7,96'),
    )
    expect(parseScalableCapital(lines)).toEqual({
      ok: false,
      problem: 'pdf_incomplete',
      detail: 'Gesamtbetrag 7,96 EUR',
    })
  })
})
