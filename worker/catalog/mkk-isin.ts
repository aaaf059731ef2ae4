import { badResponse } from '../quotes/quote-error'
import type { QuoteHttp } from '../quotes/quote-http'
import { lineIsin } from './catalog-line'
import { baseUrl, type CatalogEnv } from './catalog-source'

/** MKK's ISIN portal (`CATALOG_MKK_URL` overrides). */
export const MKK_DEFAULT_URL = 'https://www.isinturkiye.com.tr'

/** The portal's public JSON API under the site. */
export const MKK_API_PATH = '/v17/tvs/isin/portal/bff/tvs/isin/portal/public'

/** An issuer of the portal: its four-character code and name (`THYA`, `TÜRK HAVA YOLLARI A.O.`). */
export interface MkkIssuer {
  code: string
  name: string
}

function resultList(text: string, what: string): Record<string, unknown>[] {
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch {
    throw badResponse('MKK', `${what}: not JSON`)
  }
  const rows = (document as { resultList?: unknown } | null)?.resultList
  if (rows === null) return []
  if (!Array.isArray(rows)) throw badResponse('MKK', `${what}: no resultList`)
  return rows.filter(
    (row): row is Record<string, unknown> => typeof row === 'object' && row !== null,
  )
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/**
 * The issuers of `isinSirketListe`: `{"resultList":[{"srkKod":"THYA","srkAd":"THYA - TÜRK HAVA
 * YOLLARI A.O."}]}` (about 2,000: shares, funds, bonds), the name without its code prefix.
 */
export function parseMkkIssuers(body: string): MkkIssuer[] {
  return resultList(body, 'isinSirketListe').flatMap((row) => {
    const code = text(row.srkKod)
    const name = text(row.srkAd).replace(/^[^\s]+\s+-\s+/, '')
    return code ? [{ code, name }] : []
  })
}

/**
 * A share's ISIN among one issuer's securities (`isinListele`): the item whose exchange code
 * (`borsaKodu`, `"THYAO - …"`, before the dash) is the share's code and whose kind
 * (`menkulTur`) is a share (`PAY`).
 */
export function parseMkkShareIsin(body: string, code: string): string | null {
  for (const row of resultList(body, 'isinListele')) {
    const listed = text(row.borsaKodu).split(' - ')[0]?.trim()
    if (listed === code && /PAY|HİSSE|HISSE/i.test(text(row.menkulTur)))
      return lineIsin(text(row.isinKod))
  }
  return null
}

/** Letters and digits in ASCII capitals, word by word, for comparing names. */
function words(name: string): Set<string> {
  const folded = name
    .toLocaleUpperCase('tr')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replaceAll('İ', 'I')
    .replaceAll('ı', 'I')
  return new Set(folded.split(/[^A-Z0-9]+/).filter((word) => word.length > 1))
}

/**
 * The issuers a share may belong to, likeliest first, at most three: the one whose code is the
 * share code's first four characters (older issuers: THYAO → THYA), then those sharing most
 * of the bulletin name's words (newer issuers' codes differ: BIMAS → BIMM).
 */
export function issuerCandidates(
  code: string,
  name: string,
  issuers: readonly MkkIssuer[],
): MkkIssuer[] {
  const wanted = words(name)
  const scored = issuers
    .map((issuer) => {
      const have = words(issuer.name)
      const shared = [...wanted].filter((word) => have.has(word)).length
      return { issuer, score: wanted.size === 0 ? 0 : shared / wanted.size }
    })
    .filter(({ score }) => score >= 0.5)
    .sort((a, b) => b.score - a.score)
    .map(({ issuer }) => issuer)
  const byCode = issuers.filter((issuer) => issuer.code === code.slice(0, 4))
  return [...new Set([...byCode, ...scored])].slice(0, 3)
}

const headers = (base: string) => ({
  Origin: base,
  Referer: `${base}/v17/tvs/isin/portal/bff/index.html`,
})

/**
 * The ISINs of Borsa Istanbul shares from MKK's portal: the issuer list, then each share's
 * likely issuers' securities until the share is found. Shares it cannot place are left out.
 */
export async function lookUpBistIsins(
  env: CatalogEnv,
  http: QuoteHttp,
  shares: readonly { code: string; name: string }[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  if (shares.length === 0) return found
  const base = baseUrl(env.CATALOG_MKK_URL, MKK_DEFAULT_URL)
  const post = async (path: string, json: unknown) => {
    const body = await http.fetchText({
      url: `${base}${MKK_API_PATH}/${path}`,
      headers: headers(base),
      json,
    })
    if (body === null) throw badResponse('MKK', `${path} not found`)
    return body
  }
  const issuers = parseMkkIssuers(await post('isinSirketListe', {}))
  for (const share of shares) {
    for (const issuer of issuerCandidates(share.code, share.name, issuers)) {
      const body = await post('isinListele', {
        isinKod: '',
        ihracKod: issuer.code,
        kategori: '',
        menkulTurKod: '',
      })
      const isin = parseMkkShareIsin(body, share.code)
      if (isin) {
        found.set(share.code, isin)
        break
      }
    }
  }
  return found
}
