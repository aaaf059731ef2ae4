import type { IncomingMessage } from 'node:http'
import {
  postedObject,
  readRequestBody,
  sendAnswer,
  startLoopbackServer,
  type StandInAnswer,
} from '../../tests/loopback-server'
import { coinGeckoChart } from './coingecko-chart'
import { ecbDocument } from './ecb-documents'
import { blsAnswer, bundesbankAnswer, ecbDataAnswer, evdsAnswer } from './index-documents'
import { coinGeckoSearch, yahooSearch } from './instrument-search'
import { utcToday } from './market-series'
import { tcmbBulletin } from './tcmb-bulletins'
import { TEFAS_FUND_HISTORY, TEFAS_FUND_LIST, TefasFunds } from './tefas-funds'
import { yahooChart } from './yahoo-chart'

export interface DevMarketServer {
  /** `http://127.0.0.1:<port>`; each source is under its own path (see {@link devMarketVars}). */
  url: string
  close(): Promise<void>
}

/** A key the EVDS stand-in takes (it refuses requests without one, as EVDS does). */
export const DEV_EVDS_KEY = 'dev-market-evds-key'

/** The worker's settings that send its quote, FX and price index jobs to the server at `url`. */
export function devMarketVars(url: string): Record<string, string> {
  return {
    QUOTES_YAHOO_URL: `${url}/yahoo`,
    QUOTES_YAHOO_SEARCH_URL: `${url}/yahoo`,
    QUOTES_TEFAS_URL: `${url}/tefas`,
    QUOTES_COINGECKO_URL: `${url}/coingecko`,
    FX_ECB_URL: `${url}/ecb`,
    FX_TCMB_URL: `${url}/tcmb`,
    INDICES_EVDS_URL: `${url}/evds`,
    EVDS_API_KEY: DEV_EVDS_KEY,
    INDICES_ECB_URL: `${url}/ecb-data`,
    INDICES_BUNDESBANK_URL: `${url}/bundesbank`,
    INDICES_BLS_URL: `${url}/bls`,
  }
}

const CHART = /^\/yahoo\/v8\/finance\/chart\/([^/]{1,40})$/
const COIN = /^\/coingecko\/coins\/([^/]{1,120})\/market_chart$/

type Answer = StandInAnswer

const json = (status: number, body: string): Answer => ({
  status,
  type: 'application/json; charset=utf-8',
  body,
})
const xml = (body: string | null): Answer =>
  body === null ? notFound() : { status: 200, type: 'text/xml; charset=UTF-8', body }
const notFound = (): Answer => ({
  status: 404,
  type: 'text/html',
  body: '<html><body><h1>404 Not Found</h1></body></html>',
})

/**
 * The dev market server: stand-ins for Yahoo Finance (`/yahoo`), TEFAS (`/tefas`), CoinGecko
 * (`/coingecko`), the ECB (`/ecb`) and the TCMB (`/tcmb`) on 127.0.0.1, answering in each one's
 * format with invented, deterministic prices and rates for a year of days ending today (the
 * clock's UTC date, read on each request), and for the price indices EVDS (`/evds`), the ECB
 * Data Portal (`/ecb-data`), the Bundesbank (`/bundesbank`) and the BLS (`/bls`), with invented
 * monthly values from each index's first month to last month. Any well-formed symbol, fund code or coin id has a
 * price, and any query finds lines and a coin to look up (instrument-search.ts). `now` is for
 * tests; `funds` are fund codes the every-fund list holds from the start.
 */
export function startDevMarketServer(
  port = 0,
  now: () => Date = () => new Date(),
  funds: Iterable<string> = [],
): Promise<DevMarketServer> {
  const tefas = new TefasFunds(funds)
  return startLoopbackServer(async (request, response) => {
    let answer: Answer
    try {
      answer = route(request, await readRequestBody(request), now(), tefas)
    } catch (error) {
      answer = { status: 500, type: 'text/plain', body: String(error) }
    }
    sendAnswer(response, answer)
  }, port)
}

/** The answer to one request. */
export function route(
  request: IncomingMessage,
  body: string,
  now: Date,
  funds: TefasFunds,
): Answer {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1')
  const path = decodeURIComponent(url.pathname)
  const today = utcToday(now)
  if (path === '/') return { status: 200, type: 'text/plain; charset=utf-8', body: INDEX }
  const chart = CHART.exec(path)
  if (chart && request.method === 'GET') {
    const { status, body: text } = yahooChart(chart[1] ?? '', url.searchParams, today)
    return json(status, text)
  }
  if (path === `/tefas${TEFAS_FUND_HISTORY}` && request.method === 'POST') {
    return json(200, funds.history(postedObject(body), today))
  }
  if (path === `/tefas${TEFAS_FUND_LIST}` && request.method === 'POST') {
    return json(200, funds.list(postedObject(body), today))
  }
  if (path === '/yahoo/v1/finance/search' && request.method === 'GET') {
    return json(200, yahooSearch(url.searchParams.get('q') ?? ''))
  }
  if (path === '/coingecko/search' && request.method === 'GET') {
    return json(200, coinGeckoSearch(url.searchParams.get('query') ?? ''))
  }
  const coin = COIN.exec(path)
  if (coin && request.method === 'GET') {
    const { status, body: text } = coinGeckoChart(coin[1] ?? '', url.searchParams, now)
    return json(status, text)
  }
  if (path.startsWith('/ecb/')) return xml(ecbDocument(path.slice('/ecb/'.length), today))
  if (path.startsWith('/tcmb/')) return xml(tcmbBulletin(path.slice('/tcmb/'.length), today))
  if (path.startsWith('/evds/') && request.method === 'GET') {
    const key = request.headers.key
    return evdsAnswer(path.slice('/evds/'.length), typeof key === 'string' ? key : undefined, today)
  }
  if (path.startsWith('/ecb-data/') && request.method === 'GET') {
    return ecbDataAnswer(path.slice('/ecb-data/'.length), url.searchParams, today)
  }
  if (path.startsWith('/bundesbank/') && request.method === 'GET') {
    return bundesbankAnswer(path.slice('/bundesbank/'.length), url.searchParams, today)
  }
  if (path === '/bls/timeseries/data/' && request.method === 'POST') {
    return blsAnswer(postedObject(body), today)
  }
  return notFound()
}

const INDEX = `Kıymet dev market server: invented, deterministic prices and rates for a year up to today.
GET  /yahoo/v8/finance/chart/{SYMBOL}?period1=&period2=&interval=1d   Yahoo Finance (THYAO.IS, SAP.DE, AAPL, ...)
POST /tefas/api/funds/fonFiyatBilgiGetir  {"fonKodu":"TTE","dil":"TR","periyod":3}   TEFAS, one fund's history
POST /tefas/api/funds/fonGnlBlgSiraliGetir  {"fonTipi":"YAT","fonKodu":null,"basTarih":"YYYYMMDD","bitTarih":"YYYYMMDD","basSira":1,"bitSira":1000,"dil":"TR",...}   TEFAS, every fund's days
GET  /coingecko/coins/{id}/market_chart?vs_currency=usd&days=30&interval=daily   CoinGecko
GET  /yahoo/v1/finance/search?q=vwce   Yahoo Finance's search, for looking instruments up
GET  /coingecko/search?query=bitcoin   CoinGecko's search of coins
GET  /ecb/eurofxref-daily.xml, /ecb/eurofxref-hist-90d.xml, /ecb/eurofxref-hist.xml   ECB reference rates
GET  /tcmb/today.xml, /tcmb/YYYYMM/DDMMYYYY.xml   TCMB indicative rates
GET  /evds/series=TP.TUFE1YI.T1&startDate=01-01-2003&endDate=31-12-2012&type=json  (header key)   TCMB EVDS: Yİ-ÜFE, TÜFE
GET  /ecb-data/data/ICP/M.U2.N.000000.4.INX?format=csvdata&startPeriod=2024-01   ECB Data Portal: euro area HICP
GET  /bundesbank/data/BBDP1/M.DE.N.VPI.C.A00000.I20.A?startPeriod=2024-01   Bundesbank: German VPI
POST /bls/timeseries/data/  {"seriesid":["CUUR0000SA0"],"startyear":"2016","endyear":"2025"}   BLS: US CPI
`
