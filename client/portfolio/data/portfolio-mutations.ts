import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type {
  Instrument,
  LookupAdd,
  LookupCandidate,
  Portfolio,
  PortfolioCreate,
  PortfolioUpdate,
  PriceRefresh,
  PricesWrite,
  Transaction,
  TransactionWrite,
} from '../../../shared/api/schemas'
import { apiSend } from './api-request'
import { apiPaths, portfolioPathPrefix } from './api-paths'

/** Marks every cached GET whose path starts with one of `prefixes` as outdated (and refetches those on show). */
export function invalidate(client: QueryClient, ...prefixes: string[]): Promise<void> {
  return client.invalidateQueries({
    predicate: (query) => {
      const path = query.queryKey[0]
      return typeof path === 'string' && prefixes.some((prefix) => path.startsWith(prefix))
    },
  })
}

export function useCreatePortfolio() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: PortfolioCreate) =>
      apiSend<Portfolio>('POST', apiPaths.portfolios(), input),
    onSuccess: () => invalidate(client, apiPaths.portfolios()),
  })
}

export function useUpdatePortfolio() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: PortfolioUpdate }) =>
      apiSend<Portfolio>('PATCH', apiPaths.portfolio(id), patch),
    // The cost method changes every figure; the name shows on the list and the detail.
    onSuccess: (_, { id }) => invalidate(client, apiPaths.portfolios(), portfolioPathPrefix(id)),
  })
}

export function useDeletePortfolio() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiSend<null>('DELETE', apiPaths.portfolio(id)),
    onSuccess: (_, id) => {
      client.removeQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith(portfolioPathPrefix(id)),
      })
      return invalidate(client, apiPaths.portfolios())
    },
  })
}

/** A transaction added, changed or removed: the portfolio's figures and its card change. */
export function useTransactionMutations(portfolioId: string) {
  const client = useQueryClient()
  const settled = () => invalidate(client, portfolioPathPrefix(portfolioId), apiPaths.portfolios())
  const base = `${portfolioPathPrefix(portfolioId)}/transactions`
  const create = useMutation({
    mutationFn: (transaction: TransactionWrite) =>
      apiSend<Transaction>('POST', base, { idempotencyKey: crypto.randomUUID(), transaction }),
    onSuccess: settled,
  })
  const update = useMutation({
    mutationFn: ({ id, transaction }: { id: string; transaction: TransactionWrite }) =>
      apiSend<Transaction>('PATCH', `${base}/${id}`, transaction),
    onSuccess: settled,
  })
  const remove = useMutation({
    mutationFn: (id: string) => apiSend<null>('DELETE', `${base}/${id}`),
    onSuccess: settled,
  })
  return { create, update, remove }
}

/**
 * Adds an instrument a price service lists to the shared catalog (or finds it there); nothing
 * cached lists it yet, so nothing is invalidated.
 */
export function useAddLookedUp() {
  return useMutation({
    // Named by its service and symbol only: the worker asks the service for the rest.
    mutationFn: async ({ provider, symbol, isin }: LookupCandidate) => {
      const wanted: LookupAdd = { provider, symbol, isin }
      return (
        (await apiSend<Instrument>('POST', '/api/instruments/lookup', wanted)) ??
        Promise.reject(new Error('empty answer'))
      )
    },
  })
}

/** Manual closing prices change the value of every portfolio that holds the instrument. */
/** Asks the instrument's price service now; every figure its prices feed may change. */
export function useRefreshPrices(instrumentId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () =>
      apiSend<PriceRefresh>('POST', `/api/instruments/${instrumentId}/prices/refresh`),
    onSuccess: () => invalidate(client, `/api/instruments/${instrumentId}/`, apiPaths.portfolios()),
  })
}

export function usePutPrices(instrumentId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (prices: PricesWrite) =>
      apiSend<null>('PUT', `/api/instruments/${instrumentId}/prices`, prices),
    onSuccess: () => invalidate(client, `/api/instruments/${instrumentId}/`, apiPaths.portfolios()),
  })
}
