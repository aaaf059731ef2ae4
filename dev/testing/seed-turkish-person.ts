import { write, type SignedInApp } from './seed-portfolio'

/**
 * A Turkish resident's two lira portfolios written through the app's API, for the person's
 * Turkish tax screen: docs/tax-turkey.md's Example 22, so its figures never change. The US
 * dividends of 20.05.2025 and 15.09.2025 need the TCMB USD buying rates of the bulletins before
 * them, 16.05.2025 (38.5000) and 12.09.2025 (41.4000), in the table.
 *
 * 2025, by hand:
 * - A: a Turkish dividend of 360,000 (stopaj 15 % = 54,000) and a US one of 250 USD with 50 USD
 *   withheld: 9,625.00 and 1,925.00 in lira. Alone, 180,000 ≤ 330,000 and 9,625 ≤ 18,000.
 * - B: 320,000 (stopaj 48,000) and 300 USD with 60 USD withheld: 12,420.00 and 2,484.00.
 * - Together: half 340,000 > 330,000 and 22,045 > 18,000, both declared: income 362,045.00, tax
 *   66,752.15, stopaj credited 102,000, foreign tax credited 4,064.55, refunded 39,312.40.
 */
export async function seedTurkishPerson(app: SignedInApp) {
  const bist = await write(app, '/api/instruments', {
    code: 'KYMTR',
    name: 'Kıymet Sanayi A.Ş.',
    type: 'STOCK',
    currency: 'TRY',
    exchange: 'BIST',
  })
  const us = await write(app, '/api/instruments', {
    code: 'KYMUS',
    name: 'Kıymet Inc.',
    type: 'STOCK',
    currency: 'USD',
    exchange: 'NASDAQ',
  })
  const portfolio = async (
    name: string,
    turkish: { day: string; gross: string },
    dividend: { day: string; amount: string; tax: string; fxRate: string },
  ) => {
    const created = await write(app, '/api/portfolios', {
      name,
      baseCurrency: 'TRY',
      costBasisMethod: 'FIFO',
      recordsCash: false,
    })
    const transactions = [
      {
        type: 'BUY',
        instrumentId: bist.id,
        currency: 'TRY',
        tradeDate: '2025-02-12',
        quantity: '1000',
        unitPrice: '280',
      },
      {
        type: 'BUY',
        instrumentId: us.id,
        currency: 'USD',
        fxRate: '38.6',
        tradeDate: '2025-05-20',
        quantity: '10',
        unitPrice: '100',
      },
      {
        type: 'DIVIDEND',
        instrumentId: bist.id,
        currency: 'TRY',
        tradeDate: turkish.day,
        amount: turkish.gross,
      },
      // Recorded at the broker's rate; taxed at the TCMB's.
      {
        type: 'DIVIDEND',
        instrumentId: us.id,
        currency: 'USD',
        tradeDate: dividend.day,
        fxRate: dividend.fxRate,
        amount: dividend.amount,
        tax: dividend.tax,
      },
    ]
    for (const transaction of transactions) {
      await write(app, `/api/portfolios/${created.id}/transactions`, {
        idempotencyKey: crypto.randomUUID(),
        transaction,
      })
    }
    return created.id
  }
  const first = await portfolio(
    'Aracı kurum A',
    { day: '2025-05-20', gross: '360000' },
    { day: '2025-05-20', amount: '250', tax: '50', fxRate: '38.6' },
  )
  const second = await portfolio(
    'Aracı kurum B',
    { day: '2025-09-15', gross: '320000' },
    { day: '2025-09-15', amount: '300', tax: '60', fxRate: '41.5' },
  )
  return { first, second }
}
