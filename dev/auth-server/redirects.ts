import type { AuthConfig } from './config'

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * `requested` when it is an allowed redirect target (an http(s) URL on an allowed host), else the
 * site URL (as GoTrue does).
 */
export function resolveRedirect(config: AuthConfig, requested: string | undefined | null): string {
  if (!requested) return config.siteUrl
  let target: URL
  try {
    target = new URL(requested)
  } catch {
    return config.siteUrl
  }
  // Only web pages: javascript:, data: or ftp: on an allowed host would still be dangerous.
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return config.siteUrl
  if (LOCAL_HOSTS.has(target.hostname)) return requested
  if (target.hostname === new URL(config.siteUrl).hostname) return requested
  if (config.additionalRedirectUrls.some((prefix) => requested.startsWith(prefix))) return requested
  return config.siteUrl
}

/** Appends query parameters to a redirect target, keeping those it already has. */
export function withQuery(target: string, params: Record<string, string>): string {
  const url = new URL(target)
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  return url.toString()
}

/** Puts parameters in the fragment, where the implicit flow carries tokens and errors. */
export function withFragment(target: string, params: Record<string, string>): string {
  const url = new URL(target)
  url.hash = new URLSearchParams(params).toString()
  return url.toString()
}
