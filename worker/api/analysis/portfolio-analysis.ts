import type postgres from 'postgres'
import type {
  Instrument,
  Performance,
  Portfolio,
  PortfolioList,
  PortfolioReport as ReportJson,
  PortfolioSummary,
} from '../../../shared/api/schemas'
import type { FieldIssue } from '../field-issues'
import type { FormatLocale } from '../../../shared/i18n/format-locale'
import type { PriceProvider } from '../../../shared/portfolio/price-providers'
import {
  analyzePortfolio,
  computeValueSeries,
  moneyWeightedReturn,
  timeWeightedReturn,
  type PortfolioError,
  type PortfolioInput,
  type PortfolioReport,
  type Result,
  type TransactionInput,
} from '../../portfolio'
import { problemBody } from '../api-error-response'
import { ApiProblem } from '../api-problem'
import type { PortfolioSettings } from '../store/portfolio-store'
import { fxRatesOfUsedPairsOn } from '../store/fx-store'
import { instrumentsById, providersOfUsedInstruments } from '../store/instrument-store'
import { closesOfUsedInstrumentsOn } from '../store/price-store'
import { engineTransactionsByPortfolio } from '../store/transaction-store'
import { dayBefore, loadAnalysis, reportDates, type Analysis } from './analysis-input'
import { reportJson, type InstrumentLookup } from './report-json'
import { isStalePrice, priceFeedOf, type PriceFeed } from './stale-price'

type Sql = postgres.TransactionSql

/** The engine's refusal as an API problem (422, its code localized under `api.engine`). */
function engineProblem(error: PortfolioError, fieldOf?: (error: PortfolioError) => string | null) {
  const path = fieldOf?.(error) ?? null
  const fields: FieldIssue[] = path === null ? [] : [{ path, code: 'invalid' }]
  return new ApiProblem({ engine: error.code }, {}, fields)
}

function valueOf<T>(result: Result<T>): T {
  if (!result.ok) throw engineProblem(result.error)
  return result.value
}

async function instrumentLookup(sql: Sql, analysis: Analysis): Promise<InstrumentLookup> {
  const ids = new Set<string>()
  for (const row of analysis.transactions) if (row.instrumentCode) ids.add(row.instrumentCode)
  const instruments = await instrumentsById(sql, [...ids])
  return (id: string): Instrument => {
    const instrument = instruments.get(id)
    // A transaction can only name an instrument its owner can see (a database trigger checks).
    if (!instrument) throw new Error(`Instrument ${id} of a transaction is not visible`)
    return instrument
  }
}

/**
 * The portfolio's report on `asOf`: holdings, closed positions, sales, income, totals, years.
 * `priceProviders` are the quote providers that run here (whose prices are fed, for staleness).
 */
export async function portfolioReport(
  sql: Sql,
  portfolio: PortfolioSettings,
  asOf: string,
  priceProviders: ReadonlySet<PriceProvider>,
): Promise<ReportJson> {
  const analysis = await loadAnalysis(sql, portfolio, (transactions) => ({
    kind: 'dates',
    dates: reportDates(transactions, asOf),
  }))
  const report = valueOf(analyzePortfolio(analysis.input, { asOf }))
  const instrumentOf = await instrumentLookup(sql, analysis)
  return reportJson(report, analysis.transactions, instrumentOf, priceProviders)
}

/** The daily value series of a range with its time- and money-weighted returns. */
export async function portfolioPerformance(
  sql: Sql,
  portfolio: PortfolioSettings,
  range: { from?: string | undefined; to: string },
): Promise<Performance> {
  // Without a start, the range starts at the first transaction (today without any).
  const fromOf = (transactions: readonly TransactionInput[]) => {
    const first = transactions[0]?.tradeDate ?? range.to
    return range.from ?? (first < range.to ? first : range.to)
  }
  const analysis = await loadAnalysis(sql, portfolio, (transactions) => ({
    kind: 'range',
    from: fromOf(transactions),
    to: range.to,
  }))
  const from = fromOf(analysis.transactions)
  const series = valueOf(computeValueSeries(analysis.input, { from, to: range.to }))
  const twr = timeWeightedReturn(series)
  const mwr = moneyWeightedReturn(series)
  return {
    baseCurrency: series.baseCurrency,
    from: series.from,
    to: series.to,
    points: series.points.map(({ date, value, investedCapital }) => ({
      date,
      value,
      investedCapital,
    })),
    twr: twr.ok ? { cumulative: twr.value.cumulative, annualized: twr.value.annualized } : null,
    mwr: mwr.ok
      ? mwr.value.rate === null
        ? { rate: null, reason: mwr.value.reason }
        : { rate: mwr.value.rate, reason: null }
      : null,
  }
}

function fraction(part: { toNumber(): number }, whole: { toNumber(): number; sign(): number }) {
  return whole.sign() > 0 ? part.toNumber() / whole.toNumber() : null
}

/** How each instrument's price is kept (absent: by hand). */
type FeedOf = (instrumentId: string) => PriceFeed

function summaryOf(
  today: PortfolioReport,
  yesterday: PortfolioReport,
  feedOf: FeedOf,
): PortfolioSummary {
  const { totals } = today
  // The day's change without its flows: the change of total gain (value − invested capital).
  const dayChange = totals.totalGain.minus(yesterday.totals.totalGain)
  const priced = today.holdings.flatMap((holding) => (holding.priceDate ? [holding.priceDate] : []))
  return {
    asOf: today.asOf,
    value: totals.value.toString(),
    investedCapital: totals.investedCapital.toString(),
    totalGain: totals.totalGain.toString(),
    totalReturn: fraction(totals.totalGain, totals.investedCapital),
    dayChange: dayChange.toString(),
    dayChangeReturn: fraction(dayChange, yesterday.totals.value),
    oldestPriceDate: priced.length > 0 ? priced.reduce((a, b) => (a < b ? a : b)) : null,
    stale: today.holdings.some((holding) =>
      isStalePrice(holding.priceDate, today.asOf, feedOf(holding.instrumentCode)),
    ),
  }
}

type ListEntry = PortfolioList['portfolios'][number]

/** A portfolio's card: its figures today and the change since yesterday, or why there are none. */
async function portfolioCard(
  portfolio: Portfolio,
  input: PortfolioInput,
  dates: { yesterday: string; today: string },
  locale: FormatLocale,
  feedOf: FeedOf,
): Promise<ListEntry> {
  const now = analyzePortfolio(input, { asOf: dates.today })
  const before = analyzePortfolio(input, { asOf: dates.yesterday })
  if (now.ok && before.ok) {
    return { ...portfolio, summary: summaryOf(now.value, before.value, feedOf), problem: null }
  }
  const error = now.ok ? (before.ok ? null : before.error) : now.error
  const { error: body } = await problemBody(engineProblem(error as PortfolioError), locale)
  return { ...portfolio, summary: null, problem: { code: body.code, message: body.message } }
}

/**
 * The cards of the caller's portfolios, in their order, in a few round trips however many there
 * are: the closes and rates of yesterday and today for all of them at once, then the transactions
 * of all of them in one query read a portfolio at a time, so only one portfolio's rows are held
 * while the engine runs on them.
 */
export async function portfolioCards(
  sql: Sql,
  portfolios: readonly Portfolio[],
  today: string,
  locale: FormatLocale,
  priceProviders: ReadonlySet<PriceProvider>,
): Promise<ListEntry[]> {
  const dates = { yesterday: dayBefore(today), today }
  const [prices, fxRates, providers] = await Promise.all([
    closesOfUsedInstrumentsOn(sql, [dates.yesterday, today]),
    fxRatesOfUsedPairsOn(sql, [dates.yesterday, today]),
    providersOfUsedInstruments(sql),
  ])
  const feedOf: FeedOf = (instrumentId) =>
    priceFeedOf({ priceProvider: providers.get(instrumentId) ?? null }, priceProviders)
  const inputOf = (portfolio: Portfolio, transactions: TransactionInput[]): PortfolioInput => ({
    portfolio: {
      baseCurrency: portfolio.baseCurrency,
      costBasisMethod: portfolio.costBasisMethod,
      recordsCash: portfolio.recordsCash,
    },
    transactions,
    prices,
    fxRates: Object.fromEntries(
      Object.entries(fxRates).filter(([pair]) => pair.endsWith(`/${portfolio.baseCurrency}`)),
    ),
  })
  const byId = new Map(portfolios.map((portfolio) => [portfolio.id, portfolio]))
  const cards = new Map<string, ListEntry>()
  for await (const { portfolioId, transactions } of engineTransactionsByPortfolio(sql)) {
    const portfolio = byId.get(portfolioId)
    if (!portfolio) continue
    cards.set(
      portfolioId,
      await portfolioCard(portfolio, inputOf(portfolio, transactions), dates, locale, feedOf),
    )
  }
  const result: ListEntry[] = []
  for (const portfolio of portfolios) {
    result.push(
      cards.get(portfolio.id) ??
        (await portfolioCard(portfolio, inputOf(portfolio, []), dates, locale, feedOf)),
    )
  }
  return result
}

/**
 * Runs the engine over every transaction of a portfolio after a write, inside the same database
 * transaction: a refusal (selling more than held, say) throws a 422 and the write rolls back.
 * `fieldOf` names the request field at fault when the refusal is about the written transaction.
 */
export async function checkPortfolio(
  sql: Sql,
  portfolio: PortfolioSettings,
  fieldOf: (error: PortfolioError) => string | null,
): Promise<void> {
  const { input, transactions } = await loadAnalysis(sql, portfolio, { kind: 'none' })
  const last = transactions[transactions.length - 1]
  if (!last) return
  const result = analyzePortfolio(input, { asOf: last.tradeDate })
  if (!result.ok) throw engineProblem(result.error, fieldOf)
}
