import { badResponse, QuoteError } from '../quotes/quote-error'
import type { QuoteHttp } from '../quotes/quote-http'
import { isStorableLine, lineName, uniqueLines } from './catalog-line'
import { baseUrl, type CatalogLine, type CatalogSource } from './catalog-source'
import { tefasFundType } from './fund-type-of'
import { tefasFundClass } from './tefas-fund-class'

/** The TEFAS site (`CATALOG_TEFAS_URL` overrides). */
export const TEFAS_CATALOG_DEFAULT_URL = 'https://www.tefas.gov.tr'

/** Securities mutual funds and pension funds; exchange-traded funds (`BYF`) are Borsa Istanbul's. */
const FUND_KINDS = ['YAT', 'EMK'] as const
export type TefasFundKind = (typeof FUND_KINDS)[number]

/** The messages TEFAS answers, inside a 200, when it has no rows for what was asked. */
const NOTHING_FOUND = /bulunamad|out of bounds/i

/**
 * The rows of an answer of TEFAS's fund API: `{"errorCode":null,"errorMessage":null,
 * "resultList":[…]}`. Errors come inside a 200: "nothing found" is no rows, any other message
 * (`Sistem Hatası!!`) is TEFAS's failure.
 */
export function tefasResultList(text: string): Record<string, unknown>[] {
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch {
    throw badResponse('TEFAS', 'not JSON')
  }
  const envelope = (document ?? {}) as { errorMessage?: unknown; resultList?: unknown }
  if (typeof envelope.errorMessage === 'string' && envelope.errorMessage !== '') {
    if (NOTHING_FOUND.test(envelope.errorMessage)) return []
    throw new QuoteError('server_error', `TEFAS answered: ${envelope.errorMessage.slice(0, 200)}`)
  }
  if (envelope.resultList === null) return []
  if (!Array.isArray(envelope.resultList)) throw badResponse('TEFAS', 'no resultList')
  return envelope.resultList.map((row: unknown) => {
    if (typeof row !== 'object' || row === null) throw badResponse('TEFAS', 'a row not an object')
    return row as Record<string, unknown>
  })
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/**
 * Founder codes to names from `fonKurucuGetir`: `[{"kurucuKodu":"AKP","kurucuUnvan":"AK PORTFÖY
 * YÖNETİMİ A.Ş.","fonTipi":"YAT"}]` (some answers spell the code `kurucuKod`).
 */
export function parseTefasFounders(body: string): Map<string, string> {
  const founders = new Map<string, string>()
  for (const row of tefasResultList(body)) {
    const code = text(row.kurucuKodu) || text(row.kurucuKod)
    const name = lineName(text(row.kurucuUnvan))
    if (code && name) founders.set(code.trim(), name)
  }
  return founders
}

/**
 * The funds of `fonYonetimBazliBilgiGetir`: `[{"fonKodu":"AFA","fonUnvan":"AK PORTFÖY AMERİKA
 * YABANCI HİSSE SENEDİ FONU","fonTurAciklama":"Hisse Senedi Şemsiye Fonu","fonTurKod":…,
 * "kurucuKod":"AKP","tefasDurum":true,"uygulananYu1Y":"2,2",…}]`, each a fund priced by TEFAS in
 * lira under its code, with its category and its founder's name where `founders` has it. Funds not
 * traded on TEFAS (`tefasDurum` false) are funds too, and priced there all the same. Each is
 * Turkish; its type for German tax (`tefasFundType`) and an investment fund's class for its
 * stopaj (`tefasFundClass`) are read from its category and whole title (the stored name may be
 * cut). A pension fund (`EMK`) has no class: its gains are taxed when the pension contract pays
 * out, not by the fund stopaj (docs/tax-turkey.md leaves pension funds out).
 */
export function parseTefasFunds(
  body: string,
  founders: ReadonlyMap<string, string>,
  kind: TefasFundKind,
): CatalogLine[] {
  const lines: CatalogLine[] = []
  for (const row of tefasResultList(body)) {
    const code = text(row.fonKodu).trim().toUpperCase()
    const title = text(row.fonUnvan).replace(/\s+/g, ' ').trim()
    const name = lineName(title)
    if (!code) throw badResponse('TEFAS', 'a fund without fonKodu')
    if (!name) continue
    const category = lineName(text(row.fonTurAciklama))?.slice(0, 100).trim() ?? null
    lines.push({
      code,
      name,
      type: 'FUND',
      currency: 'TRY',
      exchange: 'TEFAS',
      isin: null,
      wkn: null,
      fundCategory: category,
      fundType: tefasFundType(category, title),
      tefasFundClass: kind === 'YAT' ? tefasFundClass(category, title) : null,
      // TEFAS lists funds founded in Turkey.
      country: 'TR',
      founder: founders.get(text(row.kurucuKod).trim())?.slice(0, 160).trim() ?? null,
      priceProvider: 'tefas',
      priceSymbol: code,
    })
  }
  return lines.filter(isStorableLine)
}

const headers = (base: string) => ({
  Origin: base,
  Referer: `${base}/tr/fon-verileri`,
  // The gateway refuses some paths to a JSON-only Accept.
  Accept: '*/*',
})

async function post(http: QuoteHttp, base: string, path: string, kind: string): Promise<string> {
  const body = await http.fetchText({
    url: `${base}/api/funds/${path}`,
    headers: headers(base),
    json: { fonTipi: kind, dil: 'TR' },
  })
  if (body === null) throw badResponse('TEFAS', `${path} not found`)
  return body
}

/**
 * Every investment and pension fund on TEFAS with its type and founder: per kind of fund, the
 * founders (`fonKurucuGetir`) and the funds (`fonYonetimBazliBilgiGetir`), four requests 11 s
 * apart (TEFAS answers about six a minute).
 */
export const tefasSource: CatalogSource = {
  name: 'tefas',
  minIntervalMs: 11_000,
  async fetchLines(env, http) {
    const base = baseUrl(env.CATALOG_TEFAS_URL, TEFAS_CATALOG_DEFAULT_URL)
    const lines: CatalogLine[] = []
    for (const kind of FUND_KINDS) {
      const founders = parseTefasFounders(await post(http, base, 'fonKurucuGetir', kind))
      lines.push(
        ...parseTefasFunds(
          await post(http, base, 'fonYonetimBazliBilgiGetir', kind),
          founders,
          kind,
        ),
      )
    }
    return uniqueLines(lines)
  },
}
