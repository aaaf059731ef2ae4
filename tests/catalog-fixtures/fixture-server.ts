import { readFile } from 'node:fs/promises'
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

type Source = 'bist' | 'mkk' | 'tefas' | 'xetra' | 'nasdaq' | 'sp500'
type Mode = 'ok' | 'malformed' | 'down'

const SOURCES: readonly string[] = ['bist', 'mkk', 'tefas', 'xetra', 'nasdaq', 'sp500']

export interface CatalogFixtureServer {
  /**
   * Origin of the server. The sources' base URLs are `${url}/bist`, `${url}/mkk`, `${url}/tefas`,
   * `${url}/xetra`, `${url}/nasdaq` and `${url}/sp500`; put `/malformed` or `/down` before one
   * for a source that answers a body not in its format, or 503.
   */
  url: string
  close(): Promise<void>
}

type Answer = StandInAnswer

const json = (body: string, status = 200): Answer => ({ status, type: 'application/json', body })
const notFound = (): Answer => ({
  status: 404,
  type: 'text/html',
  body: '<html><body><h1>404 Not Found</h1></body></html>',
})

/** The worker's settings that send its catalog job to the server at `url`. */
export function catalogFixtureVars(url: string): Record<string, string> {
  return Object.fromEntries(
    SOURCES.map((source) => [`CATALOG_${source.toUpperCase()}_URL`, `${url}/${source}`]),
  )
}

/**
 * A stand-in for the catalog's sources on 127.0.0.1, answering in their formats: Borsa
 * Istanbul's `GET /datum/hisse_endeks_ds.csv`, MKK's ISIN portal (`POST …/isinSirketListe`,
 * `POST …/isinListele` by `ihracKod`), TEFAS's `POST /api/funds/fonKurucuGetir` and
 * `/api/funds/fonYonetimBazliBilgiGetir` by `fonTipi` (errors inside a 200), the Xetra downloads
 * page and the file it links, Nasdaq Trader's `GET /dynamic/SymDir/nasdaqlisted.txt` and
 * `otherlisted.txt`, and the S&P 500's `GET /data/constituents.csv`. `GET /__requests` lists what
 * was asked so far (JSON), `POST /__reset` empties it.
 */
export function startCatalogFixtureServer(port = 0): Promise<CatalogFixtureServer> {
  const requests: string[] = []
  return startLoopbackServer((request, response) => handle(request, response, requests), port)
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  requests: string[],
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1')
  if (url.pathname === '/__requests') return sendAnswer(response, json(JSON.stringify(requests)))
  if (url.pathname === '/__reset' && request.method === 'POST') {
    requests.length = 0
    return sendAnswer(response, { status: 204, type: 'text/plain', body: '' })
  }
  const body = await readRequestBody(request)
  const parts = url.pathname.split('/')
  const mode = (['malformed', 'down'].includes(parts[1] ?? '') ? parts[1] : 'ok') as Mode
  const rest = mode === 'ok' ? parts.slice(1) : parts.slice(2)
  const source = rest[0] ?? ''
  const path = `/${rest.slice(1).join('/')}`
  const posted = postedObject(body)
  const field = posted?.fonTipi ?? posted?.ihracKod
  requests.push(
    `${request.method} ${url.pathname}${field === undefined ? '' : ` ${String(field)}`}`,
  )
  sendAnswer(response, await answer(mode, source, path, posted))
}

async function answer(
  mode: Mode,
  source: string,
  path: string,
  posted: Record<string, unknown> | null,
): Promise<Answer> {
  if (!SOURCES.includes(source)) return notFound()
  if (mode === 'down') {
    return {
      status: 503,
      type: 'text/html',
      body: '<html><body><h1>503 Service Unavailable</h1></body></html>',
    }
  }
  if (mode === 'malformed') {
    // TEFAS's failure inside a 200; any other source's error page in place of its file.
    return source === 'tefas'
      ? json(await fixture('malformed/tefas.json'))
      : {
          status: 200,
          type: 'text/html; charset=utf-8',
          body: await fixture('malformed/bist.html'),
        }
  }
  return routes[source as Source](path, posted)
}

const MKK_API = '/v17/tvs/isin/portal/bff/tvs/isin/portal/public'

const routes: Record<
  Source,
  (path: string, posted: Record<string, unknown> | null) => Promise<Answer>
> = {
  async bist(path) {
    if (path !== '/datum/hisse_endeks_ds.csv') return notFound()
    // Bytes as served: UTF-8 with its byte order mark.
    return {
      status: 200,
      type: 'text/csv',
      body: await readFile(`${FIXTURES_DIR}bist/hisse_endeks_ds.csv`),
    }
  },
  async mkk(path, posted) {
    if (path === `${MKK_API}/isinSirketListe`)
      return json(await fixture('mkk/isinSirketListe.json'))
    if (path === `${MKK_API}/isinListele`) {
      const issuer = String(posted?.ihracKod ?? '')
      const text = /^[A-Z0-9]{1,8}$/.test(issuer)
        ? await fixture(`mkk/isinListele/${issuer}.json`).catch(() => null)
        : null
      return json(text ?? '{"resultList":[]}')
    }
    return notFound()
  },
  async tefas(path, posted) {
    const name = /^\/api\/funds\/(fonKurucuGetir|fonYonetimBazliBilgiGetir)$/.exec(path)?.[1]
    if (!name) return { status: 404, type: 'application/json', body: '{"faultCode":"ERR-006"}' }
    const kind = String(posted?.fonTipi ?? '')
    const text = /^[A-Z]{3}$/.test(kind)
      ? await fixture(`tefas/${name}.${kind}.json`).catch(() => null)
      : null
    return json(
      text ??
        JSON.stringify({ errorCode: null, errorMessage: 'Veri bulunamadı.', resultList: null }),
    )
  },
  async xetra(path) {
    if (path === '/cash-en/trading/Tradable-Instruments-Xetra/Downloads') {
      return {
        status: 200,
        type: 'text/html; charset=utf-8',
        body: await fixture('xetra/Downloads.html'),
      }
    }
    if (
      /^\/resource\/blob\/1528\/[0-9a-f]+\/data\/t7-xetr-allTradableInstruments\.csv$/.test(path)
    ) {
      const body = await fixture('xetra/t7-xetr-allTradableInstruments.csv')
      return { status: 200, type: 'text/csv; charset=UTF-8', body }
    }
    return notFound()
  },
  async nasdaq(path) {
    const file = /^\/dynamic\/SymDir\/(nasdaqlisted|otherlisted)\.txt$/.exec(path)?.[1]
    return file
      ? { status: 200, type: 'text/plain', body: await fixture(`us/${file}.txt`) }
      : notFound()
  },
  async sp500(path) {
    if (path !== '/data/constituents.csv') return notFound()
    return {
      status: 200,
      type: 'text/csv; charset=utf-8',
      body: await fixture('us/constituents.csv'),
    }
  },
}

function fixture(file: string): Promise<string> {
  return readFile(`${FIXTURES_DIR}${file}`, 'utf8')
}
