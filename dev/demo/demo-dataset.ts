import type { PortfolioInput } from '../../worker/portfolio/portfolio-input'
import type { SeriesPoint } from '../../worker/portfolio/price-series'
import {
  DEMO_FX_PAIRS,
  DEMO_INSTRUMENTS,
  DemoMarket,
  PRICE_SCALE,
  RATE_SCALE,
  preferredSource,
  type DemoInstrument,
  type FxPair,
} from './demo-market'
import { bistPortfolio, xetraPortfolio, type DemoPortfolio } from './demo-portfolios'
import { formatFixed } from './fixed-point'
import { dayOf, weekdaysBetween } from './trading-days'

/** Two years of history, ending today. */
export const DEMO_PERIOD_DAYS = 730

export interface DemoFxSeries extends FxPair {
  points: SeriesPoint[]
}

/** Everything the demo account holds, and the market data its figures need. */
export interface DemoDataset {
  /** The first and last weekday of the period. */
  from: string
  to: string
  instruments: readonly DemoInstrument[]
  /** Closing prices of every weekday, by instrument code, in the instrument's currency. */
  prices: Record<string, SeriesPoint[]>
  fxRates: DemoFxSeries[]
  portfolios: DemoPortfolio[]
}

/**
 * The demo account's data for the two years up to `today` (`YYYY-MM-DD`). Pure and deterministic:
 * the same day always gives the same data, and any day gives a history that ends on it.
 */
export function buildDemoDataset(today: string): DemoDataset {
  const todayDay = dayOf(today)
  const days = weekdaysBetween(todayDay - DEMO_PERIOD_DAYS, todayDay)
  const market = new DemoMarket(days)
  const points = (values: readonly number[], scale: number): SeriesPoint[] =>
    days.map((date, index) => ({ date, value: formatFixed(values[index] ?? 0, scale) }))
  return {
    from: days[0] ?? today,
    to: days[days.length - 1] ?? today,
    instruments: DEMO_INSTRUMENTS,
    prices: Object.fromEntries(
      DEMO_INSTRUMENTS.map(({ code }) => [code, points(market.closesOf(code), PRICE_SCALE)]),
    ),
    fxRates: DEMO_FX_PAIRS.map((pair) => ({
      ...pair,
      points: points(market.ratesOf(pair), RATE_SCALE),
    })),
    portfolios: [bistPortfolio(market), xetraPortfolio(market)],
  }
}

/** What the portfolio engine reads for one demo portfolio: each pair's rates from the bank that counts. */
export function demoEngineInput(dataset: DemoDataset, portfolio: DemoPortfolio): PortfolioInput {
  return {
    portfolio: portfolio.settings,
    transactions: portfolio.transactions,
    prices: dataset.prices,
    fxRates: Object.fromEntries(
      dataset.fxRates
        .filter((series) => series.source === preferredSource(series.base, series.quote))
        .map((series) => [`${series.base}/${series.quote}`, series.points]),
    ),
  }
}
