import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import type {
  LookupList,
  Performance,
  Portfolio,
  PortfolioList,
  PortfolioReport,
  Prices,
  QuoteStatus,
  TransactionPage,
} from '../../../shared/api/schemas'
import type { Fetched } from './api-request'
import { apiPaths } from './api-paths'
import type { ChartRange } from '../chart-ranges'

export type ApiQuery<T> = UseQueryResult<Fetched<T>>

/** A GET by its path; `path` null waits (a query that needs another's answer first). */
function useApi<T>(path: string | null, options: { keepPrevious?: boolean } = {}): ApiQuery<T> {
  return useQuery<Fetched<T>>({
    queryKey: [path],
    enabled: path !== null,
    // While another range loads, the previous one stays on show (no jump to an empty panel).
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  })
}

export const usePortfolioList = () => useApi<PortfolioList>(apiPaths.portfolios())

export const usePortfolio = (id: string) => useApi<Portfolio>(apiPaths.portfolio(id))

export const useReport = (id: string) => useApi<PortfolioReport>(apiPaths.report(id))

/** A range's value series and returns; waits for the report, whose date anchors the range. */
export function usePerformance(id: string, range: ChartRange, asOf: string | undefined) {
  return useApi<Performance>(asOf ? apiPaths.performance(id, range, asOf) : null, {
    keepPrevious: true,
  })
}

export function useInstrumentTransactions(id: string, instrumentId: string | undefined) {
  return useApi<TransactionPage>(
    instrumentId ? apiPaths.instrumentTransactions(id, instrumentId) : null,
  )
}

export function usePrices(
  instrumentId: string | undefined,
  range: { from: string; to: string } | null,
) {
  return useApi<Prices>(instrumentId && range ? apiPaths.prices(instrumentId, range) : null)
}

/** What the price services list under `query`; null waits until the user asks. */
export function useInstrumentLookup(query: string | null) {
  return useApi<LookupList>(query === null ? null : apiPaths.instrumentLookup(query))
}

export function useQuoteStatus(instrumentId: string | undefined) {
  return useApi<QuoteStatus>(instrumentId ? apiPaths.quoteStatus(instrumentId) : null)
}

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
