import type {
  Income,
  Instrument,
  Lot,
  PortfolioReport as ReportJson,
  Sale,
} from '../../../shared/api/schemas'
import { decimal, type Decimal, type PortfolioReport, type TransactionInput } from '../../portfolio'
import { asJson } from './as-json'
import { dayChangeJson } from './day-change-json'
import type { PriceProvider } from '../../../shared/portfolio/price-providers'
import { isStalePrice, priceFeedOf } from './stale-price'

/** Looks up the instrument an engine record names by id (the engine's `instrumentCode`). */
export type InstrumentLookup = (id: string) => Instrument

/**
 * Every DIVIDEND and INTEREST up to `asOf`, oldest first: gross, withholding tax, charges and net,
 * each in the payment's currency and in the base currency at the payment's rate.
 */
export function incomeList(
  transactions: readonly TransactionInput[],
  asOf: string,
  baseCurrency: string,
  instrumentOf: InstrumentLookup,
): Income[] {
  const income: Income[] = []
  for (const row of transactions) {
    if (row.tradeDate > asOf) break
    if (row.type !== 'DIVIDEND' && row.type !== 'INTEREST') continue
    const currency = row.currency ?? baseCurrency
    const gross = decimal(row.amount ?? '0')
    const tax = decimal(row.tax ?? '0')
    const fee = decimal(row.fee ?? '0')
    const net = gross.minus(tax).minus(fee)
    const rate = currency === baseCurrency ? decimal('1') : decimal(row.fxRate ?? '1')
    const both = (amount: Decimal) => ({
      instrument: amount.toString(),
      base: amount.times(rate).toString(),
    })
    income.push({
      transactionId: row.id,
      type: row.type,
      date: row.tradeDate,
      instrument: row.instrumentCode ? instrumentOf(row.instrumentCode) : null,
      currency,
      gross: both(gross),
      tax: both(tax),
      fee: both(fee),
      net: both(net),
    })
  }
  return income
}

/**
 * What one engine run on a date answers: the report, its sales newest first (read a page at a
 * time), and each holding's open lots by instrument id (read one holding at a time).
 */
export interface ReportParts {
  report: ReportJson
  sales: Sale[]
  lots: Record<string, Lot[]>
}

/**
 * The engine's report as the API answers it: decimals as strings, each position with its
 * instrument, each holding marked stale when its price is old for how it is kept (by hand: more
 * than 5 trading days; by one of the `priceProviders` that run: before its market's last close),
 * the last trading day's change of the holdings that are not, the income list, and for cash
 * below zero the transaction's type and instrument. Sales and open lots come apart from it.
 */
export function reportParts(
  report: PortfolioReport,
  transactions: readonly TransactionInput[],
  instrumentOf: InstrumentLookup,
  priceProviders: ReadonlySet<PriceProvider>,
): ReportParts {
  const { asOf, baseCurrency } = report
  const feedOf = (id: string) => priceFeedOf(instrumentOf(id), priceProviders)
  const lots: Record<string, Lot[]> = {}
  const holdings = report.holdings.map(({ instrumentCode, openLots, ...holding }) => {
    lots[instrumentCode] = asJson(openLots)
    const instrument = instrumentOf(instrumentCode)
    const stale = isStalePrice(holding.priceDate, asOf, feedOf(instrumentCode))
    return { ...asJson(holding), instrument, stale }
  })
  const sales = report.sales
    .map(({ instrumentCode, fxRate: _fxRate, ...sale }) => ({
      ...asJson(sale),
      instrument: instrumentOf(instrumentCode),
    }))
    .reverse()
  return {
    report: {
      asOf,
      baseCurrency,
      costBasisMethod: report.costBasisMethod,
      holdings,
      closedPositions: report.closedPositions.map(({ instrumentCode, ...position }) => ({
        ...asJson(position),
        instrument: instrumentOf(instrumentCode),
      })),
      saleCount: sales.length,
      income: incomeList(transactions, asOf, baseCurrency, instrumentOf),
      totals: asJson(report.totals),
      dayChange: dayChangeJson(report.moves, asOf, feedOf),
      negativeCash: report.negativeCash.map((entry) => {
        const row = transactions.find((transaction) => transaction.id === entry.transactionId)
        // The engine names only transactions it was given.
        if (!row) throw new Error(`Transaction ${entry.transactionId} of the report is not loaded`)
        return {
          ...asJson(entry),
          instrument: row.instrumentCode ? instrumentOf(row.instrumentCode) : null,
        }
      }),
      years: asJson(report.years),
    },
    sales,
    lots,
  }
}
