import { INSTRUMENT_CODE_PATTERN, type LookupCandidate } from '../../shared/api/schemas'
import {
  PRICE_PROVIDER_RULES,
  PRICE_SYMBOL_MAX_LENGTH,
} from '../../shared/portfolio/price-providers'
import { providerJson } from '../quotes/provider-json'
import { badResponse } from '../quotes/quote-error'
import { catalogName } from './lookup-source'

/** The coins a search offers: CoinGecko ranks by market cap, and the tail is mostly noise. */
export const COINS_PER_SEARCH = 10

/** The currency coins are added in, as the catalog's BTC, ETH and SOL are. */
export const COIN_CURRENCY = 'USD'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/**
 * The coins of a CoinGecko search answer (`/search?query=…`), largest market cap first as
 * CoinGecko sorts them: `{"coins":[{"id":"bitcoin","name":"Bitcoin","api_symbol":"bitcoin",
 * "symbol":"BTC","market_cap_rank":1,"thumb":"…","large":"…"}],"exchanges":[…],"icos":[],
 * "categories":[…],"nfts":[…]}`. The id prices the coin; its ticker is the code, where the
 * catalog can write it (`$BTC` cannot be). Coins are in dollars. Anything but a coins list
 * refuses the whole answer.
 *
 * @example parseCoinGeckoSearch(text)[0] // { provider: 'coingecko', symbol: 'bitcoin', code: 'BTC', … }
 */
export function parseCoinGeckoSearch(answer: string): LookupCandidate[] {
  const document = providerJson(answer, 'CoinGecko', 'search')
  const coins = isRecord(document) ? document.coins : undefined
  if (!Array.isArray(coins)) throw badResponse('CoinGecko', 'search: no coins list')
  const candidates = new Map<string, LookupCandidate>()
  for (const coin of coins as unknown[]) {
    if (!isRecord(coin)) continue
    const id = text(coin.id)
    const code = text(coin.symbol).trim().toUpperCase()
    const name = catalogName(text(coin.name))
    if (id.length > PRICE_SYMBOL_MAX_LENGTH || !PRICE_PROVIDER_RULES.coingecko.symbol.test(id)) {
      continue
    }
    if (name === null || !INSTRUMENT_CODE_PATTERN.test(code) || candidates.has(id)) continue
    candidates.set(id, {
      provider: 'coingecko',
      symbol: id,
      code,
      name,
      type: 'CRYPTO',
      currency: COIN_CURRENCY,
      exchange: null,
      isin: null,
    })
    if (candidates.size === COINS_PER_SEARCH) break
  }
  return [...candidates.values()]
}
