import { PRICE_PROVIDER_RULES } from '../../shared/portfolio/price-providers'

/** How Yahoo Finance names the exchanges the stand-in lists every code on. */
const YAHOO_LINES = [
  { suffix: '.DE', exchange: 'GER', exchDisp: 'XETRA' },
  { suffix: '.IS', exchange: 'IST', exchDisp: 'Istanbul' },
  { suffix: '', exchange: 'NMS', exchDisp: 'NASDAQ' },
  { suffix: '.L', exchange: 'LSE', exchDisp: 'LSE' },
] as const

/** The code the stand-in reads from what was typed: letters and digits, at most six. */
const codeOf = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 6)

const titled = (text: string) =>
  text.trim().replace(/\S+/g, (word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())

/**
 * Yahoo Finance's `GET /v1/finance/search?q=` for any query: the code it reads from `q` on
 * Xetra, Borsa Istanbul, the Nasdaq and London (whose charts the stand-in serves too), after
 * the symbol itself when `q` is one with an exchange's suffix, as shares named after the query;
 * nothing for a query without a letter or digit.
 */
export function yahooSearch(q: string): string {
  const typed = q.trim().toUpperCase()
  const code = codeOf(typed.split('.')[0] ?? '')
  const symbols = code === '' ? [] : YAHOO_LINES.map((line) => `${code}${line.suffix}`)
  if (typed.includes('.') && PRICE_PROVIDER_RULES.yahoo.symbol.test(typed)) {
    symbols.unshift(typed)
  }
  const quotes = [...new Set(symbols)].map((symbol, index) => {
    const dot = symbol.lastIndexOf('.')
    const suffix = dot < 0 ? '' : symbol.slice(dot)
    const line = YAHOO_LINES.find((venue) => venue.suffix === suffix) ?? YAHOO_LINES[0]
    const name = `${titled(q)} (dev market)`
    return {
      exchange: line.exchange,
      shortname: name.toUpperCase().slice(0, 30),
      quoteType: 'EQUITY',
      symbol,
      index: 'quotes',
      score: 20_000 - index,
      typeDisp: 'Equity',
      longname: name,
      exchDisp: line.exchDisp,
      isYahooFinance: true,
    }
  })
  return JSON.stringify({
    explains: [],
    count: quotes.length,
    quotes,
    news: [],
    nav: [],
    lists: [],
    researchReports: [],
    totalTime: 12,
  })
}

/**
 * CoinGecko's `GET /search?query=` for any query: one coin whose id is the query in lower case
 * (words joined by dashes, as CoinGecko's ids are; the stand-in's charts price any id), named
 * after it, its ticker the id's first letters; no coin for a query without a letter or digit.
 */
export function coinGeckoSearch(query: string): string {
  const id = query
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  const coins = PRICE_PROVIDER_RULES.coingecko.symbol.test(id)
    ? [
        {
          id,
          name: titled(query),
          api_symbol: id,
          symbol: id.replace(/-/g, '').slice(0, 4).toUpperCase(),
          market_cap_rank: null,
          thumb: 'missing_thumb.png',
          large: 'missing_large.png',
        },
      ]
    : []
  return JSON.stringify({ coins, exchanges: [], icos: [], categories: [], nfts: [] })
}
