import type postgres from 'postgres'
import { instrumentMarket } from '../../../shared/markets/instrument-market'
import type { MarketCalendar } from '../../../shared/markets/market-calendar'
import type { PortfolioInput, SeriesPoint, TransactionInput } from '../../portfolio'
import { formatIsoDate, lastDayOfYear, parseIsoDate } from '../../portfolio/iso-date'
import type { PortfolioSettings } from '../store/portfolio-store'
import { closesBetween, closesOn, lastCloses } from '../store/price-store'
import { fxRatesBetween, fxRatesOn } from '../store/fx-store'
import { instrumentsById } from '../store/instrument-store'
import { engineTransactions } from '../store/transaction-store'

type Sql = postgres.TransactionSql

/**
 * Which market data an analysis reads: none (checking a write: the engine values at trade
 * prices and the rates recorded on transactions), a report's (the closes and rates in force on
 * its {@link reportDates}, and each instrument's last two closes up to `asOf` with the rates of
 * their dates, for the last trading day's change), or every day of a range (the daily series,
 * with the calendar of each instrument's market).
 */
export type MarketNeed =
  { kind: 'none' } | { kind: 'report'; asOf: string } | { kind: 'range'; from: string; to: string }

/** What the engine reads, and the transactions for the answers built around its figures. */
export interface Analysis {
  input: PortfolioInput
  transactions: TransactionInput[]
}

/**
 * The currencies other than the base that the portfolio's transactions move, an exchange's
 * received currency among them (cash held in it is valued at its rate).
 */
function foreignCurrencies(transactions: readonly TransactionInput[], base: string): string[] {
  const currencies = new Set<string>()
  for (const { currency, toCurrency } of transactions) {
    for (const code of [currency, toCurrency]) if (code && code !== base) currencies.add(code)
  }
  return [...currencies].sort()
}

function instrumentIds(transactions: readonly TransactionInput[]): string[] {
  const ids = new Set<string>()
  for (const transaction of transactions) {
    if (transaction.instrumentCode) ids.add(transaction.instrumentCode)
  }
  return [...ids].sort()
}

/**
 * The dates a report on `asOf` values the portfolio: every year end from the first
 * transaction's year to the year before `asOf`, and `asOf` itself.
 */
export function reportDates(transactions: readonly TransactionInput[], asOf: string): string[] {
  const first = transactions[0]?.tradeDate
  const dates: string[] = []
  if (first !== undefined && first <= asOf) {
    const lastYear = Number(asOf.slice(0, 4))
    for (let year = Number(first.slice(0, 4)); year < lastYear; year++) {
      dates.push(formatIsoDate(lastDayOfYear(year)))
    }
  }
  dates.push(asOf)
  return dates
}

/** Series by key with the points of `more` added, one per date, ascending. */
export function mergeSeries(
  series: Record<string, SeriesPoint[]>,
  more: Record<string, SeriesPoint[]>,
): Record<string, SeriesPoint[]> {
  const merged: Record<string, SeriesPoint[]> = { ...series }
  for (const [key, points] of Object.entries(more)) {
    const byDate = new Map((merged[key] ?? []).map((point) => [point.date, point]))
    for (const point of points) if (!byDate.has(point.date)) byDate.set(point.date, point)
    merged[key] = [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1))
  }
  return merged
}

/** Every date a point of these series falls on, with `dates`, once each, ascending. */
export function seriesDates(
  series: Record<string, readonly SeriesPoint[]>,
  dates: readonly string[],
): string[] {
  const all = new Set(dates)
  for (const points of Object.values(series)) for (const point of points) all.add(point.date)
  return [...all].sort()
}

/** The day before a date, as the value series starts from the end of it. */
export function dayBefore(date: string): string {
  return formatIsoDate((parseIsoDate(date) ?? 0) - 1)
}

/**
 * Loads one portfolio's transactions and the market data `needs` asks for (given, or chosen
 * from the transactions), as the engine reads
 * them: instruments keyed by id (the engine's `instrumentCode`), FX pairs as `'USD/TRY'` (TRY per
 * 1 USD) from `fx_rate_on` / `fx_rates_between`, closes with the caller's manual ones winning.
 */
export async function loadAnalysis(
  sql: Sql,
  portfolio: PortfolioSettings,
  needs: MarketNeed | ((transactions: readonly TransactionInput[]) => MarketNeed),
): Promise<Analysis> {
  const transactions = await engineTransactions(sql, portfolio.id)
  const need = typeof needs === 'function' ? needs(transactions) : needs
  const base = portfolio.baseCurrency
  const prices: Record<string, SeriesPoint[]> = {}
  const fxRates: Record<string, SeriesPoint[]> = {}
  const markets: Record<string, MarketCalendar> = {}
  if (need.kind !== 'none' && transactions.length > 0) {
    const ids = instrumentIds(transactions)
    const currencies = foreignCurrencies(transactions, base)
    let rates: SeriesPoint[][]
    if (need.kind === 'report') {
      const dates = reportDates(transactions, need.asOf)
      const [inForce, last] = await Promise.all([
        closesOn(sql, ids, dates),
        lastCloses(sql, ids, need.asOf),
      ])
      Object.assign(prices, mergeSeries(inForce, last))
      // The rates of the closes' own dates too: each move converts at its dates' rates.
      const rateDates = seriesDates(last, dates)
      rates = await Promise.all(
        currencies.map((currency) => fxRatesOn(sql, currency, base, rateDates)),
      )
    } else {
      const start = dayBefore(need.from)
      const [closes, instruments, ...ranges] = await Promise.all([
        closesBetween(sql, ids, start, need.to),
        instrumentsById(sql, ids),
        ...currencies.map((currency) => fxRatesBetween(sql, currency, base, start, need.to)),
      ])
      Object.assign(prices, closes)
      for (const [id, instrument] of instruments) markets[id] = instrumentMarket(instrument)
      rates = ranges
    }
    currencies.forEach((currency, index) => {
      fxRates[`${currency}/${base}`] = rates[index] ?? []
    })
  }
  return {
    input: {
      portfolio: {
        baseCurrency: base,
        costBasisMethod: portfolio.costBasisMethod,
        recordsCash: portfolio.recordsCash,
      },
      transactions,
      prices,
      fxRates,
      markets,
    },
    transactions,
  }
}
