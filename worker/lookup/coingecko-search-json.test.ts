import { describe, expect, it } from 'vitest'
import bitcoin from '../../tests/quote-fixtures/coingecko-search/bitcoin.json?raw'
import empty from '../../tests/quote-fixtures/coingecko-search/empty.json?raw'
import { QuoteError } from '../quotes/quote-error'
import { COINS_PER_SEARCH, parseCoinGeckoSearch } from './coingecko-search-json'

function codeOf(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    return error instanceof QuoteError ? error.code : 'other'
  }
  return 'parsed'
}

describe('parseCoinGeckoSearch', () => {
  it('offers the coins in dollars, by their id, their ticker the code', () => {
    const coins = parseCoinGeckoSearch(bitcoin)
    expect(coins[0]).toEqual({
      provider: 'coingecko',
      symbol: 'bitcoin',
      code: 'BTC',
      name: 'Bitcoin',
      type: 'CRYPTO',
      currency: 'USD',
      exchange: null,
      isin: null,
    })
    // A ticker the catalog cannot write (`$BTC`) leaves its coin out.
    expect(coins.map((coin) => [coin.symbol, coin.code])).toEqual([
      ['bitcoin', 'BTC'],
      ['wrapped-bitcoin', 'WBTC'],
      ['bitcoin-cash', 'BCH'],
      ['bitcoin-avalanche-bridged-btc-b', 'BTC.B'],
    ])
  })

  it(`offers at most ${COINS_PER_SEARCH} coins, the largest first as CoinGecko sorts them`, () => {
    const coins = Array.from({ length: 15 }, (_, n) => ({
      id: `coin-${n}`,
      name: `Coin ${n}`,
      symbol: `c${n}`,
      market_cap_rank: n + 1,
    }))
    const offered = parseCoinGeckoSearch(JSON.stringify({ coins }))
    expect(offered.map((coin) => coin.code)).toEqual(
      Array.from({ length: COINS_PER_SEARCH }, (_, n) => `C${n}`),
    )
  })

  it('reads an answer without coins as none, and refuses what is not a search answer', () => {
    expect(parseCoinGeckoSearch(empty)).toEqual([])
    expect(codeOf(() => parseCoinGeckoSearch('<html></html>'))).toBe('bad_response')
    expect(codeOf(() => parseCoinGeckoSearch('{"status":{"error_code":429}}'))).toBe('bad_response')
  })
})
