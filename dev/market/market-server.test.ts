import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEcbProvider } from '../../worker/fx/ecb-provider'
import type { FxRate } from '../../worker/fx/fx-provider'
import { lookUpInstruments, lookUpSymbol } from '../../worker/lookup/lookup-instruments'
import { createTcmbProvider } from '../../worker/fx/tcmb-provider'
import { coinGeckoProvider } from '../../worker/quotes/coingecko-provider'
import { createQuoteHttp, DEFAULT_HTTP_OPTIONS } from '../../worker/quotes/quote-http'
import type { QuoteProvider } from '../../worker/quotes/quote-provider'
import { tefasProvider } from '../../worker/quotes/tefas-provider'
import { yahooProvider } from '../../worker/quotes/yahoo-provider'
import { devMarketVars, startDevMarketServer, type DevMarketServer } from './market-server'

// A Wednesday morning: the quote job asks up to yesterday.
const NOW = new Date('2026-03-04T01:00:00Z')
const YESTERDAY = '2026-03-03'

let server: DevMarketServer
let vars: Record<string, string>
beforeAll(async () => {
  server = await startDevMarketServer(0, () => NOW)
  vars = devMarketVars(server.url)
})
afterAll(() => server.close())

/** What the worker's provider makes of the server's answers for one symbol. */
async function closesOf(
  provider: QuoteProvider,
  symbols: string[],
  from: string,
  currency = 'TRY',
) {
  const http = createQuoteHttp({ ...DEFAULT_HTTP_OPTIONS, minIntervalMs: 0, sleep: async () => {} })
  const batch = symbols.map((symbol) => ({ symbol, currency, from, to: YESTERDAY }))
  return provider.fetchCloses(vars, batch, http)
}

async function all(history: AsyncIterable<FxRate[]>): Promise<FxRate[]> {
  const rates: FxRate[] = []
  for await (const batch of history) rates.push(...batch)
  return rates
}

describe('the dev market server through the worker’s providers', () => {
  it.each([
    ['THYAO.IS', 'TRY'],
    ['ASELS.IS', 'TRY'],
    ['SAP.DE', 'EUR'],
    ['VWCE.DE', 'EUR'],
    ['EUNL.DE', 'EUR'],
    ['AAPL', 'USD'],
    ['MSFT', 'USD'],
  ])('prices %s on Yahoo Finance up to yesterday', async (symbol, currency) => {
    const closes = await closesOf(yahooProvider, [symbol], '2025-03-10', currency)
    expect(closes.length).toBeGreaterThan(240)
    expect(closes.at(-1)).toMatchObject({ symbol, currency, date: YESTERDAY })
  })

  it.each(['TTE', 'AFT', 'IPB', 'MAC', 'YAY', 'TCD', 'NNF', 'IIH', 'AEA', 'AH5', 'K9X'])(
    'prices the fund %s on TEFAS, its history and then from the list of every fund',
    async (code) => {
      const history = await closesOf(tefasProvider, [code], '2026-01-01')
      expect(history.length).toBeGreaterThan(40)
      expect(history.at(-1)).toMatchObject({ symbol: code, currency: 'TRY', date: YESTERDAY })
      const recent = await closesOf(tefasProvider, [...new Set([code, 'TTE', 'AEA'])], '2026-02-26')
      const own = recent.filter((close) => close.symbol === code).map((close) => close.date)
      expect(own).toEqual(['2026-02-26', '2026-02-27', '2026-03-02', '2026-03-03'])
    },
  )

  it.each(['bitcoin', 'ethereum'])('prices %s on CoinGecko every day', async (id) => {
    const closes = await closesOf(coinGeckoProvider, [id], '2026-02-01', 'USD')
    expect(closes).toHaveLength(31)
    expect(closes.at(-1)?.date).toBe(YESTERDAY)
  })

  it('finds lines and a coin to look up for any query, and each again by its symbol', async () => {
    const instant = { sleep: async () => {} }
    const { candidates, unavailable } = await lookUpInstruments(vars, 'vwce', instant)
    expect(unavailable).toEqual([])
    expect(
      candidates.map(({ provider, symbol, exchange, currency }) => [
        provider,
        symbol,
        exchange,
        currency,
      ]),
    ).toEqual([
      ['yahoo', 'VWCE.DE', 'XETRA', 'EUR'],
      ['yahoo', 'VWCE.IS', 'BIST', 'TRY'],
      ['yahoo', 'VWCE', 'NASDAQ', 'USD'],
      // London's currency comes from the chart, in pence there.
      ['yahoo', 'VWCE.L', 'LONDON', 'GBP'],
      ['coingecko', 'vwce', null, 'USD'],
    ])
    expect(candidates[0]).toMatchObject({ code: 'VWCE', name: 'Vwce (dev market)', type: 'STOCK' })
    const milan = await lookUpSymbol(
      vars,
      { provider: 'yahoo', symbol: 'VWCE.MI', isin: null },
      instant,
    )
    expect(milan).toMatchObject({ symbol: 'VWCE.MI', exchange: 'MILAN', currency: 'EUR' })
    const coin = await lookUpSymbol(
      vars,
      { provider: 'coingecko', symbol: 'shiba-inu', isin: null },
      instant,
    )
    expect(coin).toMatchObject({ code: 'SHIB', name: 'Shiba-inu', currency: 'USD' })
    expect((await lookUpInstruments(vars, '–', instant)).candidates).toEqual([])
  })

  it('answers the ECB’s and the TCMB’s documents the FX job reads', async () => {
    const today = '2026-03-04'
    const ecb = createEcbProvider({ baseUrl: vars.FX_ECB_URL, today })
    expect((await ecb.fetchLatest())[0]?.rateDate).toBe(today)
    const recent = await all(ecb.fetchHistory('2026-02-01', today))
    expect(new Set(recent.map((rate) => rate.rateDate)).size).toBe(23)
    const year = await all(ecb.fetchHistory('1999-01-04', today))
    expect(year.filter((rate) => rate.quote === 'USD').length).toBeGreaterThan(250)
    const tcmb = createTcmbProvider({ baseUrl: vars.FX_TCMB_URL })
    expect((await tcmb.fetchLatest())[0]?.rateDate).toBe(today)
    const days = await all(tcmb.fetchHistory('2026-02-27', today))
    expect([...new Set(days.map((rate) => rate.rateDate))]).toEqual([
      '2026-02-27',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
    ])
  })

  it('answers 404 elsewhere', async () => {
    expect((await fetch(`${server.url}/nothing`)).status).toBe(404)
    expect((await fetch(`${server.url}/tcmb/202603/07032026.xml`)).status).toBe(404)
  })
})
