import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORED_AT_HEADER } from '../../service-worker/cache-names'
import { portfolioQueries } from './portfolio-queries'

const ID = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b'
const INSTRUMENT = '9a4d3f2b-8c1e-4e6f-8b7a-1c2d3e4f5a6b'

/** Every query the portfolio screens make, as they make them. */
const QUERIES = [
  portfolioQueries.list(),
  portfolioQueries.portfolio(ID),
  portfolioQueries.report(ID),
  portfolioQueries.performance(ID, '1Y', '2026-05-29'),
  portfolioQueries.performance(ID, 'MAX', '2026-05-29'),
  portfolioQueries.instrumentTransactions(ID, INSTRUMENT),
  portfolioQueries.prices(INSTRUMENT, { from: '2026-01-05', to: '2026-05-29' }),
  portfolioQueries.quoteStatus(INSTRUMENT),
  portfolioQueries.instrumentLookup('Türk Hava'),
  portfolioQueries.importMappings(),
]

afterEach(() => vi.unstubAllGlobals())

function answering(response: () => Response) {
  const requested: string[] = []
  vi.stubGlobal('window', { location: { pathname: '/de/portfolio' } })
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    requested.push(String(input))
    return response()
  })
  return requested
}

const context = { signal: new AbortController().signal } as Parameters<
  (typeof QUERIES)[number]['queryFn']
>[0]

describe('portfolioQueries', () => {
  it('key each query by exactly the path it requests, as a screen’s API snapshot names it', async () => {
    const requested = answering(() => Response.json({}))
    for (const query of QUERIES) await query.queryFn(context)
    expect(requested).toEqual(QUERIES.map((query) => query.queryKey[0]))
    expect(portfolioQueries.performance(ID, '1Y', '2026-05-29').queryKey[0]).toBe(
      `/api/portfolios/${ID}/performance?from=2025-05-29&to=2026-05-29`,
    )
  })

  it('say when an answer is the service worker’s copy, and from when', async () => {
    answering(() => Response.json({ portfolios: [] }, { headers: { [STORED_AT_HEADER]: '1700' } }))
    expect(await portfolioQueries.list().queryFn(context)).toEqual({
      body: { portfolios: [] },
      asOf: 1700,
      fromCache: true,
    })
  })
})
