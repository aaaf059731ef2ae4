import { isMarketOpen, type MarketCalendar } from '../../shared/markets/market-calendar'
import type { Result } from './errors'
import { fail, toResult } from './errors'
import { formatIsoDate } from './iso-date'
import { Ledger } from './ledger'
import type { ExternalFlow } from './ledger'
import { dayOption, prepareInput } from './portfolio-input'
import type { PortfolioInput } from './portfolio-input'
import type { MarketData } from './price-series'
import { readTransaction } from './transactions'
import { fxRateOn, unitPrice, valuePortfolio } from './valuation'
import type { PortfolioValuation } from './valuation'

/**
 * The portfolio at the end of one day, base currency. Computed with the exact figures of holdings
 * and totals, then given as floats: for charts and rates.
 */
export interface ValuePoint {
  date: string
  value: number
  investedCapital: number
  /** Value − invested capital. */
  cumulativeGain: number
  /** External flows of the day as returns count them (securities at market value); each ≥ 0. */
  inflow: number
  outflow: number
}

/** A daily series for charts and for returns over any range inside it. */
export interface ValueSeries {
  baseCurrency: string
  from: string
  to: string
  /** The end of the day before `from`: where returns over a range starting at `from` begin. */
  opening: { value: number; investedCapital: number }
  /**
   * In date order, a point for `from`, for `to`, and for every day between on which the market
   * of a holding traded, a transaction was made, or the value or invested capital changed (a
   * rate, a close on a day off). A day without a point has the value and invested capital of
   * the point before it (or the opening) and no flows: prices carry over weekends and holidays.
   */
  points: ValuePoint[]
}

/** What an external flow was worth at the end of `date`, base currency. */
function flowValue(flow: ExternalFlow, ledger: Ledger, market: MarketData, date: string): number {
  if (flow.kind === 'cash') return flow.amount.toNumber()
  const { price } = unitPrice(flow.position, market, date)
  const local = price === null ? flow.cost : flow.quantity.times(price.value)
  return local.times(fxRateOn(flow.position.currency, date, market, ledger)).toNumber()
}

/** Whether the market of a holding valued in `valuation` traded on `date`; each market asked once. */
function aMarketTraded(
  valuation: PortfolioValuation,
  markets: Readonly<Record<string, MarketCalendar>>,
  date: string,
): boolean {
  const asked = new Set<MarketCalendar>()
  for (const { position } of valuation.positions) {
    const market = markets[position.instrumentCode] ?? 'weekdays'
    if (asked.has(market)) continue
    if (isMarketOpen(market, date)) return true
    asked.add(market)
  }
  return false
}

/**
 * The daily value, invested capital, cumulative gain and external flows of a portfolio, in one
 * pass: each day applies that day's transactions to the ledger and values it as holdings are
 * valued; the days nothing could change on are left out (see {@link ValueSeries.points}).
 * Transactions after `to` are not part of the series.
 *
 * @example computeValueSeries(input, { from: '2024-01-01', to: '2024-12-31' })
 */
export function computeValueSeries(
  input: PortfolioInput,
  range: { from?: string; to: string },
): Result<ValueSeries> {
  return toResult(() => {
    const toDay = dayOption(range.to, 'to')
    const { settings, transactions, market } = prepareInput(input)
    const firstDay = Math.min(transactions[0]?.keys.day ?? Infinity, toDay)
    const fromDay = range.from === undefined ? firstDay : dayOption(range.from, 'from')
    if (fromDay > toDay) {
      fail('invalid_range', `from ${range.from} is after to ${range.to}`, null, 'from')
    }
    const markets = input.markets ?? {}
    const ledger = new Ledger(settings)
    const points: ValuePoint[] = []
    let opening = { value: 0, investedCapital: 0 }
    let next = 0
    for (let day = Math.min(fromDay, firstDay); day <= toDay; day++) {
      const flows: ExternalFlow[] = []
      const transacted = transactions[next]?.keys.day === day
      for (let entry = transactions[next]; entry?.keys.day === day; entry = transactions[++next]) {
        const flow = ledger.apply(readTransaction(entry.input, entry.keys, settings))
        if (flow !== null) flows.push(flow)
      }
      // Before the range only the ledger needs to move.
      if (day < fromDay - 1) continue
      const date = formatIsoDate(day)
      const valuation = valuePortfolio(ledger, market, date)
      const value = valuation.value.toNumber()
      const investedCapital = ledger.investedCapital.toNumber()
      if (day === fromDay - 1) opening = { value, investedCapital }
      if (day < fromDay) continue
      const before = points[points.length - 1] ?? opening
      const moved = value !== before.value || investedCapital !== before.investedCapital
      const kept = day === fromDay || day === toDay || transacted || moved
      if (!kept && !aMarketTraded(valuation, markets, date)) continue
      let inflow = 0
      let outflow = 0
      for (const flow of flows) {
        const amount = flowValue(flow, ledger, market, date)
        if (flow.direction === 'in') inflow += amount
        else outflow += amount
      }
      points.push({
        date,
        value,
        investedCapital,
        cumulativeGain: value - investedCapital,
        inflow,
        outflow,
      })
    }
    return {
      baseCurrency: settings.baseCurrency,
      from: formatIsoDate(fromDay),
      to: range.to,
      opening,
      points,
    }
  })
}
