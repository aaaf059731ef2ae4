import { write, type SignedInApp } from './seed-portfolio'

/**
 * A Turkish resident's lira portfolio written through the app's API, for the Turkish tax
 * screen's checks: docs/tax-turkey.md's worked examples in 2025, so its figures never change.
 * The US share's trades of 15.03.2024 and 10.06.2025 need the TCMB USD buying rates of the
 * bulletins before them, 14.03.2024 (32.0000) and 05.06.2025 (39.2000), and Yİ-ÜFE of February
 * 2024 (3,000) and May 2025 (4,125) in the tables.
 *
 * 2025, by hand:
 * - Example 1: 200 Borsa İstanbul shares, gain 63,074.76 − 56,022.40 = 7,052.36, 0 % stopaj.
 * - Example 11: a debt fund, 3,000 bought in the 10 % band and 2,000 in the 15 % band, 4,000
 *   sold at 4.80: 2,100 × 10 % + 550 × 15 % = 292.50 stopaj on a gain of 2,650.
 * - Example 12: a Turkish dividend of 40,000, stopaj 15 % = 6,000; its half 20,000 is not above
 *   330,000: not declared.
 * - Example 15: 10 US shares, 82,280.80 − 48,032.00 = 34,248.80; indexed by 4,125 / 3,000:
 *   82,280.80 − 66,044.00 = 16,236.80, declared; the 2025 tariff's 15 %: 2,435.52.
 */
export async function seedTurkishPortfolio(app: SignedInApp) {
  const portfolio = await write(app, '/api/portfolios', {
    name: 'Emeklilik',
    baseCurrency: 'TRY',
    costBasisMethod: 'FIFO',
    recordsCash: false,
  })
  const bist = await write(app, '/api/instruments', {
    code: 'ANDLU',
    name: 'Anadolu Sanayi A.Ş.',
    type: 'STOCK',
    currency: 'TRY',
    exchange: 'BIST',
  })
  const fund = await write(app, '/api/instruments', {
    code: 'BRCF',
    name: 'Boğaziçi Borçlanma Araçları Fonu',
    type: 'FUND',
    currency: 'TRY',
    priceProvider: 'tefas',
    priceSymbol: 'BRC',
    tefasFundClass: 'debt',
  })
  const us = await write(app, '/api/instruments', {
    code: 'PCFC',
    name: 'Pacific Software Inc.',
    type: 'STOCK',
    currency: 'USD',
    exchange: 'NASDAQ',
  })
  const lira = { currency: 'TRY' }
  const transactions = [
    {
      ...lira,
      type: 'BUY',
      instrumentId: bist.id,
      tradeDate: '2025-02-12',
      quantity: '200',
      unitPrice: '280',
      fee: '22.40',
    },
    { ...lira, type: 'DIVIDEND', instrumentId: bist.id, tradeDate: '2025-05-20', amount: '40000' },
    {
      ...lira,
      type: 'SELL',
      instrumentId: bist.id,
      tradeDate: '2025-06-04',
      quantity: '200',
      unitPrice: '315.50',
      fee: '25.24',
    },
    {
      ...lira,
      type: 'BUY',
      instrumentId: fund.id,
      tradeDate: '2025-01-20',
      quantity: '3000',
      unitPrice: '4.1',
    },
    {
      ...lira,
      type: 'BUY',
      instrumentId: fund.id,
      tradeDate: '2025-03-10',
      quantity: '2000',
      unitPrice: '4.25',
    },
    {
      ...lira,
      type: 'SELL',
      instrumentId: fund.id,
      tradeDate: '2025-09-15',
      quantity: '4000',
      unitPrice: '4.8',
    },
    // Recorded at the broker's rates; taxed at the TCMB's.
    {
      type: 'BUY',
      instrumentId: us.id,
      currency: 'USD',
      fxRate: '32.2',
      tradeDate: '2024-03-15',
      quantity: '10',
      unitPrice: '150',
      fee: '1',
    },
    {
      type: 'SELL',
      instrumentId: us.id,
      currency: 'USD',
      fxRate: '39.4',
      tradeDate: '2025-06-10',
      quantity: '10',
      unitPrice: '210',
      fee: '1',
    },
  ]
  for (const transaction of transactions) {
    await write(app, `/api/portfolios/${portfolio.id}/transactions`, {
      idempotencyKey: crypto.randomUUID(),
      transaction,
    })
  }
  return { portfolioId: portfolio.id }
}
