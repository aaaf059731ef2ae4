const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * The public origin a build is for, from the `SITE_URL` environment variable: an https origin
 * (http only on loopback), nothing after the host. Unset means a local build, which serves
 * loopback addresses only. Anything else stops the build with the reason.
 *
 * @example siteUrlFromEnv('https://kiymet.app/') // 'https://kiymet.app'
 */
export function siteUrlFromEnv(value: string | undefined): string | undefined {
  const raw = value?.trim()
  if (!raw) return undefined
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`SITE_URL must be an absolute URL such as https://kiymet.app, not "${raw}"`)
  }
  const secure =
    url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTNAMES.has(url.hostname))
  if (!secure)
    throw new Error(`SITE_URL must use https (http only for 127.0.0.1 or localhost): "${raw}"`)
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new Error(
      `SITE_URL must be an origin alone, without path, query or credentials: "${raw}"`,
    )
  }
  return url.origin
}

/** Why a built worker's deploy configuration must not be deployed, or null when it may. */
export function deployProblem(config: { vars?: Record<string, unknown> }): string | null {
  const configured = config.vars?.SITE_URL
  if (typeof configured !== 'string' || configured.trim() === '') {
    return [
      'Refusing to deploy: the build has no SITE_URL, so the worker would serve no public host.',
      'Build for the public origin, e.g.: SITE_URL=https://kiymet.app npm run deploy',
    ].join('\n')
  }
  const origin = siteUrlFromEnv(configured)
  if (!origin || new URL(origin).protocol !== 'https:') {
    return `Refusing to deploy: SITE_URL is ${configured}; a deployed site needs an https origin.`
  }
  return null
}
