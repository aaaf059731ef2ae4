import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { fileURLToPath } from 'node:url'
import { startLoopbackServer } from '../loopback-server'

/** The answers this server serves (README.md says what is in them). */
const FIXTURES_DIR = fileURLToPath(new URL('.', import.meta.url))

/** The key the stand-in EODHD accepts (`EODHD_API_KEY` in tests); any other answers 401. */
export const FIXTURE_EODHD_KEY = 'fixture-key'

const TEFAS_HISTORY = '/api/DB/BindHistoryInfo'
const CODE = /^[A-Z0-9]{1,12}$/
const COIN = /^\/coins\/([a-z0-9-]{1,100})\/market_chart$/
const EOD = /^\/eod\/([A-Z0-9.-]{1,30})$/

type Provider = 'tefas' | 'coingecko' | 'eodhd'
type Mode = 'ok' | 'malformed' | 'limited' | 'down' | 'flaky'

export interface QuoteFixtureServer {
  /**
   * Origin of the server. The providers' base URLs are `${url}/tefas`, `${url}/coingecko` and
   * `${url}/eodhd`; put `/malformed`, `/limited`, `/down` or `/flaky` before them for a provider
   * that answers a body not in its format, 429 with `Retry-After: 2`, 503, or 429 with
   * `Retry-After: 1` to the first of each request and then as usual.
   */
  url: string
  close(): Promise<void>
}

interface Answer {
  status: number
  type: string
  body: string
  headers?: Record<string, string>
}

const json = (body: string, status = 200): Answer => ({ status, type: 'application/json', body })

/**
 * A stand-in for TEFAS, CoinGecko and EODHD on 127.0.0.1, answering in their formats: TEFAS's
 * `POST /api/DB/BindHistoryInfo` form (the fund's rows in `tefas/<fontip>/<fonkod>.json` within
 * `bastarih`–`bittarih`; an unknown fund an empty list), CoinGecko's
 * `GET /coins/{id}/market_chart` (`coingecko/<id>.json`; an unknown coin 404
 * `{"error":"coin not found"}`) and EODHD's `GET /eod/{SYMBOL}?api_token=&from=&to=`
 * (`eodhd/<SYMBOL>.json` within the range; an unknown ticker 404, a wrong key 401).
 * `GET /__requests` lists what was asked so far (JSON, keys left out), `POST /__reset` empties it.
 */
export function startQuoteFixtureServer(port = 0): Promise<QuoteFixtureServer> {
  const requests: string[] = []
  const seen = new Set<string>()
  return startLoopbackServer((request, response) => handle(request, response, requests, seen), port)
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  requests: string[],
  seen: Set<string>,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1')
  if (url.pathname === '/__requests') return send(response, json(JSON.stringify(requests)))
  if (url.pathname === '/__reset' && request.method === 'POST') {
    requests.length = 0
    seen.clear()
    return send(response, { status: 204, type: 'text/plain', body: '' })
  }
  const body = await readBody(request)
  const parts = url.pathname.split('/')
  const mode = (
    ['malformed', 'limited', 'down', 'flaky'].includes(parts[1] ?? '') ? parts[1] : 'ok'
  ) as Mode
  const rest = mode === 'ok' ? parts.slice(1) : parts.slice(2)
  const provider = rest[0] as Provider
  const path = `/${rest.slice(1).join('/')}`
  const query = new URLSearchParams(url.search)
  query.delete('api_token')
  const form = new URLSearchParams(body)
  const asked =
    provider === 'tefas'
      ? `${url.pathname} ${form.get('fontip')} ${form.get('fonkod')} ${form.get('bastarih')}-${form.get('bittarih')}`
      : `${url.pathname}?${query.toString()}`
  requests.push(asked)
  send(response, await answer(mode, provider, path, url.searchParams, form, asked, seen))
}

async function answer(
  mode: Mode,
  provider: Provider,
  path: string,
  search: URLSearchParams,
  form: URLSearchParams,
  asked: string,
  seen: Set<string>,
): Promise<Answer> {
  if (!['tefas', 'coingecko', 'eodhd'].includes(provider)) return notFound()
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
    const file = provider === 'tefas' ? 'malformed/tefas.html' : `malformed/${provider}.json`
    const type = provider === 'tefas' ? 'text/html; charset=utf-8' : 'application/json'
    return { status: 200, type, body: await fixture(file) }
  }
  if (provider === 'tefas') return tefas(path, form)
  if (provider === 'coingecko') return coingecko(path)
  return eodhd(path, search)
}

async function tefas(path: string, form: URLSearchParams): Promise<Answer> {
  if (path !== TEFAS_HISTORY) return notFound()
  const kind = form.get('fontip') ?? ''
  const code = form.get('fonkod') ?? ''
  const from = turkishDate(form.get('bastarih'))
  const to = turkishDate(form.get('bittarih'))
  if (!['YAT', 'EMK', 'BYF'].includes(kind) || !CODE.test(code) || !from || !to) {
    return json('{"draw":0,"recordsTotal":0,"recordsFiltered":0,"data":[]}')
  }
  const text = await fixture(`tefas/${kind}/${code}.json`).catch(() => null)
  if (text === null) return json('{"draw":0,"recordsTotal":0,"recordsFiltered":0,"data":[]}')
  // Rows are kept as their text (one object per row, no nesting), so numbers stay as written.
  const rows = [...text.matchAll(/\{"TARIH":"?(\d+)"?[^{}]*\}/g)].filter((row) => {
    const day = new Date(Number(row[1])).toISOString().slice(0, 10)
    return day >= from && day <= to
  })
  const list = rows.map((row) => row[0]).join(',')
  return json(
    `{"draw":0,"recordsTotal":${rows.length},"recordsFiltered":${rows.length},"data":[${list}]}`,
  )
}

async function coingecko(path: string): Promise<Answer> {
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

/** `07.01.2025` → `2025-01-07`, or null. */
function turkishDate(text: string | null): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text ?? '')
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null
}

function fixture(file: string): Promise<string> {
  return readFile(`${FIXTURES_DIR}${file}`, 'utf8')
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      text += chunk
    })
    request.on('end', () => resolve(text))
    request.on('error', reject)
  })
}

function send(response: ServerResponse, answer: Answer): void {
  response.writeHead(answer.status, { 'Content-Type': answer.type, ...answer.headers })
  response.end(answer.body)
}
