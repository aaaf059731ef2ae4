import type { Result } from './errors'
import { toResult } from './errors'
import { buildHoldings, closedPositions } from './holdings'
import type { ClosedPosition, Holding } from './holdings'
import { formatIsoDate, lastDayOfYear, yearOf } from './iso-date'
import { Ledger } from './ledger'
import { dayOption, prepareInput } from './portfolio-input'
import type { PortfolioInput } from './portfolio-input'
import { MoveTracker } from './price-moves'
import type { PriceMove } from './price-moves'
import type { NegativeCash } from './negative-cash'
import type { RealizedSale, TransferOut } from './realized-gains'
import { portfolioTotals, totalsSnapshot, yearTotals } from './totals'
import type { PortfolioTotals, TotalsSnapshot, YearTotals } from './totals'
import { readTransaction } from './transactions'
import type { CostBasisMethod, Transaction } from './transactions'
import { valuePortfolio } from './valuation'
import type { PortfolioValuation } from './valuation'
import type { Journal } from './journal'
import type { CapitalDay } from './invested-capital'
import type { MarketData } from './price-series'

/** Everything the portfolio screens show for one date. */
export interface PortfolioReport {
  asOf: string
  baseCurrency: string
  costBasisMethod: CostBasisMethod
  /** Open positions, by instrument code. */
  holdings: Holding[]
  /** Positions holding no units any more (or only ever income), by instrument code. */
  closedPositions: ClosedPosition[]
  /** Every sale, and every cash in lieu of fractional units, in the order they happened. */
  sales: RealizedSale[]
  /** TRANSFER_OUTs, with the cost basis to carry into the receiving portfolio. */
  transfers: TransferOut[]
  totals: PortfolioTotals
  /** Each currency whose cash ended a day below zero (a portfolio that records cash). */
  negativeCash: NegativeCash[]
  /** From the year of the first transaction to the year of `asOf`. */
  years: YearTotals[]
  /** Each instrument's last price move up to `asOf`, on the units held before it, by code. */
  moves: PriceMove[]
}

/** A report's pass, with the state it ended in: what explanations read. */
export interface ReportPass {
  report: PortfolioReport
  ledger: Ledger
  valuation: PortfolioValuation
  market: MarketData
  /** The transactions applied, by id: only kept when a journal is. */
  applied: Map<string, Transaction>
}

/**
 * The pass {@link analyzePortfolio} makes, keeping its state; with a `journal`, the ledger
 * records every amount it adds to a sum, and the transactions applied are kept.
 */
export function reportPass(
  input: PortfolioInput,
  asOf: string,
  journal: Journal | null = null,
): ReportPass {
  const asOfDay = dayOption(asOf, 'asOf')
  const { settings, transactions, market } = prepareInput(input)
  const ledger = new Ledger(settings, journal)
  const applied = new Map<string, Transaction>()
  const snapshots: TotalsSnapshot[] = []
  const firstDay = transactions[0]?.keys.day ?? Infinity
  const instrumentCodes = new Set<string>()
  for (const { keys, input: row } of transactions) {
    if (keys.day > asOfDay) break
    if (row.instrumentCode) instrumentCodes.add(row.instrumentCode)
  }
  const moves = new MoveTracker(instrumentCodes, market, asOf)
  // Year ends are valued as the pass reaches them, so per-year figures cost one pass.
  let yearEnd = firstDay === Infinity ? Infinity : lastDayOfYear(yearOf(firstDay))
  const closeYearsBefore = (day: number) => {
    while (yearEnd < day) {
      const date = formatIsoDate(yearEnd)
      snapshots.push(totalsSnapshot(ledger, valuePortfolio(ledger, market, date), date))
      yearEnd = lastDayOfYear(yearOf(yearEnd) + 1)
    }
  }
  for (const { keys, input: row } of transactions) {
    if (keys.day > asOfDay) break
    closeYearsBefore(keys.day)
    moves.reach(keys.day, ledger)
    const transaction = readTransaction(row, keys, settings)
    ledger.apply(transaction)
    if (journal !== null) applied.set(transaction.id, transaction)
    moves.applied(transaction)
  }
  ledger.closeDay()
  closeYearsBefore(asOfDay)
  const valuation = valuePortfolio(ledger, market, asOf)
  if (firstDay <= asOfDay) snapshots.push(totalsSnapshot(ledger, valuation, asOf))
  const holdings = buildHoldings(valuation, settings.baseCurrency, asOfDay)
  const report: PortfolioReport = {
    asOf,
    baseCurrency: settings.baseCurrency,
    costBasisMethod: settings.costBasisMethod,
    holdings,
    closedPositions: closedPositions(ledger),
    sales: ledger.sales,
    transfers: ledger.transfers,
    totals: portfolioTotals(ledger, valuation, holdings),
    negativeCash: ledger.negativeCash.list,
    years: yearTotals(snapshots),
    moves: moves.moves(ledger, market),
  }
  return { report, ledger, valuation, market, applied }
}

/**
 * Holdings, realized sales, transfers, totals and per-year figures on `asOf`, from the
 * transactions up to that date and the prices and FX rates known then. Transactions after
 * `asOf` are not part of the report: only the keys that order them are checked.
 *
 * @example
 * const report = analyzePortfolio(input, { asOf: '2024-12-31' })
 * if (report.ok) report.value.totals.value.toString() // '10250.5'
 */
export function analyzePortfolio(
  input: PortfolioInput,
  options: { asOf: string },
): Result<PortfolioReport> {
  return toResult(() => reportPass(input, options.asOf).report)
}

/**
 * {@link analyzePortfolio}, with the invested capital at the end of each day it changed on, up to
 * `asOf`: what totals measured real or in another currency read (docs/real-returns.md, rule 11).
 */
export function analyzePortfolioWithCapital(
  input: PortfolioInput,
  options: { asOf: string },
): Result<{ report: PortfolioReport; capitalDays: CapitalDay[] }> {
  return toResult(() => {
    const { report, ledger } = reportPass(input, options.asOf)
    return { report, capitalDays: ledger.capital.days }
  })
}
