import { badResponse } from '../quotes/quote-error'
import { isStorableLine, lineIsin, lineName, uniqueLines } from './catalog-line'
import { baseUrl, type CatalogLine, type CatalogSource } from './catalog-source'
import { delimitedRows, recordOf } from './delimited-text'
import { fundTypeOfName } from './fund-type-of'
import { isinCountry } from '../../shared/portfolio/countries'

/** Deutsche Börse's cash market site (`CATALOG_XETRA_URL` overrides). */
export const XETRA_DEFAULT_URL = 'https://www.cashmarket.deutsche-boerse.com'

/** The page that links the day's file; the link's hash changes, so it is read from the page. */
export const XETRA_DOWNLOADS_PATH = '/cash-en/trading/Tradable-Instruments-Xetra/Downloads'

const FILE_LINK = /\/resource\/blob\/\d+\/[0-9a-f]+\/data\/t7-xetr-allTradableInstruments\.csv/

/** The Xetra instrument types the catalog keeps: common stock, and exchange-traded funds. */
const TYPES = { CS: 'STOCK', ETF: 'ETF' } as const

/** The columns read, by name (the file has about 150, and their order has changed before). */
const COLUMNS = [
  'Product Status',
  'Instrument Status',
  'Instrument',
  'ISIN',
  'WKN',
  'Mnemonic',
  'MIC Code',
  'Currency',
  'Instrument Type',
]

/** The link to the day's file on the downloads page, or null. */
export function xetraFileLink(html: string): string | null {
  return FILE_LINK.exec(html)?.[0] ?? null
}

/**
 * A WKN as the catalog stores it, six letters or digits: the file's, which it sometimes pads
 * with zeros to nine (`000A2ARPV` → `A2ARPV`), or else the one inside a German ISIN
 * (`DE0007164600` → `716460`: `DE000` + WKN + check digit).
 */
export function wknOf(listed: string, isin: string | null): string | null {
  const text = listed.trim().toUpperCase()
  const padded = /^0{3}([0-9A-Z]{6})$/.exec(text)?.[1]
  if (padded) return padded
  if (/^[0-9A-Z]{6}$/.test(text)) return text
  return isin?.startsWith('DE000') ? isin.slice(5, 11) : null
}

/**
 * The shares and ETFs of Xetra's "all tradable instruments" file (`t7-xetr-allTradableInstruments
 * .csv`): `;`-separated, a line `Market:;XETR`, a line `Date Last Update:;10.08.2026`, the header,
 * then one row per instrument, columns found by name. Kept: active products and instruments on
 * XETR of type `CS` (common stock) or `ETF`, in euros, with a mnemonic, which is the code and,
 * with `.DE`, the Yahoo Finance symbol. A line's country is its ISIN's, an ETF's type for tax
 * what its name settles (`fundTypeOfName`): the file gives neither.
 */
export function parseXetraInstruments(text: string): CatalogLine[] {
  const rows = delimitedRows(text, ';')
  const market = rows.next().value
  rows.next()
  const header = rows.next().value?.map((name) => name.trim()) ?? []
  if (market?.[0]?.trim() !== 'Market:' || market[1]?.trim() !== 'XETR') {
    throw badResponse('Xetra', 'not the Xetra instruments file')
  }
  const missing = COLUMNS.filter((name) => !header.includes(name))
  if (missing.length > 0) throw badResponse('Xetra', `no column ${missing.join(', ')}`)
  const lines: CatalogLine[] = []
  for (const row of rows) {
    const record = recordOf(header, row)
    if (!record || record['Product Status'] !== 'Active') continue
    if (record['Instrument Status'] !== 'Active' || record['MIC Code'] !== 'XETR') continue
    const type = TYPES[record['Instrument Type'] as keyof typeof TYPES]
    const code = (record.Mnemonic ?? '').trim().toUpperCase()
    const name = lineName(record.Instrument ?? '')
    if (!type || !code || !name || record.Currency !== 'EUR') continue
    const isin = lineIsin(record.ISIN)
    lines.push({
      code,
      name,
      type,
      currency: 'EUR',
      exchange: 'XETRA',
      isin,
      wkn: wknOf(record.WKN ?? '', isin),
      fundCategory: null,
      fundType: type === 'ETF' ? fundTypeOfName(name) : null,
      tefasFundClass: null,
      country: isinCountry(isin),
      founder: null,
      priceProvider: 'yahoo',
      priceSymbol: `${code}.DE`,
    })
  }
  return uniqueLines(lines.filter(isStorableLine))
}

/**
 * Every share and ETF Xetra trades in euros: the downloads page for the day's link, then the
 * file (about 4.5 MB). Only UCITS funds may be offered to the public in the EU, so Xetra's ETFs
 * are the UCITS ETFs; its common stocks (about 1,400) are kept whole.
 */
export const xetraSource: CatalogSource = {
  name: 'xetra',
  minIntervalMs: 1_000,
  async fetchLines(env, http) {
    const base = baseUrl(env.CATALOG_XETRA_URL, XETRA_DEFAULT_URL)
    const page = await http.fetchText({
      url: `${base}${XETRA_DOWNLOADS_PATH}`,
      headers: { Accept: 'text/html' },
    })
    const link = page === null ? null : xetraFileLink(page)
    if (link === null) throw badResponse('Xetra', 'no link to the instruments file')
    const file = await http.fetchText({ url: `${base}${link}`, headers: { Accept: 'text/csv' } })
    if (file === null) throw badResponse('Xetra', 'the instruments file is gone')
    return parseXetraInstruments(file)
  },
}
