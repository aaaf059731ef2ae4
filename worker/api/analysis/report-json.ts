import type { z } from 'zod'
import type {
  Instrument,
  PortfolioReport as ReportJson,
  incomeSchema,
} from '../../../shared/api/schemas'
import { decimal, type PortfolioReport, type TransactionInput } from '../../portfolio'
import { asJson } from './as-json'
import { dayChangeJson } from './day-change-json'
import type { PriceProvider } from '../../../shared/portfolio/price-providers'
import { isStalePrice, priceFeedOf } from './stale-price'

type Income = z.infer<typeof incomeSchema>

/** Looks up the instrument an engine record names by id (the engine's `instrumentCode`). */
export type InstrumentLookup = (id: string) => Instrument

/** Every DIVIDEND and INTEREST up to `asOf`, net of withholding and charges, oldest first. */
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
    income.push({
      transactionId: row.id,
      type: row.type,
      date: row.tradeDate,
      instrument: row.instrumentCode ? instrumentOf(row.instrumentCode) : null,
      currency,
      gross: gross.toString(),
      tax: tax.toString(),
      fee: fee.toString(),
      net: { instrument: net.toString(), base: net.times(rate).toString() },
    })
  }
  return income
}

/**
 * The engine's report as the API answers it: decimals as strings, each position with its
 * instrument, each holding marked stale when its price is old for how it is kept (by hand: more
 * than 5 trading days; by one of the `priceProviders` that run: before its market's last close),
 * the last trading day's change of the holdings that are not, and the income list.
 */
export function reportJson(
  report: PortfolioReport,
  transactions: readonly TransactionInput[],
  instrumentOf: InstrumentLookup,
  priceProviders: ReadonlySet<PriceProvider>,
): ReportJson {
  const { asOf, baseCurrency } = report
  const feedOf = (id: string) => priceFeedOf(instrumentOf(id), priceProviders)
  return {
    asOf,
    baseCurrency,
    costBasisMethod: report.costBasisMethod,
    holdings: report.holdings.map(({ instrumentCode, ...holding }) => {
      const instrument = instrumentOf(instrumentCode)
      const stale = isStalePrice(holding.priceDate, asOf, feedOf(instrumentCode))
      return { ...asJson(holding), instrument, stale }
    }),
    closedPositions: report.closedPositions.map(({ instrumentCode, ...position }) => ({
      ...asJson(position),
      instrument: instrumentOf(instrumentCode),
    })),
    sales: report.sales.map(({ instrumentCode, ...sale }) => ({
      ...asJson(sale),
      instrument: instrumentOf(instrumentCode),
    })),
    income: incomeList(transactions, asOf, baseCurrency, instrumentOf),
    totals: asJson(report.totals),
    dayChange: dayChangeJson(report.moves, asOf, feedOf),
    years: asJson(report.years),
  }
}
