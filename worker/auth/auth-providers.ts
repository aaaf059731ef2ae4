import type { Env } from '../env'

const CACHE_MS = 5 * 60_000
let cached: { url: string; at: number; providers: string[] } | undefined

/** Settings keys that are not OAuth providers. */
const NOT_PROVIDERS = new Set(['email', 'phone', 'anonymous_users'])

/**
 * The OAuth providers the auth server reports enabled in `/settings`, cached per isolate for
 * five minutes; none when the server cannot say (the dialog then offers email only).
 */
export async function enabledProviders(env: Pick<Env, 'SUPABASE_URL' | 'SUPABASE_ANON_KEY'>) {
  const now = Date.now()
  if (cached && cached.url === env.SUPABASE_URL && now - cached.at < CACHE_MS) {
    return cached.providers
  }
  try {
    const response = await fetch(`${env.SUPABASE_URL}/auth/v1/settings`, {
      headers: { apikey: env.SUPABASE_ANON_KEY ?? '' },
      signal: AbortSignal.timeout(2_000),
    })
    if (!response.ok) return []
    const settings = (await response.json()) as { external?: Record<string, unknown> }
    const providers = Object.entries(settings.external ?? {})
      .filter(([name, enabled]) => enabled === true && !NOT_PROVIDERS.has(name))
      .map(([name]) => name)
      .sort()
    cached = { url: env.SUPABASE_URL, at: now, providers }
    return providers
  } catch {
    return []
  }
}
