import { describe, expect, it } from 'vitest'
import malformed from '../../tests/quote-fixtures/malformed/yahoo.html?raw'
import bitcoin from '../../tests/quote-fixtures/yahoo-search/bitcoin.json?raw'
import empty from '../../tests/quote-fixtures/yahoo-search/empty.json?raw'
import byIsin from '../../tests/quote-fixtures/yahoo-search/ie00bk5bqt80.json?raw'
import thyao from '../../tests/quote-fixtures/yahoo-search/thyao.json?raw'
import vwce from '../../tests/quote-fixtures/yahoo-search/vwce.json?raw'
import { QuoteError } from '../quotes/quote-error'
import { parseYahooSearch } from './yahoo-search-json'

/** A search answer holding these quotes, in Yahoo Finance's shape. */
const answer = (quotes: unknown[]) =>
  JSON.stringify({ explains: [], count: quotes.length, quotes, news: [], totalTime: 20 })

function codeOf(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    return error instanceof QuoteError ? error.code : 'other'
  }
  return 'parsed'
}

describe('parseYahooSearch', () => {
  it('keeps the lines of the exchanges the catalog knows, named as it names them', () => {
    expect(parseYahooSearch(vwce)).toEqual([
      {
        symbol: 'VWCE.DE',
        code: 'VWCE',
        name: 'Vanguard FTSE All-World UCITS ETF USD Accumulation',
        type: 'ETF',
        exchange: 'XETRA',
        venue: 'xetra',
      },
      expect.objectContaining({ symbol: 'VWCE.MI', exchange: 'MILAN', venue: 'milan' }),
      expect.objectContaining({ symbol: 'VWCE.F', exchange: 'FRANKFURT', venue: 'frankfurt' }),
      // Vienna (`.VI`) is no venue of LISTING_VENUES.
      expect.objectContaining({ symbol: 'VWCE.SG', exchange: 'STUTTGART', venue: 'stuttgart' }),
    ])
    expect(parseYahooSearch(byIsin).map((line) => [line.symbol, line.exchange])).toEqual([
      ['VWCE.DE', 'XETRA'],
      ['VWRA.L', 'LONDON'],
    ])
  })

  it('names US exchanges after Yahoo Finance’s codes, and leaves out crypto and futures', () => {
    expect(
      parseYahooSearch(bitcoin).map((line) => [line.symbol, line.type, line.exchange]),
    ).toEqual([
      ['IBIT', 'ETF', 'NASDAQ'],
      ['BITO', 'ETF', 'NYSEARCA'],
    ])
  })

  it('leaves out hits that are not Yahoo Finance’s, which carry no symbol', () => {
    expect(parseYahooSearch(thyao)).toEqual([
      {
        symbol: 'THYAO.IS',
        code: 'THYAO',
        name: 'Türk Hava Yollari Anonim Ortakligi',
        type: 'STOCK',
        exchange: 'BIST',
        venue: 'bist',
      },
      expect.objectContaining({ symbol: 'TKHVY', exchange: 'OTC', venue: 'us' }),
    ])
  })

  it('writes a class share’s dash as a dot, and takes the short name without a long one', () => {
    const [line] = parseYahooSearch(
      answer([
        {
          exchange: 'NYQ',
          shortname: '  Berkshire Hathaway Inc. New  ',
          quoteType: 'EQUITY',
          symbol: 'BRK-B',
          exchDisp: 'NYSE',
          isYahooFinance: true,
        },
      ]),
    )
    expect(line).toMatchObject({ code: 'BRK.B', name: 'Berkshire Hathaway Inc. New' })
  })

  it('reads names written with entities, and cuts them to the catalog’s 120 characters', () => {
    const long = 'X'.repeat(130)
    const lines = parseYahooSearch(
      answer([
        {
          exchange: 'GER',
          longname: 'iShares Core S&amp;P 500',
          quoteType: 'ETF',
          symbol: 'SXR8.DE',
        },
        { exchange: 'GER', longname: long, quoteType: 'EQUITY', symbol: 'LONG.DE' },
      ]),
    )
    expect(lines.map((line) => line.name)).toEqual(['iShares Core S&P 500', 'X'.repeat(120)])
  })

  it('leaves out a line without a name, on an unknown US exchange, or listed twice', () => {
    const lines = parseYahooSearch(
      answer([
        { exchange: 'GER', quoteType: 'EQUITY', symbol: 'NONAME.DE' },
        { exchange: 'XYZ', longname: 'Somewhere', quoteType: 'EQUITY', symbol: 'SOME' },
        { exchange: 'NMS', longname: 'Apple Inc.', quoteType: 'EQUITY', symbol: 'AAPL' },
        { exchange: 'NMS', longname: 'Apple Inc.', quoteType: 'EQUITY', symbol: 'AAPL' },
        { exchange: 'NMS', longname: 'Mutual', quoteType: 'MUTUALFUND', symbol: 'vfiax' },
      ]),
    )
    expect(lines.map((line) => line.symbol)).toEqual(['AAPL'])
  })

  it('reads an answer that finds nothing as no lines', () => {
    expect(parseYahooSearch(empty)).toEqual([])
  })

  it('refuses what is not a search answer', () => {
    expect(codeOf(() => parseYahooSearch(malformed))).toBe('bad_response')
    expect(codeOf(() => parseYahooSearch('{"finance":{"result":null}}'))).toBe('bad_response')
  })
})
