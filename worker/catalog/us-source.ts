import { badResponse } from '../quotes/quote-error'
import { isStorableLine, lineName, uniqueLines } from './catalog-line'
import { baseUrl, type CatalogLine, type CatalogSource } from './catalog-source'
import { delimitedRows, recordOf } from './delimited-text'

/** Nasdaq Trader's symbol directory (`CATALOG_NASDAQ_URL` overrides). */
export const NASDAQ_DEFAULT_URL = 'https://www.nasdaqtrader.com'

/** The S&P 500 constituents of datasets/s-and-p-500-companies (`CATALOG_SP500_URL` overrides). */
export const SP500_DEFAULT_URL =
  'https://raw.githubusercontent.com/datasets/s-and-p-500-companies/main'

/** `otherlisted.txt`'s exchange letters, as the catalog names the exchanges. */
const OTHER_EXCHANGES: Record<string, string> = {
  N: 'NYSE',
  A: 'NYSEAMER',
  P: 'NYSEARCA',
  Z: 'CBOE',
  V: 'IEX',
}

/** Symbol → exchange of the listed, non-test issues of one directory file. */
type Listings = Map<string, string>

function directory(text: string, symbolColumns: readonly string[], file: string) {
  const rows = delimitedRows(text, '|')
  const header = rows.next().value?.map((name) => name.trim()) ?? []
  const missing = [...symbolColumns, 'Test Issue'].filter((name) => !header.includes(name))
  if (missing.length > 0)
    throw badResponse('Nasdaq Trader', `${file}: no column ${missing.join(', ')}`)
  const records: Record<string, string>[] = []
  let footer = false
  for (const row of rows) {
    // The last line says when the file was made: `File Creation Time: 0521202618:01|||||||`.
    if (row[0]?.startsWith('File Creation Time')) {
      footer = true
      continue
    }
    const record = recordOf(header, row)
    if (record && record['Test Issue'] !== 'Y') records.push(record)
  }
  if (!footer) throw badResponse('Nasdaq Trader', `${file} cut short (no File Creation Time)`)
  return records
}

/**
 * The issues of `nasdaqlisted.txt` (`Symbol|Security Name|Market Category|Test Issue|…|ETF|
 * NextShares`) and `otherlisted.txt` (`ACT Symbol|Security Name|Exchange|CQS Symbol|ETF|Round Lot
 * Size|Test Issue|NASDAQ Symbol`): `|`-separated, a footer line, test issues left out. Class
 * shares are found under each spelling the files use (`BRK.B`).
 */
export function parseNasdaqDirectories(nasdaqListed: string, otherListed: string): Listings {
  const listings: Listings = new Map()
  for (const record of directory(nasdaqListed, ['Symbol'], 'nasdaqlisted.txt')) {
    if (record.Symbol) listings.set(record.Symbol, 'NASDAQ')
  }
  const columns = ['ACT Symbol', 'Exchange', 'CQS Symbol', 'NASDAQ Symbol']
  for (const record of directory(otherListed, columns, 'otherlisted.txt')) {
    const exchange = OTHER_EXCHANGES[record.Exchange ?? '']
    if (!exchange) continue
    for (const column of ['ACT Symbol', 'CQS Symbol', 'NASDAQ Symbol']) {
      const symbol = record[column]
      if (symbol && !listings.has(symbol)) listings.set(symbol, exchange)
    }
  }
  return listings
}

/**
 * The S&P 500's shares (`constituents.csv`: `Symbol,Security,GICS Sector,…`, comma CSV with
 * quoted fields) on the exchange the directories list them on, in dollars. The code is the
 * symbol as the index spells it (`BRK.B`); Yahoo Finance spells a class with a dash (`BRK-B`).
 * A constituent the directories do not list is left out.
 */
export function parseSp500(text: string, listings: Listings): CatalogLine[] {
  const rows = delimitedRows(text, ',')
  const header = rows.next().value?.map((name) => name.trim()) ?? []
  if (!header.includes('Symbol') || !header.includes('Security')) {
    throw badResponse('S&P 500 list', 'no Symbol and Security columns')
  }
  const lines: CatalogLine[] = []
  for (const row of rows) {
    const record = recordOf(header, row)
    const code = record?.Symbol?.trim().toUpperCase() ?? ''
    const name = lineName(record?.Security ?? '')
    const exchange = listings.get(code)
    if (!code || !name || !exchange) continue
    lines.push({
      code,
      name,
      type: 'STOCK',
      currency: 'USD',
      exchange,
      isin: null,
      wkn: null,
      fundCategory: null,
      fundType: null,
      tefasFundClass: null,
      // No ISIN, and the S&P 500 has companies domiciled outside the US (Ireland, Switzerland).
      country: null,
      founder: null,
      priceProvider: 'yahoo',
      priceSymbol: code.replaceAll('.', '-'),
    })
  }
  return uniqueLines(lines.filter(isStorableLine))
}

/**
 * The large US shares: the S&P 500's constituents, on the exchange Nasdaq Trader's symbol
 * directory lists each on. Three GETs; the files carry no ISIN.
 */
export const usSource: CatalogSource = {
  name: 'us',
  minIntervalMs: 1_000,
  async fetchLines(env, http) {
    const nasdaq = baseUrl(env.CATALOG_NASDAQ_URL, NASDAQ_DEFAULT_URL)
    const get = async (url: string) => {
      const text = await http.fetchText({ url, headers: { Accept: 'text/plain, text/csv, */*' } })
      if (text === null) throw badResponse('US lists', `${new URL(url).pathname} not found`)
      return text
    }
    const listings = parseNasdaqDirectories(
      await get(`${nasdaq}/dynamic/SymDir/nasdaqlisted.txt`),
      await get(`${nasdaq}/dynamic/SymDir/otherlisted.txt`),
    )
    const sp500 = baseUrl(env.CATALOG_SP500_URL, SP500_DEFAULT_URL)
    return parseSp500(await get(`${sp500}/data/constituents.csv`), listings)
  },
}
