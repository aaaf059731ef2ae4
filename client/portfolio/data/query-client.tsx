import {
  dehydrate,
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
  type DehydratedState,
} from '@tanstack/react-query'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import type { ApiSnapshot } from '../../../shared/api/api-snapshot'
import { useUserSnapshot } from '../../auth/user-store'
import type { Fetched } from '../../api/browser-api'

/** How long an answer counts as current: hydration and quick back-and-forth ask nothing again. */
const STALE_MS = 60_000

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_MS,
        // Offline, the request still goes out: the service worker may answer with its copy.
        networkMode: 'offlineFirst',
        // The API client's fetch already retries once where that is safe.
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { networkMode: 'always' },
    },
  })
}

// One cache for the browser's whole visit, so screens share what they read; one per request on
// the server, so no user's data can ever reach another's page.
let browserClient: QueryClient | null = null

function clientForThisRender(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient()
  browserClient ??= createQueryClient()
  return browserClient
}

/**
 * A snapshot's answers as TanStack Query's dehydrated state, each dated when the server read it:
 * hydrating it never replaces an answer the cache read later.
 */
function snapshotState(api: ApiSnapshot): DehydratedState {
  const staging = new QueryClient()
  for (const [path, body] of Object.entries(api.responses)) {
    const fetched: Fetched<unknown> = { body, asOf: api.fetchedAt, fromCache: false }
    staging.setQueryData([path], fetched, { updatedAt: api.fetchedAt })
  }
  return dehydrate(staging)
}

/**
 * The portfolio screens' data: a query cache hydrated with what the server rendered (so
 * hydration fetches nothing), filled through the API afterwards. Only private screens load this
 * module.
 */
export function PortfolioQueries({
  api,
  children,
}: {
  api: ApiSnapshot | null
  children: ReactNode
}) {
  const [client] = useState(clientForThisRender)
  const state = useMemo(() => (api ? snapshotState(api) : undefined), [api])
  const { viewer } = useUserSnapshot()
  // Signed out (here or in another tab): nothing of the user stays in memory either.
  const signedOut = viewer.status === 'signed-out'
  useEffect(() => {
    if (signedOut) client.clear()
  }, [client, signedOut])
  return (
    <QueryClientProvider client={client}>
      <HydrationBoundary state={state}>{children}</HydrationBoundary>
    </QueryClientProvider>
  )
}
