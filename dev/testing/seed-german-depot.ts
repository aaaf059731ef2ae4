import { write, type SignedInApp } from './seed-portfolio'

/**
 * A German resident's euro depot written through the app's API, for the German tax screens'
 * checks. 2024 and 2025 are fixed, so the 2025 statement never changes (hand-computed below);
 * the ETF's prices of the current year are dated from today, so the year so far always has a
 * Vorabpauschale to expect.
 *
 * 2025, by hand (docs/tax-germany.md, rules 5–10):
 * - Rheinwerk: 120 sold at 70 less 10 = 8,390; FIFO 100 for 5,005 and 20 of 50 for 1,202:
 *   gain 2,183 (share pot).
 * - Pacific: dividend 100 with 30 withheld, 15 creditable; 40 sold at 80 less 4 = 3,196 for
 *   4,000: loss −804 (share pot).
 * - Welt ETF (equity, 30 % Teilfreistellung): the Vorabpauschale of 2024, 100 × 79 × 2.29 % × 70 %
 *   = 126.637, received 2 January 2025: 88.6459; 40 sold at 102 = 4,080 for 3,200 less their
 *   Vorabpauschale 50.6548: 829.3452, taxable 580.54164.
 * - Income 1,379 + 769.18754 = 2,148.18754; FSA 1,000; taxable 1,148.18754; church tax 9 %:
 *   KapESt (1,148.18754 − 4 × 15) ÷ 4.09 = 266.06, Soli 14.63, church tax 23.94.
 */
export async function seedGermanDepot(app: SignedInApp, today: string) {
  const depot = await write(app, '/api/portfolios', {
    name: 'Depot Rhein',
    baseCurrency: 'EUR',
    costBasisMethod: 'AVERAGE',
    recordsCash: false,
  })
  const year = today.slice(0, 4)
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10)
  const instruments = {
    rheinwerk: {
      fields: { code: 'RHWK', name: 'Rheinwerk AG', type: 'STOCK', country: 'DE' },
      prices: [['2025-12-30', '71.50']],
    },
    pacific: {
      fields: { code: 'PSWI', name: 'Pacific Software Inc.', type: 'STOCK', country: 'US' },
      prices: [['2025-12-30', '78.00']],
    },
    world: {
      fields: {
        code: 'WELT',
        name: 'Welt Aktien UCITS ETF',
        type: 'ETF',
        fundType: 'equity',
        country: 'IE',
      },
      prices: [
        ['2024-01-02', '79'],
        ['2024-12-30', '95'],
        ['2025-01-02', '96'],
        ['2025-12-30', '104'],
        [`${year}-01-02`, '105'],
        [yesterday, '112'],
      ],
    },
  } as const
  const ids: Record<string, string> = {}
  for (const [key, { fields, prices }] of Object.entries(instruments)) {
    const instrument = await write(app, '/api/instruments', { ...fields, currency: 'EUR' })
    await write(app, `/api/instruments/${instrument.id}/prices`, {
      prices: prices.filter(([date]) => date < today).map(([date, close]) => ({ date, close })),
    })
    ids[key] = instrument.id
  }
  const trade = (type: string, tradeDate: string, key: string, fields: object) => ({
    type,
    tradeDate,
    instrumentId: ids[key],
    ...fields,
  })
  const transactions = [
    trade('BUY', '2024-01-15', 'world', { quantity: '100', unitPrice: '80' }),
    trade('BUY', '2024-03-01', 'rheinwerk', { quantity: '100', unitPrice: '50', fee: '5' }),
    trade('BUY', '2024-06-03', 'rheinwerk', { quantity: '50', unitPrice: '60', fee: '5' }),
    trade('BUY', '2024-09-02', 'pacific', { quantity: '40', unitPrice: '100' }),
    trade('SELL', '2025-02-10', 'rheinwerk', { quantity: '120', unitPrice: '70', fee: '10' }),
    trade('DIVIDEND', '2025-05-15', 'pacific', { amount: '100', tax: '30' }),
    trade('SELL', '2025-08-01', 'pacific', { quantity: '40', unitPrice: '80', fee: '4' }),
    trade('SELL', '2025-11-03', 'world', { quantity: '40', unitPrice: '102' }),
  ]
  for (const transaction of transactions) {
    await write(app, `/api/portfolios/${depot.id}/transactions`, {
      idempotencyKey: crypto.randomUUID(),
      transaction,
    })
  }
  // This year's order leaves room for another portfolio's 500 within the 1,000 allowance.
  for (const [taxYear, freistellungsauftrag] of [
    ['2025', '1000'],
    [year, '500'],
  ] as const) {
    await write(
      app,
      `/api/portfolios/${depot.id}/tax-years/${taxYear}`,
      { freistellungsauftrag, lossCertificate: false },
      'PUT',
    )
  }
  return { depotId: depot.id }
}
