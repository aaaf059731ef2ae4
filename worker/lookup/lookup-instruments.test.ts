import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startQuoteFixtureServer,
  type QuoteFixtureServer,
} from '../../tests/quote-fixtures/fixture-server'
import { QuoteError } from '../quotes/quote-error'
import { lookUpInstruments, lookUpSymbol } from './lookup-instruments'

// Against the recorded answers of tests/quote-fixtures (yahoo-search/, coingecko-search/).

let server: QuoteFixtureServer
beforeAll(async () => {
  server = await startQuoteFixtureServer()
})
afterAll(() => server.close())

const instant = { sleep: async () => {} }

/** The services at the stand-in, `mode` (`down`, `malformed`) before those that fail. */
function env(modes: { yahoo?: string; coingecko?: string } = {}) {
  const at = (mode?: string) => (mode ? `${server.url}/${mode}` : server.url)
  return {
    QUOTES_YAHOO_URL: `${at(modes.yahoo)}/yahoo`,
    QUOTES_YAHOO_SEARCH_URL: `${at(modes.yahoo)}/yahoo`,
    QUOTES_COINGECKO_URL: `${at(modes.coingecko)}/coingecko`,
  }
}

describe('lookUpInstruments', () => {
  it('lists Yahoo Finance’s lines, then CoinGecko’s coins', async () => {
    const list = await lookUpInstruments(env(), 'bitcoin', instant)
    expect(list.unavailable).toEqual([])
    expect(list.candidates.map((candidate) => [candidate.provider, candidate.symbol])).toEqual([
      ['yahoo', 'IBIT'],
      ['yahoo', 'BITO'],
      ['coingecko', 'bitcoin'],
      ['coingecko', 'wrapped-bitcoin'],
      ['coingecko', 'bitcoin-cash'],
      ['coingecko', 'bitcoin-avalanche-bridged-btc-b'],
    ])
    expect(list.candidates[0]).toEqual({
      provider: 'yahoo',
      symbol: 'IBIT',
      code: 'IBIT',
      name: 'iShares Bitcoin Trust ETF',
      type: 'ETF',
      currency: 'USD',
      exchange: 'NASDAQ',
      isin: null,
    })
  })

  it('reads a London line’s currency from its chart, and keeps the ISIN it was found by', async () => {
    const { candidates } = await lookUpInstruments(env(), 'ie00bk5bqt80', instant)
    expect(
      candidates.map(({ symbol, currency, exchange, isin }) => ({
        symbol,
        currency,
        exchange,
        isin,
      })),
    ).toEqual([
      { symbol: 'VWCE.DE', currency: 'EUR', exchange: 'XETRA', isin: 'IE00BK5BQT80' },
      { symbol: 'VWRA.L', currency: 'USD', exchange: 'LONDON', isin: 'IE00BK5BQT80' },
    ])
    const vodafone = await lookUpInstruments(env(), 'vodafone', instant)
    expect(vodafone.candidates[0]).toMatchObject({ symbol: 'VOD.L', currency: 'GBP' })
  })

  it('names a service that failed and lists the other’s; throws when both failed', async () => {
    const partly = await lookUpInstruments(env({ coingecko: 'down' }), 'vwce', instant)
    expect(partly.unavailable).toEqual(['coingecko'])
    expect(partly.candidates.map((candidate) => candidate.symbol)).toContain('VWCE.DE')
    const failed = lookUpInstruments(env({ yahoo: 'malformed', coingecko: 'down' }), 'x', instant)
    await expect(failed).rejects.toBeInstanceOf(QuoteError)
  })
})

describe('lookUpSymbol', () => {
  it('asks the service again for the symbol, by the ISIN it was found by', async () => {
    const wanted = { provider: 'yahoo', symbol: 'VWRA.L', isin: 'IE00BK5BQT80' } as const
    expect(await lookUpSymbol(env(), wanted, instant)).toMatchObject({
      code: 'VWRA',
      currency: 'USD',
      isin: 'IE00BK5BQT80',
    })
    const coin = { provider: 'coingecko', symbol: 'bitcoin', isin: null } as const
    expect(await lookUpSymbol(env(), coin, instant)).toMatchObject({ code: 'BTC', name: 'Bitcoin' })
  })

  it('answers null for a symbol the service does not list', async () => {
    const wanted = { provider: 'yahoo', symbol: 'NOPE.DE', isin: null } as const
    expect(await lookUpSymbol(env(), wanted, instant)).toBeNull()
  })
})

describe('a service that answers 404', () => {
  it('lists nothing, as its charts answer a symbol they lack', async () => {
    const nowhere = {
      QUOTES_YAHOO_URL: `${server.url}/nowhere`,
      QUOTES_YAHOO_SEARCH_URL: `${server.url}/nowhere`,
      QUOTES_COINGECKO_URL: `${server.url}/nowhere`,
    }
    expect(await lookUpInstruments(nowhere, 'vwce', instant)).toEqual({
      candidates: [],
      unavailable: [],
    })
    const wanted = { provider: 'coingecko', symbol: 'bitcoin', isin: null } as const
    expect(await lookUpSymbol(nowhere, wanted, instant)).toBeNull()
  })
})
