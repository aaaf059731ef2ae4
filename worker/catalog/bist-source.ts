import { badResponse } from '../quotes/quote-error'
import { isStorableLine, lineName, uniqueLines } from './catalog-line'
import { baseUrl, type CatalogLine, type CatalogSource } from './catalog-source'
import { delimitedRows } from './delimited-text'

/** Borsa Istanbul's site (`CATALOG_BIST_URL` overrides). */
export const BIST_DEFAULT_URL = 'https://www.borsaistanbul.com'

/** The index constituents file: one row per share and index it belongs to. */
export const BIST_CONSTITUENTS_PATH = '/datum/hisse_endeks_ds.csv'

/** A share's code in the file: the ticker and the equity market's `.E`. */
const SHARE_CODE = /^([A-Z0-9]{2,12})\.E$/

/**
 * The shares in Borsa Istanbul's index constituents file (`hisse_endeks_ds.csv`): `;`-separated
 * UTF-8 with a byte order mark, a Turkish header line (`BILESEN KODU;BULTEN_ADI;ENDEKS KODU;…`),
 * an English one (`CONSTITUENT CODE;CONSTITUENT NAME;…`), then one row per share and index
 * (`AEFES.E;ANADOLU EFES;XU100;BIST 100`). Every share traded on the main markets is in BIST Tüm
 * (`XUTUM`), so each code found once is a traded share; its name is the bulletin's short name.
 * The file has no ISIN (MKK's portal gives those: mkk-isin.ts).
 */
export function parseBistConstituents(text: string): CatalogLine[] {
  if (text.includes('\uFFFD')) throw badResponse('Borsa Istanbul', 'not UTF-8')
  const rows = delimitedRows(text, ';')
  const turkish = rows.next().value
  const english = rows.next().value
  if (turkish?.[0]?.trim() !== 'BILESEN KODU' || turkish[1]?.trim() !== 'BULTEN_ADI') {
    throw badResponse('Borsa Istanbul', 'not the index constituents file')
  }
  if (english?.[0]?.trim() !== 'CONSTITUENT CODE') {
    throw badResponse('Borsa Istanbul', 'no English header line')
  }
  const lines: CatalogLine[] = []
  for (const row of rows) {
    const code = SHARE_CODE.exec(row[0]?.trim() ?? '')?.[1]
    const name = lineName(row[1] ?? '')
    if (!code || !name) continue
    lines.push({
      code,
      name,
      type: 'STOCK',
      currency: 'TRY',
      exchange: 'BIST',
      isin: null,
      wkn: null,
      fundCategory: null,
      fundType: null,
      tefasFundClass: null,
      // From the ISIN, once MKK gives one (storeBistIsins).
      country: null,
      founder: null,
      priceProvider: 'yahoo',
      priceSymbol: `${code}.IS`,
    })
  }
  return uniqueLines(lines.filter(isStorableLine))
}

/** Every share traded on Borsa Istanbul, from its index constituents file; a GET a day. */
export const bistSource: CatalogSource = {
  name: 'bist',
  minIntervalMs: 1_000,
  async fetchLines(env, http) {
    const url = `${baseUrl(env.CATALOG_BIST_URL, BIST_DEFAULT_URL)}${BIST_CONSTITUENTS_PATH}`
    const text = await http.fetchText({ url, headers: { Accept: 'text/csv, */*' } })
    if (text === null) throw badResponse('Borsa Istanbul', `${BIST_CONSTITUENTS_PATH} not found`)
    return parseBistConstituents(text)
  },
}
