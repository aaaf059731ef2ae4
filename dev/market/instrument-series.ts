import type { WalkShape } from '../demo/bounded-walk'
import { DEMO_INSTRUMENTS, PRICE_SCALE } from '../demo/demo-market'
import {
  demoSeries,
  historyDates,
  inventedShape,
  walkSeries,
  type DailySeries,
} from './market-series'

/**
 * The price history of every instrument the stand-in knows of: the demo account's own from
 * demo/demo-market.ts, a few more of the catalog and well-known funds and coins at realistic
 * levels, and any other symbol at a level drawn from the symbol itself.
 */

/** Listings that are not the demo's, at realistic levels in the currency Yahoo Finance quotes them. */
const LISTINGS: Readonly<Record<string, WalkShape>> = {
  'EUNL.DE': { start: 94, end: 108, swing: 0.07, jitter: 0.007 },
  'SXR8.DE': { start: 520, end: 590, swing: 0.08, jitter: 0.008 },
  // Borsa Istanbul's indices, in points: benchmarks (docs/benchmark.md).
  'XU100.IS': { start: 9_400, end: 10_900, swing: 0.12, jitter: 0.014 },
  'XU030.IS': { start: 10_300, end: 11_900, swing: 0.12, jitter: 0.015 },
  'GARAN.IS': { start: 118, end: 136, swing: 0.1, jitter: 0.015 },
  'TUPRS.IS': { start: 158, end: 172, swing: 0.09, jitter: 0.013 },
  MSFT: { start: 418, end: 482, swing: 0.08, jitter: 0.01 },
  NVDA: { start: 128, end: 182, swing: 0.14, jitter: 0.018 },
  'BRK-B': { start: 452, end: 494, swing: 0.06, jitter: 0.007 },
  // London quotes in pence.
  'VOD.L': { start: 68, end: 74, swing: 0.08, jitter: 0.01 },
  'NESN.SW': { start: 84, end: 79, swing: 0.07, jitter: 0.008 },
}

/**
 * The benchmarks the performance panel suggests (docs/benchmark.md) go back five years, so a
 * comparison over any of its ranges has the close before it; nobody holds them, so no figure of
 * the demo or the tests moves.
 */
const BENCHMARK_LISTINGS: ReadonlySet<string> = new Set([
  'XU100.IS',
  'XU030.IS',
  'EUNL.DE',
  'SXR8.DE',
])
const BENCHMARK_HISTORY_DAYS = 5 * 365 + 2

/** The demo's instruments by their Yahoo Finance symbols (`THYAO.IS`, `AAPL`, `SAP.DE`). */
const DEMO_SUFFIX: Readonly<Record<string, string>> = { BIST: '.IS', XETRA: '.DE', NASDAQ: '' }
const DEMO_LISTINGS = new Map(
  DEMO_INSTRUMENTS.map((instrument) => [
    `${instrument.code}${DEMO_SUFFIX[instrument.exchange] ?? `.${instrument.exchange}`}`,
    instrument.code,
  ]),
)

/** A listing's daily closes over the year up to `today`, in the units Yahoo Finance quotes. */
export function listingSeries(symbol: string, today: string): DailySeries {
  const demoCode = DEMO_LISTINGS.get(symbol)
  if (demoCode !== undefined) {
    return demoSeries(today, (market) => market.closesOf(demoCode), PRICE_SCALE)
  }
  const shape = LISTINGS[symbol] ?? inventedShape(symbol, 8, 900)
  const days = BENCHMARK_LISTINGS.has(symbol) ? BENCHMARK_HISTORY_DAYS : undefined
  return walkSeries(`yahoo ${symbol}`, shape, historyDates(today, 'weekdays', days))
}

/** The two kinds of TEFAS fund: securities investment funds and pension funds. */
export type FundKind = 'YAT' | 'EMK'

export interface Fund {
  kind: FundKind
  /** FONUNVAN, the fund's title as TEFAS writes it. */
  title: string
  walk: WalkShape
}

const FUNDS: Readonly<Record<string, Fund>> = {
  TTE: {
    kind: 'YAT',
    title:
      'İŞ PORTFÖY BIST TEKNOLOJİ AĞIRLIK SINIRLAMALI ENDEKSİ HİSSE SENEDİ FONU (HİSSE SENEDİ YOĞUN FON)',
    walk: { start: 0.74, end: 0.93, swing: 0.1, jitter: 0.01 },
  },
  AFT: {
    kind: 'YAT',
    title: 'AK PORTFÖY YENİ TEKNOLOJİLER YABANCI HİSSE SENEDİ FONU',
    walk: { start: 0.198, end: 0.262, swing: 0.1, jitter: 0.01 },
  },
  IPB: {
    kind: 'YAT',
    title: 'İSTANBUL PORTFÖY BİRİNCİ DEĞİŞKEN FON',
    walk: { start: 2.84, end: 3.62, swing: 0.06, jitter: 0.006 },
  },
  MAC: {
    kind: 'YAT',
    title: 'MARMARA CAPITAL PORTFÖY HİSSE SENEDİ FONU (HİSSE SENEDİ YOĞUN FON)',
    walk: { start: 46.2, end: 58.9, swing: 0.09, jitter: 0.01 },
  },
  YAY: {
    kind: 'YAT',
    title: 'YAPI KREDİ PORTFÖY YABANCI TEKNOLOJİ SEKTÖRÜ HİSSE SENEDİ FONU',
    walk: { start: 1.58, end: 2.12, swing: 0.1, jitter: 0.01 },
  },
  TCD: {
    kind: 'YAT',
    title: 'TACİRLER PORTFÖY DEĞİŞKEN FON',
    walk: { start: 8.42, end: 10.96, swing: 0.07, jitter: 0.007 },
  },
  NNF: {
    kind: 'YAT',
    title: 'HEDEF PORTFÖY BİRİNCİ HİSSE SENEDİ FONU (HİSSE SENEDİ YOĞUN FON)',
    walk: { start: 1.38, end: 1.79, swing: 0.09, jitter: 0.01 },
  },
  IIH: {
    kind: 'YAT',
    title: 'İŞ PORTFÖY İŞTİRAKLERİ HİSSE SENEDİ FONU (HİSSE SENEDİ YOĞUN FON)',
    walk: { start: 4.16, end: 5.31, swing: 0.09, jitter: 0.01 },
  },
  AEA: {
    kind: 'EMK',
    title: 'ANADOLU HAYAT EMEKLİLİK ALTIN KATILIM EMEKLİLİK YATIRIM FONU',
    walk: { start: 0.0418, end: 0.0566, swing: 0.05, jitter: 0.004 },
  },
  AH5: {
    kind: 'EMK',
    title: 'ANADOLU HAYAT EMEKLİLİK BÜYÜME AMAÇLI HİSSE SENEDİ EMEKLİLİK YATIRIM FONU',
    walk: { start: 0.0352, end: 0.0437, swing: 0.08, jitter: 0.008 },
  },
}

/** A TEFAS fund code: three capital letters or digits. */
export const FUND_CODE = /^[A-Z0-9]{3}$/

/** The funds described here, by code: TEFAS's list of every fund of a kind holds these. */
export const KNOWN_FUND_CODES: readonly string[] = Object.keys(FUNDS)

/** Which kind a fund code is (an unknown code is an investment fund), and its title. */
export function fundOf(code: string): Fund {
  return (
    FUNDS[code] ?? {
      kind: 'YAT',
      title: `KIYMET GELİŞTİRME PORTFÖY ${code} DEĞİŞKEN FON`,
      walk: inventedShape(`tefas ${code}`, 0.05, 60),
    }
  )
}

/** A fund's daily unit prices over the year up to `today`, in lira. */
export function fundSeries(code: string, today: string): DailySeries {
  return walkSeries(`tefas ${code}`, fundOf(code).walk, historyDates(today, 'weekdays'))
}

const COINS: Readonly<Record<string, WalkShape>> = {
  bitcoin: { start: 94_500, end: 108_200, swing: 0.2, jitter: 0.018 },
  ethereum: { start: 3_320, end: 3_980, swing: 0.25, jitter: 0.022 },
  solana: { start: 186, end: 172, swing: 0.3, jitter: 0.028 },
  tether: { start: 1, end: 1, swing: 0.0008, jitter: 0.0003 },
  'usd-coin': { start: 1, end: 1, swing: 0.0008, jitter: 0.0003 },
}

/**
 * A coin's price in US dollars for every day of the year up to `today`: each the level at the
 * end of its UTC day (today's: now).
 */
export function coinSeries(id: string, today: string): DailySeries {
  const shape = COINS[id] ?? { ...inventedShape(`coingecko ${id}`, 0.02, 600), swing: 0.25 }
  return walkSeries(`coingecko ${id}`, shape, historyDates(today, 'daily'))
}
