// Benchmark of the Turkish tax view where it runs (not a test): the production worker build in
// workerd (Miniflare) against a local Postgres holding a portfolio in lira of 10,000 transactions
// over 40 Borsa İstanbul shares, 30 TEFAS funds and 30 US shares over 5 years, with the TCMB's
// rates and Yİ-ÜFE. Prints the server time of `GET /api/portfolios/{id}/tax/turkey/2025` (request
// to response, database included) and workerd's CPU per request, and whether the aim of issue 35
// (under 300 ms) is met.
// Run: npm run build && npm run bench:turkish-tax
import { benchTaxView } from './bench-kit/tax-view-bench.ts'
import { seedLiraPortfolio } from './turkish-tax-bench/seed.ts'

process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false'
process.env.WRANGLER_SEND_METRICS = 'false'

await benchTaxView({
  email: 'bench-turkish-tax@example.com',
  issue: 35,
  seed: seedLiraPortfolio,
  path: (portfolioId, year) => `/api/portfolios/${portfolioId}/tax/turkey/${year}`,
  describe: (view, year) => {
    const { items, assessment } = view as {
      items: unknown[]
      assessment: { funds: { stopaj: string }; declaration: { income: string } }
    }
    return `Year ${year}: ${items.length} items, fund stopaj ${assessment.funds.stopaj} ₺, declared ${assessment.declaration.income} ₺`
  },
})
