import type { RouteMatch } from '../routes/match-route'

/**
 * The API answers a private screen was rendered with: each GET path (its query key in the
 * browser's query cache) with its JSON body, and when the server read them. The worker puts it in
 * the boot payload, so the browser shows the same figures without asking for them again.
 */
export interface ApiSnapshot {
  /** Epoch milliseconds of the server's reading: the "as of" of a copy read offline. */
  fetchedAt: number
  responses: Record<string, unknown>
}

/** One GET answered: its status and, for 2xx, its JSON body. */
export interface ApiAnswer {
  status: number
  body: unknown
}

/**
 * The GET paths a screen needs for a match. `loaded` holds the bodies read so far, so a screen
 * can ask for more once it knows them (the instrument screen finds its instrument's id in the
 * report); it is called again until it asks for nothing new. Null: what was read shows that the
 * screen does not exist (an instrument the portfolio never held).
 */
export type ApiSnapshotPaths = (
  match: RouteMatch,
  loaded: Readonly<Record<string, unknown>>,
) => string[] | null

/** Reads GET paths as the API would answer them; on the server, the page request's session. */
export type ApiSnapshotReader = (paths: string[]) => Promise<Record<string, ApiAnswer>>

/** A screen's dependent reads never go deeper than this (a safety net against a loop). */
const MAX_ROUNDS = 4

/** What `collectApiSnapshot` found: the snapshot, or that the screen does not exist. */
export type CollectedSnapshot = { kind: 'ok'; snapshot: ApiSnapshot } | { kind: 'not-found' }

/**
 * Reads every path a screen declares, in rounds, into a snapshot. A 404 (another user's
 * portfolio, an instrument the portfolio never held) makes the whole screen a 404; other failures
 * leave the path out, so the browser asks again and shows the error there.
 * @example await collectApiSnapshot(gets, match, read, Date.now())
 */
export async function collectApiSnapshot(
  gets: ApiSnapshotPaths,
  match: RouteMatch,
  read: ApiSnapshotReader,
  fetchedAt: number,
): Promise<CollectedSnapshot> {
  const responses: Record<string, unknown> = {}
  const asked = new Set<string>()
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const wanted = gets(match, responses)
    if (wanted === null) return { kind: 'not-found' }
    const paths = wanted.filter((path) => !asked.has(path))
    if (paths.length === 0) break
    paths.forEach((path) => asked.add(path))
    const answers = await read(paths)
    for (const path of paths) {
      const answer = answers[path]
      if (answer?.status === 404) return { kind: 'not-found' }
      if (answer && answer.status >= 200 && answer.status < 300) responses[path] = answer.body
    }
  }
  return { kind: 'ok', snapshot: { fetchedAt, responses } }
}
