/** How long one request for a source's document may take, in milliseconds. */
export const FETCH_TIMEOUT_MS = 30_000

/** The source answered with an error status, or not in time. */
export class IndexFetchError extends Error {
  constructor(
    readonly url: string,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(`Fetching ${url} failed${status === null ? '' : ` with status ${status}`}`, options)
    this.name = 'IndexFetchError'
  }
}

/**
 * The text a source answers, or null for 404 (the SDMX services' answer to a range without
 * observations). Any other failure throws {@link IndexFetchError}; its message never carries a
 * header, so a key sent as one stays out of the logs.
 */
export async function fetchDocument(url: string, init: RequestInit = {}): Promise<string | null> {
  let response: Response
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) })
  } catch (error) {
    throw new IndexFetchError(url, null, { cause: error })
  }
  if (response.status === 404) {
    await response.body?.cancel()
    return null
  }
  if (!response.ok) {
    await response.body?.cancel()
    throw new IndexFetchError(url, response.status)
  }
  return response.text()
}
