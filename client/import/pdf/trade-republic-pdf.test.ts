import { describe, expect, it } from 'vitest'
import { fixtureLines } from './pdf-fixture'
import { detectTradeRepublic, parseTradeRepublic } from './trade-republic-pdf'

function rows(name: string) {
  const lines = fixtureLines(name)
  expect(detectTradeRepublic(lines)).toBe(true)
  return parseTradeRepublic(lines)
}

describe('Trade Republic PDFs', () => {
  it('reads a purchase with its external cost surcharge (decimal commas)', () => {
    expect(rows('tr-kauf.txt')).toEqual({
      ok: true,
      leftOut: [],
      rows: [
        {
          date: '2022-07-14',
          type: 'BUY',
          isin: 'US0378331005',
          code: null,
          name: 'Apple Inc.',
          quantity: '5',
          price: '142.36',
          amount: '711.8',
          fee: '1',
          tax: '0',
          currency: 'EUR',
          note: 'Trade Republic WERTPAPIERABRECHNUNG ORDER 8f3a-21c4',
        },
      ],
    })
  })

  it('reads a sale with capital gains tax and solidarity surcharge (decimal points)', () => {
    expect(rows('tr-verkauf.txt')).toMatchObject({
      ok: true,
      rows: [
        {
          date: '2025-06-11',
          type: 'SELL',
          isin: 'DE0007236101',
          name: 'Siemens AG',
          quantity: '4',
          price: '210.45',
          amount: '841.8',
          fee: '1',
          tax: '43.49',
          currency: 'EUR',
          note: 'Trade Republic WERTPAPIERABRECHNUNG ORDER 3c9d-7e21',
        },
      ],
    })
  })

  it('reads a savings-plan execution, booked without a settlement block', () => {
    expect(rows('tr-sparplan.txt')).toMatchObject({
      ok: true,
      rows: [
        {
          date: '2025-06-02',
          type: 'BUY',
          isin: 'IE00B4L5Y983',
          name: 'Core MSCI World USD (Acc)',
          quantity: '2.375425',
          price: '105.2443',
          amount: '250',
          fee: '0',
          tax: '0',
          currency: 'EUR',
          note: 'Trade Republic WERTPAPIERABRECHNUNG SPARPLAN AUSFÜHRUNG 69cc-a952',
        },
      ],
    })
  })

  it('converts a dollar dividend and its withholding tax to the euros booked', () => {
    // 6.25 USD ÷ 1.0765 = 5.81 EUR gross; 5.81 − 4.32 booked = 1.49 EUR taxes
    // (0.94 USD withheld ≈ 0.87 EUR, 0.58 capital gains tax, 0.03 solidarity surcharge).
    expect(rows('tr-dividende-usd.txt')).toEqual({
      ok: true,
      leftOut: [],
      rows: [
        {
          date: '2024-05-16',
          type: 'DIVIDEND',
          isin: 'US0378331005',
          code: null,
          name: 'Apple Inc.',
          quantity: null,
          price: null,
          amount: '5.81',
          fee: '0',
          tax: '1.49',
          currency: 'EUR',
          note: 'Trade Republic DIVIDENDE Ex-Tag 10.05.2024',
        },
      ],
    })
  })

  it('reads the advance lump-sum tax as a tax on the fund, its decimal marks mixed', () => {
    expect(rows('tr-vorabpauschale.txt')).toEqual({
      ok: true,
      leftOut: [],
      rows: [
        {
          date: '2025-01-28',
          type: 'TAX',
          isin: 'IE00B4L5Y983',
          code: null,
          name: 'Core MSCI World USD (Acc)',
          quantity: null,
          price: null,
          amount: '37.07',
          fee: '0',
          tax: '0',
          currency: 'EUR',
          note: 'Trade Republic VORABPAUSCHALE 42.056174 Stk.',
        },
      ],
    })
  })

  it('names a figure that does not add up instead of giving a partial row', () => {
    const lines = fixtureLines('tr-kauf.txt').map((line) =>
      line.startsWith('DE1234') ? 'DE12345678901234567890 18.07.2022 -713,80 EUR' : line,
    )
    expect(parseTradeRepublic(lines)).toEqual({
      ok: false,
      problem: 'pdf_incomplete',
      detail: '-713.8 EUR',
    })
  })

  it('names a position it cannot read', () => {
    const lines = fixtureLines('tr-kauf.txt').map((line) =>
      line.startsWith('Apple Inc. 5') ? 'Apple Inc. fünf Stück' : line,
    )
    expect(parseTradeRepublic(lines)).toMatchObject({ ok: false, problem: 'pdf_incomplete' })
  })

  it('names a document of a kind it does not read', () => {
    const lines = fixtureLines('tr-dividende-usd.txt').map((line) =>
      line === 'DIVIDENDE' ? 'STORNO DIVIDENDE' : line,
    )
    expect(parseTradeRepublic(lines)).toEqual({
      ok: false,
      problem: 'pdf_unsupported',
      detail: 'STORNO DIVIDENDE',
    })
  })

  it('reads a sale that refunds tax as the sale and a tax refund', () => {
    const lines = fixtureLines('tr-verkauf.txt').map((line) =>
      line
        .replace('Kapitalertragsteuer -41.23', 'Kapitalertragsteuer 41.23')
        .replace('Solidaritätszuschlag -2.26', 'Solidaritätszuschlag 2.26')
        .replace(/797\.31/, '884.29'),
    )
    // 841.80 − 1.00 fee + 41.23 + 2.26 given back = 884.29 booked.
    expect(parseTradeRepublic(lines)).toMatchObject({
      ok: true,
      rows: [
        { type: 'SELL', quantity: '4', price: '210.45', fee: '1', tax: '0' },
        { type: 'TAX_REFUND', date: '2025-06-11', isin: 'DE0007236101', amount: '43.49' },
      ],
    })
  })
})
