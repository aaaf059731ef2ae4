import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type {
  InstrumentUpdate,
  LookupCandidate,
  PortfolioCreate,
  PortfolioUpdate,
  PricesWrite,
  TransactionWrite,
} from '../../../shared/api/schemas'
import { apiData } from '../../api/api-client'
import { api } from '../../api/browser-api'
import { instrumentPathPrefix, portfolioPathPrefix } from './api-paths'
import { portfolioQueries } from './portfolio-queries'

const listPath = () => portfolioQueries.list().queryKey[0]

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
    mutationFn: (input: PortfolioCreate) => apiData(api.api.portfolios.$post({ json: input })),
    onSuccess: () => invalidate(client, listPath()),
  })
}

export function useUpdatePortfolio() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: PortfolioUpdate }) =>
      apiData(api.api.portfolios[':id'].$patch({ param: { id }, json: patch })),
    // The cost method changes every figure; the name shows on the list and the detail.
    onSuccess: (_, { id }) => invalidate(client, listPath(), portfolioPathPrefix(id)),
  })
}

export function useDeletePortfolio() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      await api.api.portfolios[':id'].$delete({ param: { id } })
    },
    onSuccess: (_, id) => {
      client.removeQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith(portfolioPathPrefix(id)),
      })
      return invalidate(client, listPath())
    },
  })
}

/**
 * The key of the writes that add transactions to a portfolio (one by one, or a file's): its
 * screen keeps the empty state while the first ones are being written (empty-portfolio.tsx).
 */
export function addsTransactionsKey(portfolioId: string) {
  return ['adds-transactions', portfolioId] as const
}

/** A transaction added, changed or removed: the portfolio's figures and its card change. */
export function useTransactionMutations(portfolioId: string) {
  const client = useQueryClient()
  const settled = () => invalidate(client, portfolioPathPrefix(portfolioId), listPath())
  const transactions = api.api.portfolios[':id'].transactions
  const param = { id: portfolioId }
  const create = useMutation({
    mutationKey: addsTransactionsKey(portfolioId),
    mutationFn: (transaction: TransactionWrite) =>
      apiData(
        transactions.$post({ param, json: { idempotencyKey: crypto.randomUUID(), transaction } }),
      ),
    onSuccess: settled,
  })
  const update = useMutation({
    mutationFn: ({ id, transaction }: { id: string; transaction: TransactionWrite }) =>
      apiData(transactions[':txId'].$patch({ param: { ...param, txId: id }, json: transaction })),
    onSuccess: settled,
  })
  const remove = useMutation({
    mutationFn: async (id: string) => {
      await transactions[':txId'].$delete({ param: { ...param, txId: id } })
    },
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
    mutationFn: ({ provider, symbol, isin }: LookupCandidate) =>
      apiData(api.api.instruments.lookup.$post({ json: { provider, symbol, isin } })),
  })
}

/**
 * Sets the fund type and country of one's own instrument; every portfolio's report carries its
 * instruments, so every portfolio's answers are outdated.
 */
export function useUpdateInstrument(instrumentId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (patch: InstrumentUpdate) =>
      apiData(api.api.instruments[':id'].$patch({ param: { id: instrumentId }, json: patch })),
    onSuccess: () => invalidate(client, listPath(), instrumentPathPrefix(instrumentId)),
  })
}

/** Manual closing prices change the value of every portfolio that holds the instrument. */
/** Asks the instrument's price service now; every figure its prices feed may change. */
export function useRefreshPrices(instrumentId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () =>
      apiData(api.api.instruments[':id'].prices.refresh.$post({ param: { id: instrumentId } })),
    onSuccess: () => invalidate(client, instrumentPathPrefix(instrumentId), listPath()),
  })
}

export function usePutPrices(instrumentId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (prices: PricesWrite) => {
      await api.api.instruments[':id'].prices.$put({ param: { id: instrumentId }, json: prices })
    },
    onSuccess: () => invalidate(client, instrumentPathPrefix(instrumentId), listPath()),
  })
}
