import type { Result } from './errors'
import { fail, toResult } from './errors'
import { formatIsoDate } from './iso-date'
import { Ledger } from './ledger'
import type { ExternalFlow, Position } from './ledger'
import { dayOption, prepareInput } from './portfolio-input'
import type { PortfolioInput } from './portfolio-input'
import { SeriesCursor } from './price-series'
import type { MarketData } from './price-series'
import type { Transaction, TransactionSequence } from './transactions'

/**
 * The portfolio at the end of one day, base currency. Floating point, for charts and rates:
 * valuing 500 holdings on 3,650 days with big.js took 4.5–8 s in `npm run bench:portfolio`,
 * floats a small part of a second. Holdings, totals and gains stay exact decimals, and the
 * ledger behind this series is the same decimal one.
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
  /** One point per calendar day from `from` to `to`; prices carry over weekends and holidays. */
  points: ValuePoint[]
}

/** One instrument followed through the pass, with its ledger figures read as floats. */
interface Tracker {
  position: Position
  cursor: SeriesCursor | null
  currency: CurrencySum
  /** Latest close read; null before the first. */
  close: number | null
  /** The cursor moved since `close` was read: closes are parsed only for units held. */
  closeStale: boolean
  units: number
  /** Last trade price: stands in before the first close. */
  tradePrice: number | null
  /** Cost basis, instrument currency: the value when no price at all is known. */
  cost: number
}

/** The securities and cash held in one currency, valued with one rate. */
interface CurrencySum {
  currency: string
  cursor: SeriesCursor | null
  /** Base units per unit; null before any rate is known. */
  rate: number | null
  /** True once the FX series has a point: from then on it is used, not transaction rates. */
  fromSeries: boolean
  cash: number
  securities: number
}

/**
 * The daily value, invested capital, cumulative gain and external flows of a portfolio, in one
 * pass: each day applies that day's transactions to the ledger and the day's closes and FX rates
 * to running state, so the work grows with days × holdings in cheap float multiplications plus
 * one decimal ledger step per transaction, not with a recomputation per day.
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
    const firstDay = Math.min(transactions.dayAt(0), toDay)
    const fromDay = range.from === undefined ? firstDay : dayOption(range.from, 'from')
    if (fromDay > toDay) {
      fail('invalid_range', `from ${range.from} is after to ${range.to}`, null, 'from')
    }
    // The series needs no record of each sale.
    const ledger = new Ledger(settings, false)
    const pass = new SeriesPass(ledger, market)
    const points: ValuePoint[] = []
    let opening = { value: 0, investedCapital: 0 }
    let investedCapital = 0
    let next = 0
    for (let day = Math.min(fromDay, firstDay); day <= toDay; day++) {
      const flows: ExternalFlow[] = []
      const first = next
      for (; transactions.dayAt(next) === day; next++) {
        const transaction = transactions.read(next)
        const flow = ledger.apply(transaction)
        if (flow !== null) flows.push(flow)
        pass.touched(transaction)
      }
      if (next > first) investedCapital = ledger.investedCapital.toNumber()
      // Before the range only the ledger needs to move; cursors catch up when first read.
      if (day < fromDay - 1) continue
      const date = formatIsoDate(day)
      const value = pass.valueAt(date)
      if (day === fromDay - 1) opening = { value, investedCapital }
      if (day < fromDay) continue
      let inflow = 0
      let outflow = 0
      for (const flow of flows) {
        const amount =
          flow.kind === 'cash' ? flow.amount.toNumber() : pass.securitiesValue(flow, date)
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
    readRest(transactions, next)
    return {
      baseCurrency: settings.baseCurrency,
      from: formatIsoDate(fromDay),
      to: range.to,
      opening,
      points,
    }
  })
}

/** Reads the transactions after the series ends, so bad input is reported whatever the range. */
function readRest(transactions: TransactionSequence, from: number): void {
  for (let index = from; index < transactions.length; index++) transactions.read(index)
}

/** The running state of one pass over the days. */
class SeriesPass {
  private readonly trackers = new Map<string, Tracker>()
  private readonly currencies = new Map<string, CurrencySum>()

  constructor(
    private readonly ledger: Ledger,
    private readonly market: MarketData,
  ) {}

  /** Rereads what a transaction may have changed: its currency's cash, its instrument's units. */
  touched(transaction: Transaction): void {
    if (transaction.type !== 'SPLIT') {
      const sum = this.currencySum(transaction.currency)
      sum.cash = this.ledger.cash.get(sum.currency)?.amount.toNumber() ?? 0
    }
    if (!('instrumentCode' in transaction) || transaction.instrumentCode === null) return
    const position = this.ledger.positions.get(transaction.instrumentCode)
    if (position === undefined) return
    const tracker = this.tracker(position)
    tracker.units = position.basis.quantity.toNumber()
    tracker.cost = position.basis.cost.toNumber()
    tracker.tradePrice = position.lastTradePrice?.value.toNumber() ?? null
  }

  private currencySum(currency: string): CurrencySum {
    let sum = this.currencies.get(currency)
    if (sum === undefined) {
      const series = currency === this.market.baseCurrency ? null : this.market.fxSeries(currency)
      sum = {
        currency,
        cursor: series === null ? null : new SeriesCursor(series),
        rate: null,
        fromSeries: false,
        cash: 0,
        securities: 0,
      }
      this.currencies.set(currency, sum)
    }
    return sum
  }

  private tracker(position: Position): Tracker {
    let tracker = this.trackers.get(position.instrumentCode)
    if (tracker === undefined) {
      const series = this.market.priceSeries(position.instrumentCode)
      tracker = {
        position,
        cursor: series === null ? null : new SeriesCursor(series),
        currency: this.currencySum(position.currency),
        close: null,
        closeStale: false,
        units: 0,
        tradePrice: null,
        cost: 0,
      }
      this.trackers.set(position.instrumentCode, tracker)
    }
    return tracker
  }

  /** The price to value at: the latest close, else the last trade price; null when neither. */
  private price(tracker: Tracker): number | null {
    if (tracker.closeStale) {
      tracker.close = tracker.cursor?.currentNumber() ?? null
      tracker.closeStale = false
    }
    return tracker.close ?? tracker.tradePrice
  }

  /** The portfolio's value at the end of `date`, after that day's transactions. */
  valueAt(date: string): number {
    for (const sum of this.currencies.values()) sum.securities = 0
    for (const tracker of this.trackers.values()) {
      if (tracker.cursor?.advanceTo(date)) tracker.closeStale = true
      if (tracker.units === 0) continue
      const price = this.price(tracker)
      // With no price at all (units only transferred in), the holding is valued at cost.
      tracker.currency.securities += price === null ? tracker.cost : tracker.units * price
    }
    let total = 0
    for (const sum of this.currencies.values()) {
      const local = sum.securities + sum.cash
      if (local !== 0) total += local * this.rate(sum, date)
    }
    return total
  }

  private rate(sum: CurrencySum, date: string): number {
    if (sum.currency === this.market.baseCurrency) return 1
    if (sum.cursor?.advanceTo(date)) {
      sum.rate = sum.cursor.currentNumber()
      sum.fromSeries = true
    } else if (!sum.fromSeries) {
      sum.rate = this.ledger.fxObserved.get(sum.currency)?.value.toNumber() ?? null
    }
    if (sum.rate === null) {
      fail(
        'missing_fx_rate',
        `No ${sum.currency}/${this.market.baseCurrency} rate on or before ${date}`,
        null,
        'fxRates',
      )
    }
    return sum.rate
  }

  /** What securities moved in or out were worth at the end of the day, base currency. */
  securitiesValue(flow: Extract<ExternalFlow, { kind: 'securities' }>, date: string): number {
    const tracker = this.tracker(flow.position)
    const price = this.price(tracker)
    const local = price === null ? flow.cost.toNumber() : flow.quantity.toNumber() * price
    return local * this.rate(tracker.currency, date)
  }
}
