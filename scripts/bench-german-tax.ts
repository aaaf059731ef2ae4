// Benchmark of the German tax view where it runs (not a test): the production worker build in
// workerd (Miniflare) against a local Postgres holding a depot in euros of 10,000 transactions
// over 70 shares and 30 equity ETFs with 5 years of daily closes. Prints the server time of
// `GET /api/portfolios/{id}/tax/germany/2025` (request to response, database included) and
// workerd's CPU per request, and whether the aim of issue 34 (under 300 ms) is met.
// Run: npm run build && npm run bench:german-tax
import { benchTaxView } from './bench-kit/tax-view-bench.ts'
import { seedDepot } from './german-tax-bench/seed.ts'

process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false'
process.env.WRANGLER_SEND_METRICS = 'false'

await benchTaxView({
  email: 'bench-tax@example.com',
  issue: 34,
  seed: seedDepot,
  path: (portfolioId, year) => `/api/portfolios/${portfolioId}/tax/germany/${year}`,
  describe: (view, year) => {
    const { items, assessment } = view as { items: unknown[]; assessment: { kapESt: string } }
    return `Year ${year}: ${items.length} items, KapESt ${assessment.kapESt} €`
  },
})
