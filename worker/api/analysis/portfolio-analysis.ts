import type postgres from 'postgres'
import type {
  Explanation,
  Instrument,
  Lot,
  MeasuredGains,
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
import type {
  FigureRef,
  GermanTaxFigureRef,
  OtherMeasure,
  TurkishTaxFigureRef,
} from '../../../shared/portfolio/figure-ids'
import {
  analyzePortfolio,
  analyzePortfolioWithCapital,
  computeValueSeries,
  convertSeries,
  deflateSeries,
  explainMeasuredReturn,
  explainMeasured,
  explainReportFigure,
  explainReturn,
  moneyWeightedReturn,
  timeWeightedReturn,
  measuredTotals,
  valueChange,
  type CapitalDay,
  type MeasuredTotals,
  type Measurement,
  type PortfolioError,
  type PortfolioInput,
  type PortfolioReport,
  type IndexValue,
  type Result,
  type TransactionInput,
  type ValueSeries,
} from '../../portfolio'
import {
  measuresFor,
  realIndexOf,
  type Measure,
  type RealIndex,
} from '../../../shared/portfolio/measures'
import { measureData, type MeasureData } from '../store/measure-data'
import type { Decimal } from '../../../shared/decimal/decimal'
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
import { dayBefore, loadAnalysis, seriesDates, type Analysis } from './analysis-input'
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

const MONTH = /^\d{4}-\d{2}$/

/** A measure's refusal as the API's: a month the index lacks is named, with the index. */
function measureProblem(error: PortfolioError, measurement: Measurement): ApiProblem {
  const month = error.field?.slice(error.field.lastIndexOf('.') + 1) ?? ''
  if (error.code === 'missing_price_index' && measurement.kind === 'real' && MONTH.test(month)) {
    // The measurement's index is the measure's (`measurementFor`), one of the real indices.
    const priceIndex = measurement.code as RealIndex
    return new ApiProblem('real_index_missing', { index: { priceIndex }, month: { month } })
  }
  return engineProblem(error)
}

/**
 * What measuring a portfolio in `baseCurrency` by `measure` reads, for its invested capital's
 * changes from `from` (its first) to `to` (docs/real-returns.md, rule 11).
 */
async function measurementFor(
  sql: Sql,
  baseCurrency: string,
  measure: OtherMeasure,
  range: { from: string; to: string },
): Promise<Measurement> {
  const data = await measureData(sql, baseCurrency, measure, range)
  if (data.kind === 'real') return { kind: 'real', code: data.code, index: data.index }
  if (data.kind === 'currency') return data
  throw new Error('A measure other than nominal read as nominal')
}

/** The measured totals as the API answers them. */
function measuredGainsJson(
  measure: OtherMeasure,
  measurement: Measurement,
  totals: MeasuredTotals,
): MeasuredGains {
  const factor = totals.valueFactor
  return {
    measure,
    asOf: totals.asOf,
    currency: totals.currency,
    value: totals.value.toString(),
    investedCapital: totals.investedCapital.toString(),
    peakInvestedCapital: totals.peakInvestedCapital.toString(),
    totalGain: totals.totalGain.toString(),
    totalReturn: totals.totalReturn,
    index:
      measurement.kind === 'real' && factor.kind === 'index'
        ? { code: measurement.code, month: factor.asOf.valueMonth }
        : null,
    rate:
      factor.kind === 'rate'
        ? { value: factor.rate.value.toString(), date: factor.rate.date }
        : null,
    provisional: totals.provisional,
  }
}

/** The invested capital's first day, or `asOf` when nothing was put in: where measuring starts. */
const firstDayOf = (capitalDays: readonly CapitalDay[], asOf: string) =>
  capitalDays[0]?.date ?? asOf

/**
 * The portfolio's totals on `asOf` measured real or in another currency (docs/real-returns.md,
 * rule 11). A month the index lacks is refused (422 `real_index_missing`, naming both), a day
 * without a rate too (422 `missing_fx_rate`); a measure the currency does not offer is a 400.
 */
export async function portfolioMeasuredGains(
  sql: Sql,
  portfolioId: string,
  measure: OtherMeasure,
  asOf: string,
): Promise<MeasuredGains> {
  const portfolio = await portfolioSettings(sql, portfolioId)
  const analysis = await loadAnalysis(sql, portfolio, { kind: 'report', asOf })
  const { report, capitalDays } = valueOf(analyzePortfolioWithCapital(analysis.input, { asOf }))
  const range = { from: firstDayOf(capitalDays, asOf), to: asOf }
  const measurement = await measurementFor(sql, portfolio.baseCurrency, measure, range)
  const base = portfolio.baseCurrency
  const totals = measuredTotals(report.totals.value, capitalDays, asOf, measurement, base)
  if (!totals.ok) throw measureProblem(totals.error, measurement)
  return measuredGainsJson(measure, measurement, totals.value)
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

/** A value series' time- and money-weighted returns as the API gives them (null: none). */
function returnsJson(series: ValueSeries) {
  const twr = timeWeightedReturn(series)
  const mwr = moneyWeightedReturn(series)
  return {
    twr: twr.ok ? { cumulative: twr.value.cumulative, annualized: twr.value.annualized } : null,
    mwr: mwr.ok
      ? mwr.value.rate === null
        ? { rate: null, reason: mwr.value.reason }
        : { rate: mwr.value.rate, reason: null }
      : null,
  }
}

/** A value series' daily values, value change and returns as the API gives them. */
function seriesJson(series: ValueSeries): Omit<Performance, 'measure'> {
  return {
    baseCurrency: series.baseCurrency,
    from: series.from,
    to: series.to,
    points: series.points.map(({ date, value, investedCapital }) => ({
      date,
      value,
      investedCapital,
    })),
    valueChange: valueOf(valueChange(series)),
    ...returnsJson(series),
  }
}

const indexValueJson = (value: IndexValue) => ({
  month: value.month,
  valueMonth: value.valueMonth,
  value: value.value.toString(),
  provisional: value.provisional,
})

/**
 * `measured`'s result; a month before the index's first one refused by name: the index and the
 * month the range starts from (the only month a range can lack: later ones carry forward).
 */
function measuredValue<T>(data: MeasureData, startMonth: string, measured: () => Result<T>): T {
  const result = measured()
  if (!result.ok && result.error.code === 'missing_price_index' && data.kind === 'real') {
    throw new ApiProblem('real_index_missing', {
      index: { priceIndex: data.code },
      month: { month: startMonth },
    })
  }
  return valueOf(result)
}

/**
 * The series in a measure other than nominal (docs/real-returns.md): deflated to the money of
 * its last day, or converted; its figures, what the measure used and the nominal returns.
 */
function measuredPerformance(
  series: ValueSeries,
  measure: Exclude<Measure, 'nominal'>,
  data: Exclude<MeasureData, { kind: 'nominal' }>,
): Performance {
  const startMonth = dayBefore(series.from).slice(0, 7)
  const nominal = returnsJson(series)
  if (data.kind === 'real') {
    const real = measuredValue(data, startMonth, () => deflateSeries(series, data.index))
    return {
      ...seriesJson(real.series),
      measure: {
        kind: 'real',
        measure,
        index: data.code,
        start: indexValueJson(real.start),
        end: indexValueJson(real.end),
        provisional: real.provisional,
        nominal,
      },
    }
  }
  const other = measuredValue(data, startMonth, () =>
    convertSeries(series, data.currency, data.fxRates),
  )
  return {
    ...seriesJson(other.series),
    measure: {
      kind: 'currency',
      measure,
      portfolioCurrency: series.baseCurrency,
      start: { date: other.start.date, value: other.start.value.toString() },
      end: { date: other.end.date, value: other.end.value.toString() },
      nominal,
    },
  }
}

/**
 * The daily value series of a range with its time- and money-weighted returns, in `measure`.
 * Stored per range and measure under the portfolio's stamp, which a new index month or rate
 * changes (their tables raise the market data's version), so a real return is never stale.
 */
export async function portfolioPerformance(
  sql: Sql,
  portfolioId: string,
  range: Range,
  measure: Measure = 'nominal',
): Promise<Performance> {
  const { stamp, portfolio } = await stampedPortfolio(sql, portfolioId)
  const key = {
    portfolioId,
    kind: 'performance' as const,
    params: `${range.from ?? ''}..${range.to}${measure === 'nominal' ? '' : ` ${measure}`}`,
  }
  const stored = await storedAnalysis<Performance>(sql, key, stamp)
  if (stored) return stored
  // A measure the currency lacks is refused before the series is computed.
  if (measure !== 'nominal' && !measuresFor(portfolio.baseCurrency).includes(measure)) {
    throw new ApiProblem('invalid_query', {}, [{ path: 'measure', code: 'invalid' }])
  }
  const series = await rangeSeries(sql, portfolio, range)
  const performance =
    measure === 'nominal'
      ? seriesJson(series)
      : measuredPerformance(
          series,
          measure,
          (await measureData(sql, portfolio.baseCurrency, measure, series)) as Exclude<
            MeasureData,
            { kind: 'nominal' }
          >,
        )
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
  figure: Exclude<FigureRef, GermanTaxFigureRef | TurkishTaxFigureRef>,
  dates: { asOf: string; range: Range; measure: Measure },
  priceProviders: ReadonlySet<PriceProvider>,
): Promise<Explanation> {
  const portfolio = await portfolioSettings(sql, portfolioId)
  const base = portfolio.baseCurrency
  const { measure } = dates
  if (figure.scope === 'performance') {
    if (measure !== 'nominal' && !measuresFor(base).includes(measure)) {
      throw new ApiProblem('invalid_query', {}, [{ path: 'measure', code: 'invalid' }])
    }
    const series = await rangeSeries(sql, portfolio, dates.range)
    const data = await measureData(sql, base, measure, series)
    const derivation =
      data.kind === 'nominal'
        ? valueOf(explainReturn(series, figure.name))
        : measuredValue(data, dayBefore(series.from).slice(0, 7), () =>
            explainMeasuredReturn(series, figure.name, data),
          )
    return explanationJson(derivation, derivation.currency ?? base, lookupIn(new Map()))
  }
  const { asOf } = dates
  if (figure.scope === 'measured') {
    const analysis = await loadAnalysis(sql, portfolio, { kind: 'report', asOf })
    const first = analysis.transactions[0]?.tradeDate
    const range = { from: first !== undefined && first < asOf ? first : asOf, to: asOf }
    const measurement = await measurementFor(sql, base, figure.id, range)
    const result = explainMeasured(analysis.input, { asOf, figure, measurement })
    if (!result.ok) throw measureProblem(result.error, measurement)
    return explanationJson(result.value, base, lookupIn(new Map()))
  }
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

/** The report's figures a card shows, from the same engine run; the real ones come after. */
function summaryOf(
  report: PortfolioReport,
  feedOf: FeedOf,
  instrumentOf: InstrumentLookup,
): Omit<PortfolioSummary, 'real'> {
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

/** A card whose report was computed, before its real figures: what measuring it reads. */
interface AnalyzedCard {
  portfolio: Portfolio
  summary: Omit<PortfolioSummary, 'real'>
  value: Decimal
  capitalDays: CapitalDay[]
}

/** A portfolio's card without its real figures, or why there are none. */
async function analyzedCard(
  portfolio: Portfolio,
  input: PortfolioInput,
  today: string,
  locale: FormatLocale,
  lookups: { feedOf: FeedOf; instrumentOf: InstrumentLookup },
): Promise<AnalyzedCard | ListEntry> {
  const analyzed = analyzePortfolioWithCapital(input, { asOf: today })
  if (analyzed.ok) {
    const { report, capitalDays } = analyzed.value
    const summary = summaryOf(report, lookups.feedOf, lookups.instrumentOf)
    return { portfolio, summary, value: report.totals.value, capitalDays }
  }
  const { error: body } = await problemBody(engineProblem(analyzed.error), locale)
  return { ...portfolio, summary: null, problem: { code: body.code, message: body.message } }
}

/** The base currency's index for the cards, or 'unavailable' while none of its values is loaded. */
async function realMeasurement(
  sql: Sql,
  base: string,
  range: { from: string; to: string },
): Promise<Measurement | 'unavailable'> {
  try {
    return await measurementFor(sql, base, 'real', range)
  } catch (error) {
    if (error instanceof ApiProblem && error.code === 'real_index_unavailable') return 'unavailable'
    throw error
  }
}

/**
 * The cards' total gain and return real by their base currency's index (docs/real-returns.md,
 * rule 11), the index read once a currency; none, with the reason, for a currency without an
 * index or a month the index lacks.
 */
async function withRealGains(
  sql: Sql,
  cards: readonly AnalyzedCard[],
  today: string,
): Promise<ListEntry[]> {
  const byCurrency = new Map<string, AnalyzedCard[]>()
  for (const card of cards) {
    const base = card.portfolio.baseCurrency
    byCurrency.set(base, [...(byCurrency.get(base) ?? []), card])
  }
  const entries: ListEntry[] = []
  for (const [base, group] of byCurrency) {
    const code = realIndexOf(base, 'real')
    const from = group
      .map((card) => firstDayOf(card.capitalDays, today))
      .reduce((first, date) => (date < first ? date : first), today)
    const measurement = code === null ? null : await realMeasurement(sql, base, { from, to: today })
    for (const card of group) {
      const real: PortfolioSummary['real'] = {
        index: code,
        gains: null,
        reason: measurement === 'unavailable' ? 'index_unavailable' : 'no_index',
      }
      if (measurement !== null && measurement !== 'unavailable') {
        const totals = measuredTotals(card.value, card.capitalDays, today, measurement, base)
        if (!totals.ok && totals.error.code !== 'missing_price_index') {
          throw engineProblem(totals.error)
        }
        real.gains = totals.ok ? measuredGainsJson('real', measurement, totals.value) : null
        real.reason = totals.ok ? null : 'missing_price_index'
      }
      entries.push({ ...card.portfolio, summary: { ...card.summary, real }, problem: null })
    }
  }
  return entries
}

/**
 * The cards of `portfolios` computed today, in a few round trips however many there are: the
 * last two closes up to today of every instrument the caller uses, and its details, at once; the
 * rates in force on those closes' dates and today; then the transactions of these portfolios in
 * one query read a portfolio at a time, so only one portfolio's rows are held while the engine
 * runs on them; last, each base currency's index once.
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
  const analyzed: AnalyzedCard[] = []
  const add = (card: AnalyzedCard | ListEntry) => {
    if ('capitalDays' in card) analyzed.push(card)
    else cards.set(card.id, card)
  }
  const done = new Set<string>()
  const batches = engineTransactionsByPortfolio(sql, [...byId.keys()])
  for await (const { portfolioId, transactions } of batches) {
    const portfolio = byId.get(portfolioId)
    if (!portfolio) continue
    done.add(portfolioId)
    add(await analyzedCard(portfolio, inputOf(portfolio, transactions), today, locale, lookups))
  }
  for (const portfolio of portfolios) {
    if (done.has(portfolio.id)) continue
    add(await analyzedCard(portfolio, inputOf(portfolio, []), today, locale, lookups))
  }
  for (const card of await withRealGains(sql, analyzed, today)) cards.set(card.id, card)
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
  // A new or corrected index value raises every stamp (price_indices_change_analyses), so the
  // real figures stored for today are current; `real` keeps summaries stored before them unread.
  const params = `${reportParams(today, priceProviders)} real`
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
