import { addDays } from '../fx/fx-dates'
import type { QuoteClose, QuoteProvider, QuoteRequest } from './quote-provider'
import type { QuoteHttp } from './quote-http'
import { parseTefasFunds } from './tefas-json'

/** The TEFAS site (`QUOTES_TEFAS_URL` overrides). */
export const TEFAS_DEFAULT_URL = 'https://www.tefas.gov.tr'

/**
 * Fund kinds asked in turn for every fund's prices: securities mutual funds, then pension funds.
 * Exchange-traded funds (`BYF`) trade on Borsa Istanbul and are priced as its shares.
 */
const FUND_KINDS = ['YAT', 'EMK'] as const

/** The longest range the every-fund list answers ("Tarih aralığı 1 ayı aşamaz"). */
export const LIST_MAX_DAYS = 28

/**
 * The spans one fund's history may be asked for (`periyod`, in months back from today) and the
 * days each covers; any other value answers "Sistem Hatası!!". Five years is the longest.
 */
const HISTORY_PERIODS: readonly (readonly [months: number, days: number])[] = [
  [1, 31],
  [3, 92],
  [6, 183],
  [12, 366],
  [36, 1_096],
  [60, 1_827],
]

/** `2025-01-07` → `20250107`, the API's date format. */
export function tefasDate(iso: string): string {
  return iso.replaceAll('-', '')
}

/** Days from `from` to `to`, both counted. */
function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1
}

/** The shortest `periyod` reaching back to `from`, counted from the day after `to` (today). */
function historyPeriod(request: QuoteRequest): number {
  const days = daysBetween(request.from, addDays(request.to, 1))
  const period = HISTORY_PERIODS.find(([, covered]) => covered >= days)
  return (period ?? HISTORY_PERIODS[HISTORY_PERIODS.length - 1])?.[0] ?? 60
}

const headers = (baseUrl: string) => ({
  Origin: baseUrl,
  Referer: `${baseUrl}/tr/fon-verileri`,
  // The gateway refuses some paths to a JSON-only Accept.
  Accept: '*/*',
})

/** Whether a close belongs to a request: its fund, within its days. */
const within = (request: QuoteRequest) => (close: QuoteClose) =>
  close.symbol === request.symbol && close.date >= request.from && close.date <= request.to

/** One fund's daily prices over a request's days (`fonFiyatBilgiGetir`, any kind of fund). */
async function fundHistory(
  baseUrl: string,
  http: QuoteHttp,
  request: QuoteRequest,
): Promise<QuoteClose[]> {
  const text = await http.fetchText({
    url: `${baseUrl}/api/funds/fonFiyatBilgiGetir`,
    headers: headers(baseUrl),
    json: { fonKodu: request.symbol, dil: 'TR', periyod: historyPeriod(request) },
  })
  return text === null ? [] : parseTefasFunds(text, request.currency).filter(within(request))
}

/** A range in windows the every-fund list answers (at most {@link LIST_MAX_DAYS} days each). */
function listWindows(from: string, to: string): { from: string; to: string }[] {
  const windows = []
  for (let start = from; start <= to; start = addDays(start, LIST_MAX_DAYS)) {
    const end = addDays(start, LIST_MAX_DAYS - 1)
    windows.push({ from: start, to: end < to ? end : to })
  }
  return windows
}

/**
 * Every fund's daily prices over one window (`fonGnlBlgSiraliGetir`, which refuses a body missing
 * any of its keys), kind by kind until each asked fund was found, kept for the asked funds.
 */
async function everyFund(
  baseUrl: string,
  http: QuoteHttp,
  requests: readonly QuoteRequest[],
  window: { from: string; to: string },
): Promise<QuoteClose[]> {
  const closes: QuoteClose[] = []
  const missing = new Set(requests.map((request) => request.symbol))
  for (const kind of FUND_KINDS) {
    const text = await http.fetchText({
      url: `${baseUrl}/api/funds/fonGnlBlgSiraliGetir`,
      headers: headers(baseUrl),
      json: {
        fonTipi: kind,
        fonKodu: null,
        aramaMetni: null,
        fonTurKod: null,
        fonGrubu: null,
        sfonTurKod: null,
        fonTurAciklama: null,
        kurucuKod: null,
        basTarih: tefasDate(window.from),
        bitTarih: tefasDate(window.to),
        basSira: 1,
        bitSira: 100_000,
        dil: 'TR',
      },
    })
    if (text === null) continue
    const all = parseTefasFunds(text, 'TRY')
    for (const request of requests) {
      const found = all.filter(within(request))
      if (found.length > 0) missing.delete(request.symbol)
      closes.push(...found.map((close) => ({ ...close, currency: request.currency })))
    }
    if (missing.size === 0) break
  }
  return closes
}

/**
 * The closes of some funds by the cheaper way: the every-fund list, one request a kind of fund
 * for each window of the days they span, or each fund's own history, one request a fund.
 */
async function fundCloses(
  baseUrl: string,
  http: QuoteHttp,
  requests: readonly QuoteRequest[],
): Promise<QuoteClose[]> {
  if (requests.length === 0) return []
  const from = requests.reduce((first, { from }) => (from < first ? from : first), '9999-12-31')
  const to = requests.reduce((last, { to }) => (to > last ? to : last), '0000-01-01')
  const windows = listWindows(from, to)
  const closes: QuoteClose[] = []
  if (requests.length >= windows.length * FUND_KINDS.length) {
    for (const window of windows) closes.push(...(await everyFund(baseUrl, http, requests, window)))
  } else {
    for (const request of requests) closes.push(...(await fundHistory(baseUrl, http, request)))
  }
  return closes
}

/**
 * Turkish investment and pension funds' daily unit prices from TEFAS (Türkiye Elektronik Fon
 * Alım Satım Platformu), by fund code, through the JSON API its site uses. No key; it answers
 * about six requests a minute, so they are 11 s apart, and each run asks as few as it can: the
 * funds that need only their last days (the nightly run's) and those that need more (a new fund,
 * a gap) apart, each set from the every-fund list, a month a request, or from each fund's own
 * history, up to five years a request, whichever takes fewer requests. Two thousand funds' year
 * is 28 requests; one new fund's year is one.
 */
export const tefasProvider: QuoteProvider = {
  name: 'tefas',
  limits: {
    minIntervalMs: 11_000,
    batchSize: 10_000,
    maxDaysPerRequest: 1_827,
    maxHistoryDays: 1_827,
  },
  enabled: () => true,
  async fetchCloses(env, batch, http) {
    const baseUrl = (env.QUOTES_TEFAS_URL || TEFAS_DEFAULT_URL).replace(/\/+$/, '')
    const recent = batch.filter((request) => daysBetween(request.from, request.to) <= LIST_MAX_DAYS)
    const longer = batch.filter((request) => !recent.includes(request))
    return [
      ...(await fundCloses(baseUrl, http, recent)),
      ...(await fundCloses(baseUrl, http, longer)),
    ]
  },
}
