import type postgres from 'postgres'
import type {
  Instrument,
  Performance,
  Portfolio,
  PortfolioList,
  PortfolioReport as ReportJson,
  PortfolioSummary,
} from '../../../client/api/schemas'
import type { FieldIssue } from '../../../client/api/field-issues'
import type { Locale } from '../../../client/i18n/locales'
import {
  analyzePortfolio,
  computeValueSeries,
  moneyWeightedReturn,
  timeWeightedReturn,
  type PortfolioError,
  type PortfolioReport,
  type Result,
  type TransactionInput,
} from '../../portfolio'
import { problemBody } from '../api-error-response'
import { ApiProblem } from '../api-problem'
import type { PortfolioSettings } from '../store/portfolio-store'
import { instrumentsById } from '../store/instrument-store'
import { dayBefore, loadAnalysis, reportDates, type Analysis } from './analysis-input'
import { reportJson, type InstrumentLookup } from './report-json'
import { isStalePrice } from './stale-price'

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

/** The portfolio's report on `asOf`: holdings, closed positions, sales, income, totals, years. */
export async function portfolioReport(
  sql: Sql,
  portfolio: PortfolioSettings,
  asOf: string,
): Promise<ReportJson> {
  const analysis = await loadAnalysis(sql, portfolio, (transactions) => ({
    kind: 'dates',
    dates: reportDates(transactions, asOf),
  }))
  const report = valueOf(analyzePortfolio(analysis.input, { asOf }))
  return reportJson(report, analysis.transactions, await instrumentLookup(sql, analysis))
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

function summaryOf(today: PortfolioReport, yesterday: PortfolioReport): PortfolioSummary {
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
    stale: today.holdings.some((holding) => isStalePrice(holding.priceDate, today.asOf)),
  }
}

type ListEntry = PortfolioList['portfolios'][number]

/** A portfolio's card: its figures today and the change since yesterday, or why there are none. */
export async function portfolioCard(
  sql: Sql,
  portfolio: Portfolio,
  today: string,
  locale: Locale,
): Promise<ListEntry> {
  const yesterday = dayBefore(today)
  const analysis = await loadAnalysis(sql, portfolio, {
    kind: 'dates',
    dates: [yesterday, today],
  })
  const now = analyzePortfolio(analysis.input, { asOf: today })
  const before = analyzePortfolio(analysis.input, { asOf: yesterday })
  if (now.ok && before.ok) {
    return { ...portfolio, summary: summaryOf(now.value, before.value), problem: null }
  }
  const error = now.ok ? (before.ok ? null : before.error) : now.error
  const { error: body } = await problemBody(engineProblem(error as PortfolioError), locale)
  return { ...portfolio, summary: null, problem: { code: body.code, message: body.message } }
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
