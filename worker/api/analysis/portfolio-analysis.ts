import type postgres from 'postgres'
import type {
  Explanation,
  Instrument,
  Lot,
  OpenLots,
  Performance,
  Portfolio,
  PortfolioList,
  PortfolioReport as ReportJson,
  PortfolioSummary,
  Sale,
  SalePage,
} from '../../../shared/api/schemas'
import type { FieldIssue } from '../field-issues'
import type { FormatLocale } from '../../../shared/i18n/format-locale'
import type { PriceProvider } from '../../../shared/portfolio/price-providers'
import type { FigureRef, GermanTaxFigureRef } from '../../../shared/portfolio/figure-ids'
import {
  analyzePortfolio,
  computeValueSeries,
  explainReportFigure,
  explainReturn,
  moneyWeightedReturn,
  timeWeightedReturn,
  valueChange,
  type PortfolioError,
  type PortfolioInput,
  type PortfolioReport,
  type Result,
  type TransactionInput,
} from '../../portfolio'
import { problemBody } from '../api-error-response'
import { ApiProblem } from '../api-problem'
import { portfolioSettings, type PortfolioSettings } from '../store/portfolio-store'
import {
  analysisStamps,
  storeAnalyses,
  storedAnalysesOf,
  storedAnalysis,
  storedMember,
  storedPage,
  type AnalysisKind,
} from '../store/analysis-store'
import { fxRatesOfUsedPairsOn } from '../store/fx-store'
import { instrumentsById, usedInstruments } from '../store/instrument-store'
import { lastClosesOfUsedInstruments } from '../store/price-store'
import { engineTransactionsByPortfolio } from '../store/transaction-store'
import { loadAnalysis, seriesDates, type Analysis } from './analysis-input'
import { countsInDayChange, dayChangeJson } from './day-change-json'
import { explanationJson } from './explanation-json'
import { reportParts, type InstrumentLookup, type ReportParts } from './report-json'
import { isStalePrice, priceFeedOf, type PriceFeed } from './stale-price'

type Sql = postgres.TransactionSql

/** The engine's refusal as an API problem (422, its code localized under `api.engine`). */
function engineProblem(error: PortfolioError, fieldOf?: (error: PortfolioError) => string | null) {
  const path = fieldOf?.(error) ?? null
  const fields: FieldIssue[] = path === null ? [] : [{ path, code: 'invalid' }]
  return new ApiProblem({ engine: error.code }, {}, fields)
}

export function valueOf<T>(result: Result<T>): T {
  if (!result.ok) throw engineProblem(result.error)
  return result.value
}

/** Looks instruments up in `instruments`, those of the transactions analyzed. */
function lookupIn(instruments: ReadonlyMap<string, Instrument>): InstrumentLookup {
  return (id: string): Instrument => {
    const instrument = instruments.get(id)
    // A transaction can only name an instrument its owner can see (a database trigger checks).
    if (!instrument) throw new Error(`Instrument ${id} of a transaction is not visible`)
    return instrument
  }
}

async function instrumentLookup(sql: Sql, analysis: Analysis): Promise<InstrumentLookup> {
  const ids = new Set<string>()
  for (const row of analysis.transactions) if (row.instrumentCode) ids.add(row.instrumentCode)
  return lookupIn(await instrumentsById(sql, [...ids]))
}

/** The question a report answers: its date, and the price sources that run (for staleness). */
function reportParams(asOf: string, priceProviders: ReadonlySet<PriceProvider>): string {
  return `${asOf} ${[...priceProviders].sort().join(',')}`
}

/** One of the caller's portfolios (404 when it is not) with its stamp, read first. */
async function stampedPortfolio(
  sql: Sql,
  portfolioId: string,
): Promise<{ stamp: string; portfolio: PortfolioSettings }> {
  const stamp = (await analysisStamps(sql)).get(portfolioId)
  const portfolio = await portfolioSettings(sql, portfolioId)
  if (stamp === undefined) throw new Error(`Portfolio ${portfolioId} has no analysis stamp`)
  return { stamp, portfolio }
}

/**
 * Where a portfolio's report on `asOf` is stored (its parts: report, sales, open lots), and how
 * it is computed and stored when it is not.
 */
async function reportSource(
  sql: Sql,
  portfolioId: string,
  asOf: string,
  priceProviders: ReadonlySet<PriceProvider>,
) {
  const { stamp, portfolio } = await stampedPortfolio(sql, portfolioId)
  const params = reportParams(asOf, priceProviders)
  const key = (kind: AnalysisKind) => ({ portfolioId, kind, params })
  const compute = async (): Promise<ReportParts> => {
    const analysis = await loadAnalysis(sql, portfolio, { kind: 'report', asOf })
    const report = valueOf(analyzePortfolio(analysis.input, { asOf }))
    const instrumentOf = await instrumentLookup(sql, analysis)
    const parts = reportParts(report, analysis.transactions, instrumentOf, priceProviders)
    await storeAnalyses(sql, stamp, [
      { key: key('report'), body: parts.report },
      { key: key('sales'), body: parts.sales },
      { key: key('lots'), body: parts.lots },
    ])
    return parts
  }
  return { stamp, key, compute }
}

/**
 * The portfolio's report on `asOf`: holdings, closed positions, income, totals, years.
 * `priceProviders` are the quote providers that run here (whose prices are fed, for staleness).
 */
export async function portfolioReport(
  sql: Sql,
  portfolioId: string,
  asOf: string,
  priceProviders: ReadonlySet<PriceProvider>,
): Promise<ReportJson> {
  const source = await reportSource(sql, portfolioId, asOf, priceProviders)
  const stored = await storedAnalysis<ReportJson>(sql, source.key('report'), source.stamp)
  return stored ?? (await source.compute()).report
}

/** A page of the report's sales on `asOf`, newest first; only `instrumentId`'s when given. */
export async function portfolioSales(
  sql: Sql,
  portfolioId: string,
  asOf: string,
  priceProviders: ReadonlySet<PriceProvider>,
  page: { offset: number; limit: number; instrumentId: string | undefined },
): Promise<SalePage> {
  const source = await reportSource(sql, portfolioId, asOf, priceProviders)
  const stored = await storedPage<Sale>(sql, source.key('sales'), source.stamp, page)
  const { items, total } = stored ?? pageOf((await source.compute()).sales, page)
  const next = page.offset + items.length
  return { sales: items, nextCursor: next < total ? String(next) : null }
}

function pageOf(
  sales: readonly Sale[],
  page: { offset: number; limit: number; instrumentId: string | undefined },
): { items: Sale[]; total: number } {
  const kept = page.instrumentId
    ? sales.filter((sale) => sale.instrument.id === page.instrumentId)
    : sales
  return { items: kept.slice(page.offset, page.offset + page.limit), total: kept.length }
}

/** The open lots of one holding on `asOf` (none when it is not held). */
export async function portfolioOpenLots(
  sql: Sql,
  portfolioId: string,
  asOf: string,
  priceProviders: ReadonlySet<PriceProvider>,
  instrumentId: string,
): Promise<OpenLots> {
  const source = await reportSource(sql, portfolioId, asOf, priceProviders)
  const stored = await storedMember<Lot[]>(sql, source.key('lots'), source.stamp, instrumentId)
  const lots = stored ? stored.value : (await source.compute()).lots[instrumentId]
  return { lots: lots ?? [] }
}

type Range = { from?: string | undefined; to: string }

/** The value series of a range; without a start, from the first transaction (or `to`). */
export async function rangeSeries(sql: Sql, portfolio: PortfolioSettings, range: Range) {
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
  return valueOf(computeValueSeries(analysis.input, { from, to: range.to }))
}

/** The daily value series of a range with its time- and money-weighted returns. */
export async function portfolioPerformance(
  sql: Sql,
  portfolioId: string,
  range: Range,
): Promise<Performance> {
  const { stamp, portfolio } = await stampedPortfolio(sql, portfolioId)
  const key = {
    portfolioId,
    kind: 'performance' as const,
    params: `${range.from ?? ''}..${range.to}`,
  }
  const stored = await storedAnalysis<Performance>(sql, key, stamp)
  if (stored) return stored
  const series = await rangeSeries(sql, portfolio, range)
  const twr = timeWeightedReturn(series)
  const mwr = moneyWeightedReturn(series)
  const performance: Performance = {
    baseCurrency: series.baseCurrency,
    from: series.from,
    to: series.to,
    points: series.points.map(({ date, value, investedCapital }) => ({
      date,
      value,
      investedCapital,
    })),
    valueChange: valueOf(valueChange(series)),
    twr: twr.ok ? { cumulative: twr.value.cumulative, annualized: twr.value.annualized } : null,
    mwr: mwr.ok
      ? mwr.value.rate === null
        ? { rate: null, reason: mwr.value.reason }
        : { rate: mwr.value.rate, reason: null }
      : null,
  }
  await storeAnalyses(sql, stamp, [{ key, body: performance }])
  return performance
}

/**
 * How one figure was computed: a report's figure on `asOf`, or a return over `range`, from the
 * same engine pass that computes it, with its journal kept (never stored: asked for rarely).
 * 404 when the figure is not in the report on that date.
 */
export async function portfolioExplanation(
  sql: Sql,
  portfolioId: string,
  figure: Exclude<FigureRef, GermanTaxFigureRef>,
  dates: { asOf: string; range: Range },
  priceProviders: ReadonlySet<PriceProvider>,
): Promise<Explanation> {
  const portfolio = await portfolioSettings(sql, portfolioId)
  const base = portfolio.baseCurrency
  if (figure.scope === 'performance') {
    const series = await rangeSeries(sql, portfolio, dates.range)
    const derivation = valueOf(explainReturn(series, figure.name))
    return explanationJson(derivation, base, lookupIn(new Map()))
  }
  const { asOf } = dates
  const analysis = await loadAnalysis(sql, portfolio, { kind: 'report', asOf })
  const instrumentOf = await instrumentLookup(sql, analysis)
  const feedOf = (id: string) => priceFeedOf(instrumentOf(id), priceProviders)
  const result = explainReportFigure(analysis.input, {
    asOf,
    figure,
    counted: countsInDayChange(asOf, feedOf),
  })
  if (!result.ok && result.error.code === 'unknown_figure') throw new ApiProblem('figure_not_found')
  return explanationJson(valueOf(result), base, instrumentOf)
}

/** How each instrument's price is kept (absent: by hand). */
type FeedOf = (instrumentId: string) => PriceFeed

/** The report's figures a card shows, from the same engine run. */
function summaryOf(
  report: PortfolioReport,
  feedOf: FeedOf,
  instrumentOf: InstrumentLookup,
): PortfolioSummary {
  const { asOf, totals } = report
  return {
    asOf,
    value: totals.value.toString(),
    investedCapital: totals.investedCapital.toString(),
    peakInvestedCapital: totals.peakInvestedCapital.toString(),
    totalGain: totals.totalGain.toString(),
    totalReturn: totals.totalReturn,
    dayChange: dayChangeJson(report.moves, asOf, feedOf),
    staleHoldings: report.holdings
      .filter((holding) => isStalePrice(holding.priceDate, asOf, feedOf(holding.instrumentCode)))
      .map((holding) => ({
        instrument: instrumentOf(holding.instrumentCode),
        priceDate: holding.priceDate,
      })),
  }
}

type ListEntry = PortfolioList['portfolios'][number]

/** A portfolio's card: its figures today, or why there are none. */
async function portfolioCard(
  portfolio: Portfolio,
  input: PortfolioInput,
  today: string,
  locale: FormatLocale,
  lookups: { feedOf: FeedOf; instrumentOf: InstrumentLookup },
): Promise<ListEntry> {
  const report = analyzePortfolio(input, { asOf: today })
  if (report.ok) {
    const summary = summaryOf(report.value, lookups.feedOf, lookups.instrumentOf)
    return { ...portfolio, summary, problem: null }
  }
  const { error: body } = await problemBody(engineProblem(report.error), locale)
  return { ...portfolio, summary: null, problem: { code: body.code, message: body.message } }
}

/**
 * The cards of `portfolios` computed today, in a few round trips however many there are: the
 * last two closes up to today of every instrument the caller uses, and its details, at once; the
 * rates in force on those closes' dates and today; then the transactions of these portfolios in
 * one query read a portfolio at a time, so only one portfolio's rows are held while the engine
 * runs on them.
 */
async function computedCards(
  sql: Sql,
  portfolios: readonly Portfolio[],
  today: string,
  locale: FormatLocale,
  priceProviders: ReadonlySet<PriceProvider>,
): Promise<Map<string, ListEntry>> {
  const [prices, instruments] = await Promise.all([
    lastClosesOfUsedInstruments(sql, today),
    usedInstruments(sql),
  ])
  const fxRates = await fxRatesOfUsedPairsOn(sql, seriesDates(prices, [today]))
  const instrumentOf = lookupIn(instruments)
  const lookups = {
    instrumentOf,
    feedOf: (id: string) => priceFeedOf(instrumentOf(id), priceProviders),
  }
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
  const batches = engineTransactionsByPortfolio(sql, [...byId.keys()])
  for await (const { portfolioId, transactions } of batches) {
    const portfolio = byId.get(portfolioId)
    if (!portfolio) continue
    cards.set(
      portfolioId,
      await portfolioCard(portfolio, inputOf(portfolio, transactions), today, locale, lookups),
    )
  }
  for (const portfolio of portfolios) {
    if (cards.has(portfolio.id)) continue
    cards.set(
      portfolio.id,
      await portfolioCard(portfolio, inputOf(portfolio, []), today, locale, lookups),
    )
  }
  return cards
}

/**
 * The cards of the caller's portfolios, in their order: the figures stored for today where
 * nothing they read changed since, the others computed and stored (a refusal, in the request's
 * language, is not stored). `stamps` were read before the portfolios (analysisStamps says why).
 */
export async function portfolioCards(
  sql: Sql,
  listed: { stamps: ReadonlyMap<string, string>; portfolios: readonly Portfolio[] },
  today: string,
  locale: FormatLocale,
  priceProviders: ReadonlySet<PriceProvider>,
): Promise<ListEntry[]> {
  const { stamps, portfolios } = listed
  const params = reportParams(today, priceProviders)
  const stored = await storedAnalysesOf<PortfolioSummary>(sql, 'summary', params, stamps)
  const missing = portfolios.filter((portfolio) => !stored.has(portfolio.id))
  const computed =
    missing.length === 0
      ? new Map<string, ListEntry>()
      : await computedCards(sql, missing, today, locale, priceProviders)
  for (const card of computed.values()) {
    const stamp = stamps.get(card.id)
    if (!card.summary || !stamp) continue
    const key = { portfolioId: card.id, kind: 'summary' as const, params }
    await storeAnalyses(sql, stamp, [{ key, body: card.summary }])
  }
  return portfolios.map((portfolio) => {
    const summary = stored.get(portfolio.id)
    if (summary) return { ...portfolio, summary, problem: null }
    const card = computed.get(portfolio.id)
    if (!card) throw new Error(`Portfolio ${portfolio.id} has no card`)
    return card
  })
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
