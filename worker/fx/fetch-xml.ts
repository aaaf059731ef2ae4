/** How long one provider document may take, in milliseconds. */
export const FETCH_TIMEOUT_MS = 30_000

/** The provider answered with an error status, or not in time. */
export class FxFetchError extends Error {
  constructor(
    readonly url: string,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(`Fetching ${url} failed${status === null ? '' : ` with status ${status}`}`, options)
    this.name = 'FxFetchError'
  }
}

/**
 * The text of an XML document, or null when the server answers 404 (TCMB's answer for a day it
 * published nothing). Any other failure throws {@link FxFetchError}.
 */
export async function fetchXml(url: string): Promise<string | null> {
  let response: Response
  try {
    response = await fetch(url, {
      headers: { Accept: 'application/xml, text/xml' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    })
  } catch (error) {
    throw new FxFetchError(url, null, { cause: error })
  }
  if (response.status === 404) {
    await response.body?.cancel()
    return null
  }
  if (!response.ok) {
    await response.body?.cancel()
    throw new FxFetchError(url, response.status)
  }
  return response.text()
}
