import type { QuoteProvider } from './quote-provider'
import { parseTefasHistory } from './tefas-json'

/** The TEFAS site (`QUOTES_TEFAS_URL` overrides). */
export const TEFAS_DEFAULT_URL = 'https://www.tefas.gov.tr'

/**
 * Fund kinds asked in turn: securities mutual funds, then pension funds (a fund code names one
 * fund of one kind; an unknown code answers an empty list).
 */
const FUND_KINDS = ['YAT', 'EMK'] as const

/** `2025-10-22` → `22.10.2025`, the form's date format. */
export function tefasDate(iso: string): string {
  const [year, month, day] = iso.split('-')
  return `${day}.${month}.${year}`
}

/**
 * Turkish investment and pension funds' daily unit prices from TEFAS (Türkiye Elektronik Fon
 * Alım Satım Platformu), by fund code, through the JSON the site's history page posts its form
 * to. No key; unofficial, so it is asked gently: one fund per request, 2 s apart, 90 days each.
 */
export const tefasProvider: QuoteProvider = {
  name: 'tefas',
  limits: { minIntervalMs: 2_000, batchSize: 1, maxDaysPerRequest: 90 },
  enabled: () => true,
  async fetchCloses(env, batch, http) {
    const baseUrl = (env.QUOTES_TEFAS_URL || TEFAS_DEFAULT_URL).replace(/\/+$/, '')
    const closes = []
    for (const request of batch) {
      for (const kind of FUND_KINDS) {
        const text = await http.fetchText({
          url: `${baseUrl}/api/DB/BindHistoryInfo`,
          headers: {
            'X-Requested-With': 'XMLHttpRequest',
            Referer: `${baseUrl}/TarihselVeriler.aspx`,
          },
          form: {
            fontip: kind,
            sfontur: '',
            fonkod: request.symbol,
            fongrup: '',
            bastarih: tefasDate(request.from),
            bittarih: tefasDate(request.to),
            fonturkod: '',
            fonunvantip: '',
          },
        })
        if (text === null) break
        const found = parseTefasHistory(text, request.symbol, request.currency).filter(
          (close) => close.date >= request.from && close.date <= request.to,
        )
        closes.push(...found)
        if (found.length > 0) break
      }
    }
    return closes
  },
}
