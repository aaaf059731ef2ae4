import { PRICE_PROVIDER_RULES } from '../../shared/portfolio/price-providers'
import { listingSeries } from './instrument-series'
import { seededRandom } from '../demo/seeded-random'
import type { DailySeries } from './market-series'

/** What Yahoo Finance says of an exchange, and when (UTC) its sessions open and close. */
interface Venue {
  currency: string
  exchangeName: string
  fullExchangeName: string
  timezone: string
  exchangeTimezoneName: string
  gmtoffset: number
  /** Seconds after 00:00 UTC a bar is stamped with: the session's opening. */
  opens: number
  /** The session's length in seconds (`regularMarketTime` is the last session's close). */
  session: number
}

const HOUR = 3_600
const european = (exchangeName: string, fullExchangeName: string): Venue => ({
  currency: 'EUR',
  exchangeName,
  fullExchangeName,
  timezone: 'CET',
  exchangeTimezoneName: exchangeName === 'GER' ? 'Europe/Berlin' : 'Europe/Paris',
  gmtoffset: HOUR,
  opens: 8 * HOUR,
  session: 8.5 * HOUR,
})

/** Venues by the symbol's suffix (shared/portfolio/price-providers.ts `LISTING_VENUES`). */
const VENUES: Readonly<Record<string, Venue>> = {
  IS: {
    currency: 'TRY',
    exchangeName: 'IST',
    fullExchangeName: 'Istanbul',
    timezone: 'TRT',
    exchangeTimezoneName: 'Europe/Istanbul',
    gmtoffset: 3 * HOUR,
    opens: 7 * HOUR,
    session: 8 * HOUR,
  },
  DE: european('GER', 'XETRA'),
  F: european('FRA', 'Frankfurt'),
  SG: european('STU', 'Stuttgart'),
  MU: european('MUN', 'Munich'),
  BE: european('BER', 'Berlin'),
  DU: european('DUS', 'Dusseldorf'),
  HM: european('HAM', 'Hamburg'),
  HA: european('HAN', 'Hanover'),
  AS: european('AMS', 'Amsterdam'),
  PA: european('PAR', 'Paris'),
  MI: european('MIL', 'Milan'),
  L: {
    currency: 'GBp',
    exchangeName: 'LSE',
    fullExchangeName: 'LSE',
    timezone: 'GMT',
    exchangeTimezoneName: 'Europe/London',
    gmtoffset: 0,
    opens: 8 * HOUR,
    session: 8.5 * HOUR,
  },
  SW: { ...european('EBS', 'Swiss'), currency: 'CHF', exchangeTimezoneName: 'Europe/Zurich' },
  '': {
    currency: 'USD',
    exchangeName: 'NMS',
    fullExchangeName: 'NasdaqGS',
    timezone: 'EST',
    exchangeTimezoneName: 'America/New_York',
    gmtoffset: -5 * HOUR,
    opens: 14.5 * HOUR,
    session: 6.5 * HOUR,
  },
}

/** US shares of the NYSE rather than the Nasdaq, as far as the catalog goes. */
const NYSE = new Set(['BRK-B', 'JPM', 'V', 'KO', 'JNJ'])

/** The catalog's ETFs. */
const ETFS = new Set(
  ['EUNL', 'VWCE', 'VGWL', 'SXR8', 'VUSA', 'SXRV', 'IS3N', 'XDWD', 'EXS1'].map(
    (code) => `${code}.DE`,
  ),
)

const NAMES: Readonly<Record<string, string>> = {
  'THYAO.IS': 'Türk Hava Yollari Anonim Ortakligi',
  'ASELS.IS': 'Aselsan Elektronik Sanayi ve Ticaret Anonim Sirketi',
  'BIMAS.IS': 'BIM Birlesik Magazalar A.S.',
  'KCHOL.IS': 'Koç Holding A.S.',
  AAPL: 'Apple Inc.',
  MSFT: 'Microsoft Corporation',
  'SAP.DE': 'SAP SE',
  'SIE.DE': 'Siemens Aktiengesellschaft',
  'ALV.DE': 'Allianz SE',
  'VWCE.DE': 'Vanguard FTSE All-World UCITS ETF USD Accumulation',
  'EUNL.DE': 'iShares Core MSCI World UCITS ETF USD (Acc)',
}

/** Closes have two decimals (`meta.priceHint`). */
const PRICE_HINT = 2

export interface YahooAnswer {
  status: number
  body: string
}

/** The venue of a symbol Yahoo Finance would know, or null (`shared/portfolio/price-providers.ts`). */
function venueOf(symbol: string): Venue | null {
  if (!PRICE_PROVIDER_RULES.yahoo.symbol.test(symbol)) return null
  const dot = symbol.lastIndexOf('.')
  const venue = VENUES[dot < 0 ? '' : symbol.slice(dot + 1)] ?? null
  if (venue === null || dot >= 0 || !NYSE.has(symbol)) return venue
  return { ...venue, exchangeName: 'NYQ', fullExchangeName: 'NYSE' }
}

/** A price as Yahoo Finance writes it: through a single-precision float (189.98 → 189.97999572753906). */
const asFloat32 = (value: number) => Math.fround(value)
const cents = (level: number) => Math.round(level * 10 ** PRICE_HINT) / 10 ** PRICE_HINT

/**
 * Yahoo Finance's chart answer (`/v8/finance/chart/{symbol}?period1=&period2=&interval=1d`) for
 * any symbol of a listed venue, with its daily bars of the year up to `today` stamped at the
 * session's opening (UTC seconds) within `period1` (included) to `period2` (excluded); a range
 * without a bar answers the meta alone, an unknown symbol 404 as Yahoo Finance does.
 */
export function yahooChart(symbol: string, search: URLSearchParams, today: string): YahooAnswer {
  const venue = venueOf(symbol)
  if (venue === null) {
    return {
      status: 404,
      body: '{"chart":{"result":null,"error":{"code":"Not Found","description":"No data found, symbol may be delisted"}}}',
    }
  }
  const series = listingSeries(symbol, today)
  const stamp = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000 + venue.opens
  const from = Number(search.get('period1') ?? 0) || 0
  const to = Number(search.get('period2') ?? Number.MAX_SAFE_INTEGER) || Number.MAX_SAFE_INTEGER
  const bars = barsOf(symbol, series, stamp).filter((bar) => bar.time >= from && bar.time < to)
  const last = bars[bars.length - 1]
  const first = bars[0]
  const closeOfAll = cents(series.levels[series.levels.length - 1] ?? 0)
  const meta = {
    currency: venue.currency,
    symbol,
    exchangeName: venue.exchangeName,
    fullExchangeName: venue.fullExchangeName,
    instrumentType: ETFS.has(symbol) ? 'ETF' : 'EQUITY',
    firstTradeDate: stamp(series.dates[0] ?? today),
    regularMarketTime: (last?.time ?? stamp(today)) + venue.session,
    hasPrePostMarketData: false,
    gmtoffset: venue.gmtoffset,
    timezone: venue.timezone,
    exchangeTimezoneName: venue.exchangeTimezoneName,
    regularMarketPrice: last ? last.close : closeOfAll,
    longName: NAMES[symbol] ?? `${symbol} (dev market)`,
    shortName: (NAMES[symbol] ?? symbol).toUpperCase().slice(0, 25).trim(),
    chartPreviousClose: first ? first.close : closeOfAll,
    priceHint: PRICE_HINT,
    dataGranularity: '1d',
    range: '',
  }
  if (!last) {
    const result = { meta, indicators: { quote: [{}], adjclose: [{}] } }
    return { status: 200, body: JSON.stringify({ chart: { result: [result], error: null } }) }
  }
  const column = (key: keyof Bar) => bars.map((bar) => bar[key])
  const result = {
    meta,
    timestamp: column('time'),
    indicators: {
      quote: [
        {
          open: column('open').map(asFloat32),
          low: column('low').map(asFloat32),
          volume: column('volume'),
          close: column('close').map(asFloat32),
          high: column('high').map(asFloat32),
        },
      ],
      adjclose: [{ adjclose: column('close').map(asFloat32) }],
    },
  }
  return { status: 200, body: JSON.stringify({ chart: { result: [result], error: null } }) }
}

interface Bar {
  time: number
  open: number
  low: number
  high: number
  close: number
  volume: number
}

/** A bar per day: the close to the cent, and an open, high, low and volume drawn around it. */
function barsOf(symbol: string, series: DailySeries, stamp: (date: string) => number): Bar[] {
  const random = seededRandom(`dev-market bars ${symbol}`)
  return series.dates.map((date, index) => {
    const close = cents(series.levels[index] ?? 0)
    const open = close * (1 + 0.012 * (random() - 0.5))
    return {
      time: stamp(date),
      open,
      low: Math.min(open, close) * (1 - 0.008 * random()),
      high: Math.max(open, close) * (1 + 0.008 * random()),
      close,
      volume: Math.round(400_000 + 2_000_000 * random()),
    }
  })
}
