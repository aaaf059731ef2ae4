import {
  keepPreviousData,
  skipToken,
  useQueries,
  useQuery,
  type UseQueryResult,
} from '@tanstack/react-query'
import { useState, useSyncExternalStore } from 'react'
import type { BenchmarkMeasure, SalePreviewQuery } from '../../../shared/api/schemas'
import type { OtherMeasure } from '../../../shared/portfolio/figure-ids'
import type { Measure } from '../../../shared/portfolio/measures'
import { api, apiQuery, type ApiQueryOptions, type Fetched } from '../../api/browser-api'
import { rangeStart, type ChartRange } from '../chart-ranges'

export type ApiQuery<T> = UseQueryResult<Fetched<T>>

/** How many transactions, and how many sales, the portfolio screen lists at a time. */
const TRANSACTION_PAGE = '50'
const SALE_PAGE = '50'

/**
 * The queries of the portfolio screens, one per GET route: each keyed by the path it requests,
 * which is also how a screen's API snapshot names it (client/pages/*-page.tsx).
 */
export const portfolioQueries = {
  list: () => apiQuery(api.api.portfolios, {}),
  portfolio: (id: string) => apiQuery(api.api.portfolios[':id'], { param: { id } }),
  report: (id: string) => apiQuery(api.api.portfolios[':id'].report, { param: { id }, query: {} }),
  /** A range ending on the report's date (`asOf`), which server and browser agree on. */
  /** In `measure`; nominal asks without one, as before measures existed. */
  performance: (id: string, range: ChartRange, asOf: string, measure: Measure = 'nominal') =>
    apiQuery(api.api.portfolios[':id'].performance, {
      param: { id },
      query: { ...performanceDates(range, asOf), ...(measure === 'nominal' ? {} : { measure }) },
    }),
  /** One instrument's transactions, newest first; its screen shows them all (up to 500). */
  instrumentTransactions: (id: string, instrumentId: string) =>
    apiQuery(api.api.portfolios[':id'].transactions, {
      param: { id },
      query: { instrumentId, limit: '500' },
    }),
  /** A page of the portfolio's transactions, newest first; `cursor` from the page before. */
  transactionPage: (id: string, cursor: string | undefined) =>
    apiQuery(api.api.portfolios[':id'].transactions, {
      param: { id },
      query: cursor ? { cursor, limit: TRANSACTION_PAGE } : { limit: TRANSACTION_PAGE },
    }),
  /**
   * A page of the sales up to the report's date (`asOf`), newest first; only `instrumentId`'s
   * when given; `cursor` from the page before.
   */
  salePage: (
    id: string,
    asOf: string,
    instrumentId: string | undefined,
    cursor: string | undefined,
  ) =>
    apiQuery(api.api.portfolios[':id'].sales, {
      param: { id },
      query: {
        asOf,
        ...(instrumentId ? { instrumentId } : {}),
        ...(cursor ? { cursor } : {}),
        limit: SALE_PAGE,
      },
    }),
  /** The lots of one holding still held on the report's date (`asOf`). */
  openLots: (id: string, instrumentId: string, asOf: string) =>
    apiQuery(api.api.portfolios[':id'].lots, { param: { id }, query: { asOf, instrumentId } }),
  prices: (instrumentId: string, range: { from: string; to: string }) =>
    apiQuery(api.api.instruments[':id'].prices, { param: { id: instrumentId }, query: range }),
  /** Where an instrument's prices come from; fetched by the browser (its times are local). */
  quoteStatus: (instrumentId: string) =>
    apiQuery(api.api.instruments[':id']['quote-status'], { param: { id: instrumentId } }),
  /** What the price services list under a query (looking up what the catalog lacks). */
  instrumentLookup: (q: string) => apiQuery(api.api.instruments.lookup, { query: { q } }),
  importMappings: () => apiQuery(api.api['import-mappings'], {}),
  /** A portfolio's year as a German depot: to the year's end, or to today in the current year. */
  germanTax: (id: string, year: number) =>
    apiQuery(api.api.portfolios[':id'].tax.germany[':year'], {
      param: { id, year: String(year) },
    }),
  /** A portfolio's year as the Turkish tax sees it: to the year's end, or to today. */
  turkishTax: (id: string, year: number) =>
    apiQuery(api.api.portfolios[':id'].tax.turkey[':year'], {
      param: { id, year: String(year) },
    }),
  /** A person's German tax of a year across their depots. */
  germanTaxPerson: (year: number) =>
    apiQuery(api.api.tax.germany[':year'], { param: { year: String(year) } }),
  /** A person's Turkish tax of a year across their portfolios: their one beyanname. */
  turkishTaxPerson: (year: number) =>
    apiQuery(api.api.tax.turkey[':year'], { param: { year: String(year) } }),
  /** The totals on the report's date measured real or in another currency (`measure`). */
  gains: (id: string, measure: OtherMeasure, asOf: string) =>
    apiQuery(api.api.portfolios[':id'].gains, { param: { id }, query: { measure, asOf } }),
  /** How one figure was computed: a report's on `asOf`, or a return over a range. */
  /** The portfolio beside a benchmark over a chart range ending on the report's date. */
  benchmark: (
    id: string,
    instrument: string,
    range: ChartRange,
    asOf: string,
    measure: BenchmarkMeasure,
  ) =>
    apiQuery(api.api.portfolios[':id'].benchmark, {
      param: { id },
      query: { instrument, measure, ...performanceDates(range, asOf) },
    }),
  explanation: (id: string, figure: string, dates: ExplainDates) =>
    apiQuery(api.api.portfolios[':id'].explain, { param: { id }, query: { figure, ...dates } }),
  /** What a sale the transaction form holds would cost in German tax. */
  salePreview: (id: string, sale: SalePreviewQuery) =>
    apiQuery(api.api.portfolios[':id'].tax.germany['sale-preview'], {
      param: { id },
      query: sale,
    }),
  /** What a sale the transaction form holds would cause in Turkish tax. */
  turkishSalePreview: (id: string, sale: SalePreviewQuery) =>
    apiQuery(api.api.portfolios[':id'].tax.turkey['sale-preview'], {
      param: { id },
      query: sale,
    }),
}

/** The date of a report's figure, or the range of a return, as the figure's query asked. */
export type ExplainDates = { asOf: string } | { from?: string; to: string; measure?: Measure }

/** The dates of a chart range ending on the report's date, as the performance route reads them. */
export function performanceDates(range: ChartRange, asOf: string): { from?: string; to: string } {
  const from = rangeStart(range, asOf)
  return from ? { from, to: asOf } : { to: asOf }
}

/**
 * A query, or one that waits and asks nothing while `options` is null (it needs another's
 * answer first). `keepPrevious`: while another range loads, the previous one stays on show.
 */
function useApiQuery<T>(options: ApiQueryOptions<T> | null, keepPrevious = false): ApiQuery<T> {
  return useQuery({
    queryKey: options?.queryKey ?? ['waiting'],
    queryFn: options?.queryFn ?? skipToken,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  })
}

export const usePortfolioList = () => useApiQuery(portfolioQueries.list())

export const usePortfolio = (id: string) => useApiQuery(portfolioQueries.portfolio(id))

export const useReport = (id: string) => useApiQuery(portfolioQueries.report(id))

export const useGermanTax = (id: string, year: number) =>
  useApiQuery(portfolioQueries.germanTax(id, year))

export const useTurkishTax = (id: string, year: number) =>
  useApiQuery(portfolioQueries.turkishTax(id, year))

export const useGermanTaxPerson = (year: number) =>
  useApiQuery(portfolioQueries.germanTaxPerson(year))

export const useTurkishTaxPerson = (year: number) =>
  useApiQuery(portfolioQueries.turkishTaxPerson(year))
/** The totals measured by `measure` on the report's date; nothing is asked for nominal. */
export function useMeasuredGains(id: string, measure: Measure, asOf: string) {
  return useApiQuery(measure === 'nominal' ? null : portfolioQueries.gains(id, measure, asOf))
}

/** A range's value series and returns; waits for the report, whose date anchors the range. */
export function usePerformance(
  id: string,
  range: ChartRange,
  asOf: string | undefined,
  measure: Measure,
) {
  return useApiQuery(asOf ? portfolioQueries.performance(id, range, asOf, measure) : null, true)
}

/** A range's comparison with a benchmark; none until one is picked (and the report's date known). */
export function useBenchmark(
  id: string,
  instrument: string | null,
  range: ChartRange,
  asOf: string,
  measure: BenchmarkMeasure,
) {
  return useApiQuery(
    instrument ? portfolioQueries.benchmark(id, instrument, range, asOf, measure) : null,
    true,
  )
}

export function useInstrumentTransactions(id: string, instrumentId: string | undefined) {
  return useApiQuery(
    instrumentId ? portfolioQueries.instrumentTransactions(id, instrumentId) : null,
  )
}

/**
 * A list read page by page, one query per page read so far: each page's answer names the cursor
 * of the next (`nextCursor`), and `more` (null after the last page) reads it.
 */
export function useCursorPages<T extends { nextCursor: string | null }>(
  pageQuery: (cursor: string | undefined) => ApiQueryOptions<T>,
) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined])
  const pages: ApiQuery<T>[] = useQueries({ queries: cursors.map(pageQuery) })
  const nextCursor = pages.at(-1)?.data?.body.nextCursor ?? null
  return {
    pages,
    bodies: pages.flatMap((page) => (page.data ? [page.data.body] : [])),
    more: nextCursor === null ? null : () => setCursors((current) => [...current, nextCursor]),
  }
}

export function useOpenLots(id: string, instrumentId: string, asOf: string) {
  return useApiQuery(portfolioQueries.openLots(id, instrumentId, asOf))
}

export function usePrices(
  instrumentId: string | undefined,
  range: { from: string; to: string } | null,
) {
  return useApiQuery(instrumentId && range ? portfolioQueries.prices(instrumentId, range) : null)
}

/** What the price services list under `query`; null waits until the user asks. */
export function useInstrumentLookup(query: string | null) {
  return useApiQuery(query === null ? null : portfolioQueries.instrumentLookup(query))
}

/** A sale's German tax; null waits. While another sale is asked, the previous one stays on show. */
export function useSalePreview(id: string, sale: SalePreviewQuery | null) {
  return useApiQuery(sale ? portfolioQueries.salePreview(id, sale) : null, true)
}

/** A sale's Turkish tax; null waits. While another sale is asked, the previous one stays on show. */
export function useTurkishSalePreview(id: string, sale: SalePreviewQuery | null) {
  return useApiQuery(sale ? portfolioQueries.turkishSalePreview(id, sale) : null, true)
}

export function useQuoteStatus(instrumentId: string | undefined) {
  return useApiQuery(instrumentId ? portfolioQueries.quoteStatus(instrumentId) : null)
}

/** The user's saved import mappings; asked for only while the import dialog is open. */
export const useSavedImportMappings = () => useApiQuery(portfolioQueries.importMappings())

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

/** Whether the device says it is online; the server renders as online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  )
}
