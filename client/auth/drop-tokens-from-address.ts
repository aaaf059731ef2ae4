const TOKEN_PARAMS = ['access_token', 'refresh_token', 'provider_token', 'provider_refresh_token']

/**
 * Tokens must never stay in the address bar or in history. Auth links land on the worker's
 * /auth routes, which keep them out of page URLs; should a link from elsewhere still bring
 * `#access_token=…`, it is removed before anything else runs.
 */
export function dropTokensFromAddress(location: Location = window.location): void {
  const hash = new URLSearchParams(location.hash.slice(1))
  if (!TOKEN_PARAMS.some((name) => hash.has(name))) return
  history.replaceState(history.state, '', `${location.pathname}${location.search}`)
}
