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
import type { RealizedSale, TransferOut } from './realized-gains'
import { portfolioTotals, totalsSnapshot, yearTotals } from './totals'
import type { PortfolioTotals, TotalsSnapshot, YearTotals } from './totals'
import { readTransaction } from './transactions'
import type { CostBasisMethod } from './transactions'
import { valuePortfolio } from './valuation'

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
  /** From the year of the first transaction to the year of `asOf`. */
  years: YearTotals[]
  /** Each instrument's last price move up to `asOf`, on the units held before it, by code. */
  moves: PriceMove[]
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
  return toResult(() => {
    const asOfDay = dayOption(options.asOf, 'asOf')
    const { settings, transactions, market } = prepareInput(input)
    const ledger = new Ledger(settings)
    const snapshots: TotalsSnapshot[] = []
    const firstDay = transactions[0]?.keys.day ?? Infinity
    const instrumentCodes = new Set<string>()
    for (const { keys, input: row } of transactions) {
      if (keys.day > asOfDay) break
      if (row.instrumentCode) instrumentCodes.add(row.instrumentCode)
    }
    const moves = new MoveTracker(instrumentCodes, market, options.asOf)
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
      moves.applied(transaction)
    }
    closeYearsBefore(asOfDay)
    const valuation = valuePortfolio(ledger, market, options.asOf)
    if (firstDay <= asOfDay) snapshots.push(totalsSnapshot(ledger, valuation, options.asOf))
    const holdings = buildHoldings(valuation, settings.baseCurrency, asOfDay)
    return {
      asOf: options.asOf,
      baseCurrency: settings.baseCurrency,
      costBasisMethod: settings.costBasisMethod,
      holdings,
      closedPositions: closedPositions(ledger),
      sales: ledger.sales,
      transfers: ledger.transfers,
      totals: portfolioTotals(ledger, valuation, holdings),
      years: yearTotals(snapshots),
      moves: moves.moves(ledger, market),
    }
  })
}
