import type { Result } from './errors'
import { toResult } from './errors'
import { buildHoldings } from './holdings'
import type { Holding } from './holdings'
import { formatIsoDate, lastDayOfYear, yearOf } from './iso-date'
import { Ledger } from './ledger'
import { dayOption, prepareInput } from './portfolio-input'
import type { PortfolioInput } from './portfolio-input'
import type { TransferOut } from './realized-gains'
import type { RealizedSales } from './sale-log'
import { portfolioTotals, totalsSnapshot, yearTotals } from './totals'
import type { PortfolioTotals, TotalsSnapshot, YearTotals } from './totals'
import type { CostBasisMethod } from './transactions'
import { portfolioValue, valuePortfolio } from './valuation'

/** The portfolio on one date: holdings, transfers and totals, without the record of each sale. */
export interface PortfolioSummary {
  asOf: string
  baseCurrency: string
  costBasisMethod: CostBasisMethod
  /** Every instrument ever held, open or closed, by instrument code. */
  holdings: Holding[]
  /** TRANSFER_OUTs, with the cost basis to carry into the receiving portfolio. */
  transfers: TransferOut[]
  totals: PortfolioTotals
  /** From the year of the first transaction to the year of `asOf`. */
  years: YearTotals[]
}

/** Everything the portfolio screens show for one date. */
export interface PortfolioReport extends PortfolioSummary {
  /** In the order they happened; each record is built when read (see {@link RealizedSales}). */
  sales: RealizedSales
}

/**
 * Holdings, realized sales, transfers, totals and per-year figures on `asOf`, from the
 * transactions up to that date and the prices and FX rates known then. With `sales: false`, the
 * record of each sale is left out (a holdings screen does not show it): holdings and totals
 * still count every sale's gain, and a long history is analyzed in less time.
 *
 * @example
 * const report = analyzePortfolio(input, { asOf: '2024-12-31' })
 * if (report.ok) report.value.totals.value.toString() // '10250.5'
 */
export function analyzePortfolio(
  input: PortfolioInput,
  options: { asOf: string; sales?: true },
): Result<PortfolioReport>
export function analyzePortfolio(
  input: PortfolioInput,
  options: { asOf: string; sales: false },
): Result<PortfolioSummary>
export function analyzePortfolio(
  input: PortfolioInput,
  options: { asOf: string; sales: boolean },
): Result<PortfolioSummary | PortfolioReport>
export function analyzePortfolio(
  input: PortfolioInput,
  options: { asOf: string; sales?: boolean },
): Result<PortfolioSummary | PortfolioReport> {
  return toResult(() => {
    const asOfDay = dayOption(options.asOf, 'asOf')
    const { settings, transactions, market } = prepareInput(input)
    const ledger = new Ledger(settings, options.sales !== false)
    const snapshots: TotalsSnapshot[] = []
    const firstDay = transactions.dayAt(0)
    // Year ends are valued as the pass reaches them, so per-year figures cost one pass.
    let yearEnd = firstDay === Infinity ? Infinity : lastDayOfYear(yearOf(firstDay))
    const closeYearsBefore = (day: number) => {
      while (yearEnd < day) {
        const date = formatIsoDate(yearEnd)
        snapshots.push(totalsSnapshot(ledger, portfolioValue(ledger, market, date), date))
        yearEnd = lastDayOfYear(yearOf(yearEnd) + 1)
      }
    }
    for (let index = 0; index < transactions.length; index++) {
      const transaction = transactions.read(index)
      // Later transactions are still read, so bad input is reported whatever the date.
      if (transaction.day > asOfDay) continue
      closeYearsBefore(transaction.day)
      ledger.apply(transaction)
    }
    closeYearsBefore(asOfDay)
    const valuation = valuePortfolio(ledger, market, options.asOf)
    if (firstDay <= asOfDay) snapshots.push(totalsSnapshot(ledger, valuation, options.asOf))
    const holdings = buildHoldings(valuation)
    const heading = {
      asOf: options.asOf,
      baseCurrency: settings.baseCurrency,
      costBasisMethod: settings.costBasisMethod,
      holdings,
    }
    const rest = {
      transfers: ledger.transfers,
      totals: portfolioTotals(ledger, valuation),
      years: yearTotals(snapshots),
    }
    // Sales after holdings, as the report has always listed them.
    return ledger.sales === null
      ? { ...heading, ...rest }
      : { ...heading, sales: ledger.sales, ...rest }
  })
}
