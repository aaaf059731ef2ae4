import { formatIsoDate } from '../../worker/portfolio/iso-date'
import { boundedWalk, type WalkShape } from './bounded-walk'
import { toFixedUnits } from './fixed-point'
import { seededRandom, normalDraw } from './seeded-random'
import { dayOf } from './trading-days'

/**
 * An instrument of the shared catalog (`supabase/migrations/*_instrument_catalog.sql`, where its
 * name, type and ISIN live) that the demo trades, and how its price moves.
 */
export interface DemoInstrument {
  code: string
  currency: string
  exchange: string
  /** Closing prices in today's units (after any split), in `currency`. */
  walk: WalkShape
}

/** Closes have two decimals (kuruş, cents). */
export const PRICE_SCALE = 2
/** Rates have four decimals, as ECB and TCMB publish them. */
export const RATE_SCALE = 4

export const DEMO_INSTRUMENTS: readonly DemoInstrument[] = [
  {
    code: 'THYAO',
    currency: 'TRY',
    exchange: 'BIST',
    walk: { start: 268, end: 306, swing: 0.08, jitter: 0.012 },
  },
  {
    code: 'ASELS',
    currency: 'TRY',
    exchange: 'BIST',
    walk: { start: 58, end: 96, swing: 0.1, jitter: 0.014 },
  },
  {
    code: 'BIMAS',
    currency: 'TRY',
    exchange: 'BIST',
    walk: { start: 468, end: 552, swing: 0.08, jitter: 0.01 },
  },
  {
    code: 'KCHOL',
    currency: 'TRY',
    exchange: 'BIST',
    walk: { start: 186, end: 214, swing: 0.09, jitter: 0.012 },
  },
  {
    code: 'AAPL',
    currency: 'USD',
    exchange: 'NASDAQ',
    walk: { start: 226, end: 268, swing: 0.09, jitter: 0.01 },
  },
  {
    code: 'SAP',
    currency: 'EUR',
    exchange: 'XETRA',
    walk: { start: 214, end: 246, swing: 0.09, jitter: 0.01 },
  },
  {
    code: 'SIE',
    currency: 'EUR',
    exchange: 'XETRA',
    walk: { start: 178, end: 228, swing: 0.08, jitter: 0.009 },
  },
  {
    code: 'ALV',
    currency: 'EUR',
    exchange: 'XETRA',
    walk: { start: 292, end: 356, swing: 0.07, jitter: 0.008 },
  },
  {
    code: 'VWCE',
    currency: 'EUR',
    exchange: 'XETRA',
    walk: { start: 121, end: 141, swing: 0.06, jitter: 0.006 },
  },
]

/**
 * A split or a bonus issue: from its ex-date on, each share is `newShares / oldShares` shares at
 * that fraction of the price. A split is booked by its ratio, a bonus issue by the shares received.
 */
export interface DemoSplit {
  code: string
  kind: 'split' | 'bonus'
  daysAfterStart: number
  newShares: number
  oldShares: number
}

/** ASELS's bonus issue (bedelsiz sermaye artırımı), one new share per share held; a 2-for-1 split of BIMAS. */
export const DEMO_SPLITS: readonly DemoSplit[] = [
  { code: 'ASELS', kind: 'bonus', daysAfterStart: 320, newShares: 2, oldShares: 1 },
  { code: 'BIMAS', kind: 'split', daysAfterStart: 600, newShares: 2, oldShares: 1 },
]

export function demoSplit(code: string): DemoSplit {
  const split = DEMO_SPLITS.find((candidate) => candidate.code === code)
  if (!split) throw new Error(`No demo split of ${code}`)
  return split
}

export type FxSource = 'ECB' | 'TCMB'

export interface FxPair {
  source: FxSource
  base: string
  quote: string
}

/** What each central bank publishes that the demo needs: `quote` units per 1 `base`. */
export const DEMO_FX_PAIRS: readonly FxPair[] = [
  { source: 'ECB', base: 'EUR', quote: 'USD' },
  { source: 'ECB', base: 'EUR', quote: 'TRY' },
  { source: 'TCMB', base: 'USD', quote: 'TRY' },
  { source: 'TCMB', base: 'EUR', quote: 'TRY' },
]

/**
 * Which bank's rate counts for a pair, as `public.fx_rate_on` picks it: TCMB's for a pair with the
 * lira (Turkish brokers convert at it), the ECB's for any other.
 */
export function preferredSource(base: string, quote: string): FxSource {
  return base === 'TRY' || quote === 'TRY' ? 'TCMB' : 'ECB'
}

export function pairKey(pair: FxPair): string {
  return `${pair.source} ${pair.base}/${pair.quote}`
}

const USD_TRY: WalkShape = { start: 33.2, end: 42.4, swing: 0.025, jitter: 0.002 }
const EUR_USD: WalkShape = { start: 1.07, end: 1.16, swing: 0.025, jitter: 0.003 }
/** How far TCMB's afternoon fixing strays from the ECB's cross rate, as a fraction. */
const FIXING_SPREAD = 0.0008

/**
 * Closing prices and FX rates for every weekday of `days`, as whole units of 10^-PRICE_SCALE and
 * 10^-RATE_SCALE. Each series has its own seed, so adding an instrument changes no other series.
 */
export class DemoMarket {
  private readonly closes = new Map<string, number[]>()
  private readonly rates = new Map<string, number[]>()
  private readonly dayIndex: Map<string, number>

  constructor(readonly days: readonly string[]) {
    this.dayIndex = new Map(days.map((date, index) => [date, index]))
    for (const instrument of DEMO_INSTRUMENTS) {
      const levels = boundedWalk(instrument.walk, days.length, seededRandom(instrument.code))
      this.closes.set(
        instrument.code,
        levels.map((level, index) =>
          toFixedUnits(level * this.splitFactor(instrument.code, index), PRICE_SCALE),
        ),
      )
    }
    const usdTry = boundedWalk(USD_TRY, days.length, seededRandom('USD/TRY'))
    const eurUsd = boundedWalk(EUR_USD, days.length, seededRandom('EUR/USD'))
    const fixing = seededRandom('TCMB')
    const spread = () => 1 + FIXING_SPREAD * normalDraw(fixing)
    const series: Record<string, (index: number) => number> = {
      'ECB EUR/USD': (index) => at(eurUsd, index),
      'ECB EUR/TRY': (index) => at(eurUsd, index) * at(usdTry, index),
      'TCMB USD/TRY': (index) => at(usdTry, index) * spread(),
      'TCMB EUR/TRY': (index) => at(eurUsd, index) * at(usdTry, index) * spread(),
    }
    for (const pair of DEMO_FX_PAIRS) {
      const level = series[pairKey(pair)]
      if (!level) throw new Error(`No generator for ${pairKey(pair)}`)
      this.rates.set(
        pairKey(pair),
        days.map((_, index) => toFixedUnits(level(index), RATE_SCALE)),
      )
    }
  }

  /** Before a split's ex-date a share is worth `newShares / oldShares` of today's shares. */
  private splitFactor(code: string, index: number): number {
    let factor = 1
    for (const split of DEMO_SPLITS) {
      if (split.code === code && (this.days[index] ?? '') < this.splitDate(split)) {
        factor *= split.newShares / split.oldShares
      }
    }
    return factor
  }

  /** The ex-date of a split: the weekday on or before its offset from the first day. */
  splitDate(split: DemoSplit): string {
    return this.dayAt(split.daysAfterStart)
  }

  /** The last weekday on or before `daysAfterStart` calendar days after the first day. */
  dayAt(daysAfterStart: number): string {
    const first = this.days[0] ?? ''
    const target = formatIsoDate(dayOf(first) + daysAfterStart)
    let found = first
    for (const date of this.days) {
      if (date > target) break
      found = date
    }
    return found
  }

  /** The close of `code` on a weekday, in 10^-PRICE_SCALE units of its currency. */
  close(code: string, date: string): number {
    return this.pointOf(this.closes.get(code), date, code)
  }

  /** `quote` units per 1 `base` on a weekday, in 10^-RATE_SCALE units. */
  rate(pair: FxPair, date: string): number {
    return this.pointOf(this.rates.get(pairKey(pair)), date, pairKey(pair))
  }

  closesOf(code: string): readonly number[] {
    return this.closes.get(code) ?? []
  }

  ratesOf(pair: FxPair): readonly number[] {
    return this.rates.get(pairKey(pair)) ?? []
  }

  private pointOf(series: readonly number[] | undefined, date: string, name: string): number {
    const index = this.dayIndex.get(date)
    const value = index === undefined ? undefined : series?.[index]
    if (value === undefined) throw new Error(`No ${name} on ${date}`)
    return value
  }
}

function at(levels: readonly number[], index: number): number {
  return levels[index] ?? Number.NaN
}
