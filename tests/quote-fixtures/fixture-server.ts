import { readdir, readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { fileURLToPath } from 'node:url'
import {
  postedObject,
  readRequestBody,
  sendAnswer,
  startLoopbackServer,
  type StandInAnswer,
} from '../loopback-server'

/** The answers this server serves (README.md says what is in them). */
const FIXTURES_DIR = fileURLToPath(new URL('.', import.meta.url))

/** The key the stand-in EODHD accepts (`EODHD_API_KEY` in tests); any other answers 401. */
export const FIXTURE_EODHD_KEY = 'fixture-key'

const COIN = /^\/coins\/([a-z0-9-]{1,100})\/market_chart$/
const EOD = /^\/eod\/([A-Z0-9.-]{1,30})$/
const CHART = /^\/v8\/finance\/chart\/([A-Z0-9.&^-]{1,30})$/
const YAHOO_SEARCH = '/v1/finance/search'
const COINGECKO_SEARCH = '/search'

type Provider = 'yahoo' | 'tefas' | 'coingecko' | 'eodhd'
type Mode = 'ok' | 'malformed' | 'limited' | 'down' | 'flaky'

export interface QuoteFixtureServer {
  /**
   * Origin of the server. The providers' base URLs are `${url}/yahoo`, `${url}/tefas`,
   * `${url}/coingecko` and `${url}/eodhd`; put `/malformed`, `/limited`, `/down` or `/flaky` before them for a provider
   * that answers a body not in its format, 429 with `Retry-After: 2`, 503, or 429 with
   * `Retry-After: 1` to the first of each request and then as usual.
   */
  url: string
  close(): Promise<void>
}

type Answer = StandInAnswer

const json = (body: string, status = 200): Answer => ({ status, type: 'application/json', body })

/**
 * A stand-in for Yahoo Finance, TEFAS, CoinGecko and EODHD on 127.0.0.1, answering in their
 * formats: Yahoo Finance's `GET /v8/finance/chart/{SYMBOL}?period1=&period2=&interval=1d`
 * (`yahoo/<SYMBOL>.json`, the bars stamped within `period1`–`period2`; an unknown symbol 404
 * `{"chart":{"result":null,"error":{"code":"Not Found",…}}}`), TEFAS's JSON API: one fund's
 * history `POST /api/funds/fonFiyatBilgiGetir` (`periyod` months back from 2025-01-07) and every
 * fund's days `POST /api/funds/fonGnlBlgSiraliGetir` (at most a month; the rows of
 * `tefas/<fonTipi>.json`), errors inside a 200 as TEFAS answers them, CoinGecko's
 * `GET /coins/{id}/market_chart` (`coingecko/<id>.json`; an unknown coin 404
 * `{"error":"coin not found"}`) and EODHD's `GET /eod/{SYMBOL}?api_token=&from=&to=`
 * (`eodhd/<SYMBOL>.json` within the range; an unknown ticker 404, a wrong key 401).
 * Looking instruments up: Yahoo Finance's `GET /v1/finance/search?q=` (`yahoo-search/<q>.json`,
 * or the lines of any of them whose symbol `q` is, or none) and CoinGecko's `GET /search?query=`
 * (`coingecko-search/<query>.json`, or no coins), `q` in lower case.
 * `GET /__requests` lists what was asked so far (JSON, keys left out), `POST /__reset` empties it.
 * A first segment `/~name` gives a test file a log of its own (`/~name/__requests`, the paths
 * logged without it), so test files that run side by side do not reset each other's.
 */
export function startQuoteFixtureServer(port = 0): Promise<QuoteFixtureServer> {
  const logs = new Map<string, { requests: string[]; seen: Set<string> }>()
  return startLoopbackServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const scope = /^\/~([a-z0-9-]{1,40})(?=\/)/.exec(url.pathname)?.[1] ?? ''
    url.pathname = url.pathname.slice(scope === '' ? 0 : scope.length + 2)
    let log = logs.get(scope)
    if (!log) logs.set(scope, (log = { requests: [], seen: new Set() }))
    return handle(request, url, response, log.requests, log.seen)
  }, port)
}

async function handle(
  request: IncomingMessage,
  url: URL,
  response: ServerResponse,
  requests: string[],
  seen: Set<string>,
): Promise<void> {
  if (url.pathname === '/__requests') return sendAnswer(response, json(JSON.stringify(requests)))
  if (url.pathname === '/__reset' && request.method === 'POST') {
    requests.length = 0
    seen.clear()
    return sendAnswer(response, { status: 204, type: 'text/plain', body: '' })
  }
  const body = await readRequestBody(request)
  const parts = url.pathname.split('/')
  const mode = (
    ['malformed', 'limited', 'down', 'flaky'].includes(parts[1] ?? '') ? parts[1] : 'ok'
  ) as Mode
  const rest = mode === 'ok' ? parts.slice(1) : parts.slice(2)
  const provider = rest[0] as Provider
  const path = `/${rest.slice(1).join('/')}`
  const query = new URLSearchParams(url.search)
  query.delete('api_token')
  const posted = postedObject(body)
  const asked =
    provider !== 'tefas'
      ? `${url.pathname}?${query.toString()}`
      : 'periyod' in (posted ?? {})
        ? `${url.pathname} ${String(posted?.fonKodu)} periyod=${String(posted?.periyod)}`
        : `${url.pathname} ${String(posted?.fonTipi)} ${String(posted?.fonKodu ?? '*')} ${String(posted?.basTarih)}-${String(posted?.bitTarih)}`
  requests.push(asked)
  sendAnswer(response, await answer(mode, provider, path, url.searchParams, posted, asked, seen))
}

async function answer(
  mode: Mode,
  provider: Provider,
  path: string,
  search: URLSearchParams,
  posted: Record<string, unknown> | null,
  asked: string,
  seen: Set<string>,
): Promise<Answer> {
  if (!['yahoo', 'tefas', 'coingecko', 'eodhd'].includes(provider)) return notFound()
  if (mode === 'down') {
    return {
      status: 503,
      type: 'text/html',
      body: '<html><body><h1>503 Service Unavailable</h1></body></html>',
    }
  }
  if (mode === 'limited' || (mode === 'flaky' && !seen.has(asked))) {
    seen.add(asked)
    return rateLimited(provider, mode === 'limited' ? '2' : '1')
  }
  if (mode === 'malformed') {
    // TEFAS's maintenance page; the consent page Yahoo Finance answers in the EU without cookies.
    const html = provider === 'tefas' || provider === 'yahoo'
    const file = `malformed/${provider}.${html ? 'html' : 'json'}`
    const type = html ? 'text/html; charset=utf-8' : 'application/json'
    return { status: 200, type, body: await fixture(file) }
  }
  if (provider === 'yahoo') return yahoo(path, search)
  if (provider === 'tefas') return tefas(path, posted)
  if (provider === 'coingecko') return coingecko(path, search)
  return eodhd(path, search)
}

interface YahooChart {
  chart: {
    result: {
      timestamp?: number[]
      indicators: { quote: Record<string, unknown[]>[]; adjclose?: Record<string, unknown[]>[] }
    }[]
  }
}

async function yahoo(path: string, search: URLSearchParams): Promise<Answer> {
  if (path === YAHOO_SEARCH) return yahooSearch(search.get('q') ?? '')
  const symbol = CHART.exec(path)?.[1]
  const text = symbol ? await fixture(`yahoo/${symbol}.json`).catch(() => null) : null
  if (text === null) {
    return json(
      '{"chart":{"result":null,"error":{"code":"Not Found","description":"No data found, symbol may be delisted"}}}',
      404,
    )
  }
  const from = Number(search.get('period1') ?? 0)
  const to = Number(search.get('period2') ?? Number.MAX_SAFE_INTEGER)
  // Its numbers are the shortest that read back the same, as JavaScript writes them too.
  const document = JSON.parse(text) as YahooChart
  const result = document.chart.result[0]
  if (!result) return json(text)
  const keep = (result.timestamp ?? []).map((time) => time >= from && time < to)
  const within = (values: unknown[]) => values.filter((_, index) => keep[index])
  if (!keep.includes(true)) {
    // No trading day in the range: the meta alone, as Yahoo Finance answers it.
    delete result.timestamp
    result.indicators = { quote: [{}], adjclose: [{}] }
    return json(JSON.stringify(document))
  }
  result.timestamp = within(result.timestamp ?? []) as number[]
  for (const series of [...result.indicators.quote, ...(result.indicators.adjclose ?? [])]) {
    for (const key of Object.keys(series)) series[key] = within(series[key] ?? [])
  }
  return json(JSON.stringify(document))
}

/** A recorded search answer for `query`, or the service's answer that finds nothing. */
async function searchFixture(dir: string, query: string): Promise<string> {
  const named = /^[a-z0-9.-]{1,40}$/.test(query)
  const text = named ? await fixture(`${dir}/${query}.json`).catch(() => null) : null
  return text ?? fixture(`${dir}/empty.json`)
}

interface YahooSearch {
  quotes: { symbol?: string }[]
}

/**
 * Yahoo Finance's search: the recorded answer for `q`, else, as Yahoo Finance finds a symbol by
 * itself, the recorded lines whose symbol `q` is, in the empty answer's envelope.
 */
async function yahooSearch(q: string): Promise<Answer> {
  const query = q.trim().toLowerCase()
  const text = await searchFixture('yahoo-search', query)
  const found = JSON.parse(text) as YahooSearch
  if (found.quotes.length > 0) return json(text)
  const files = await readdir(`${FIXTURES_DIR}yahoo-search`)
  const answers = await Promise.all(
    files.map(async (file) => JSON.parse(await fixture(`yahoo-search/${file}`)) as YahooSearch),
  )
  const symbol = query.toUpperCase()
  const quotes = answers.flatMap((answer) => answer.quotes).filter((line) => line.symbol === symbol)
  found.quotes = quotes.slice(0, 1)
  return json(JSON.stringify({ ...found, count: found.quotes.length }))
}

/** The keys TEFAS's every-fund list requires; a body missing one answers "Sistem Hatası!!". */
const LIST_KEYS = ['fonTipi', 'fonKodu', 'basTarih', 'bitTarih', 'basSira', 'bitSira', 'dil']
/** The spans, in months, one fund's history may be asked for. */
const HISTORY_PERIODS = [13, 1, 3, 6, 12, 36, 60]
/** The last day the TEFAS fixtures carry: a history's months count back from it. */
const TEFAS_TODAY = '2025-01-07'

interface TefasRow {
  fonKodu: string
  fonUnvan: string
  tarih: string
  fiyat: unknown
}

// Prices keep the digits the fixtures have: JavaScript writes back the same shortest digits.
const tefasAnswer = (rows: unknown[] | null, message: string | null = null) =>
  json(JSON.stringify({ errorCode: null, errorMessage: message, resultList: rows }))

/** Every fund of a kind, every fixture day (`tefas/<fontip>.json`), or none for another kind. */
async function tefasRows(kind: unknown): Promise<TefasRow[]> {
  const text = await fixture(`tefas/${String(kind)}.json`).catch(() => null)
  return text === null ? [] : (JSON.parse(text) as { resultList: TefasRow[] }).resultList
}

async function tefas(path: string, body: Record<string, unknown> | null): Promise<Answer> {
  if (body === null) return tefasAnswer(null, 'Sistem Hatası!!')
  if (path === '/api/funds/fonFiyatBilgiGetir') {
    const months = Number(body.periyod)
    if (!HISTORY_PERIODS.includes(months)) return tefasAnswer(null, 'Sistem Hatası!!')
    const since = new Date(`${TEFAS_TODAY}T00:00:00Z`)
    if (months === 13) since.setUTCDate(since.getUTCDate() - 7)
    else since.setUTCMonth(since.getUTCMonth() - months)
    const first = since.toISOString().slice(0, 10)
    const rows = [...(await tefasRows('YAT')), ...(await tefasRows('EMK'))]
      .filter((row) => row.fonKodu === body.fonKodu && row.tarih.slice(0, 10) >= first)
      .map(({ fonKodu, fonUnvan, tarih, fiyat }) => ({
        fonKodu,
        fonUnvan,
        tarih,
        fiyat,
        kategoriDerece: 12,
        kategoriFonSay: 85,
      }))
    return rows.length === 0 ? tefasAnswer(null, 'Veri bulunamadı.') : tefasAnswer(rows)
  }
  if (path === '/api/funds/fonGnlBlgSiraliGetir') {
    if (LIST_KEYS.some((key) => !(key in body))) return tefasAnswer(null, 'Sistem Hatası!!')
    const from = isoDay(body.basTarih)
    const to = isoDay(body.bitTarih)
    if (!from || !to) return tefasAnswer(null, 'Sistem Hatası!!')
    const limit = new Date(`${from}T00:00:00Z`)
    limit.setUTCMonth(limit.getUTCMonth() + 1)
    if (to > limit.toISOString().slice(0, 10)) {
      return tefasAnswer(null, 'Tarih aralığı 1 ayı aşamaz.')
    }
    const rows = (await tefasRows(body.fonTipi))
      .filter((row) => body.fonKodu === null || row.fonKodu === body.fonKodu)
      .filter((row) => row.tarih.slice(0, 10) >= from && row.tarih.slice(0, 10) <= to)
      .map((row, index) => ({ ...row, rn: index + 1 }))
      .slice(Number(body.basSira) - 1, Number(body.bitSira))
    return tefasAnswer(rows)
  }
  return { status: 404, type: 'application/json', body: '{"faultCode":"ERR-006"}' }
}

async function coingecko(path: string, search: URLSearchParams): Promise<Answer> {
  if (path === COINGECKO_SEARCH) {
    const query = (search.get('query') ?? '').trim().toLowerCase()
    return json(await searchFixture('coingecko-search', query))
  }
  const id = COIN.exec(path)?.[1]
  if (!id) return json('{"error":"Not Found"}', 404)
  const text = await fixture(`coingecko/${id}.json`).catch(() => null)
  return text === null ? json('{"error":"coin not found"}', 404) : json(text)
}

async function eodhd(path: string, search: URLSearchParams): Promise<Answer> {
  if (search.get('api_token') !== FIXTURE_EODHD_KEY) {
    return { status: 401, type: 'text/plain', body: 'Unauthenticated' }
  }
  const symbol = EOD.exec(path)?.[1]
  const text = symbol ? await fixture(`eodhd/${symbol}.json`).catch(() => null) : null
  if (text === null) return { status: 404, type: 'text/plain', body: 'Ticker Not Found.' }
  const from = search.get('from') ?? '0000-00-00'
  const to = search.get('to') ?? '9999-99-99'
  const rows = [...text.matchAll(/\{"date":"(\d{4}-\d{2}-\d{2})"[^{}]*\}/g)]
    .filter((row) => (row[1] ?? '') >= from && (row[1] ?? '') <= to)
    .map((row) => row[0])
  return json(`[${rows.join(',')}]`)
}

function rateLimited(provider: Provider, retryAfter: string): Answer {
  const headers = { 'Retry-After': retryAfter }
  if (provider === 'coingecko') {
    return {
      ...json(
        '{"status":{"error_code":429,"error_message":"You\'ve exceeded the Rate Limit. Please visit https://www.coingecko.com/en/api/pricing to subscribe to our API plans for higher rate limits."}}',
        429,
      ),
      headers,
    }
  }
  return { status: 429, type: 'text/plain', body: 'Too Many Requests', headers }
}

function notFound(): Answer {
  return {
    status: 404,
    type: 'text/html',
    body: '<html><body><h1>404 Not Found</h1></body></html>',
  }
}

/** `20250107` → `2025-01-07`, or null. */
function isoDay(text: unknown): string | null {
  const match = typeof text === 'string' ? /^(\d{4})(\d{2})(\d{2})$/.exec(text) : null
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null
}

function fixture(file: string): Promise<string> {
  return readFile(`${FIXTURES_DIR}${file}`, 'utf8')
}
