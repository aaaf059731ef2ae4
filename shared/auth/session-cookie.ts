/** `@supabase/ssr`'s session cookie of any project (`sb-<ref>-auth-token`), or a chunk of it. */
const SESSION_COOKIE = /^sb-[^.]+-auth-token(?:\.\d+)?$/

/** Whether the cookies hold some project's session (a service worker knows no project). */
export function hasSessionCookie(cookies: readonly { name?: string }[]): boolean {
  return cookies.some(({ name }) => name !== undefined && SESSION_COOKIE.test(name))
}

/** The name `@supabase/ssr` gives the session cookie of the project at `supabaseUrl`. */
export function sessionCookieKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))
}

/** The cookie `key` as @supabase/ssr reads it: whole, or its chunks `.0`, `.1`, … joined. */
function storedValue(cookieHeader: string, key: string): string {
  const cookies = new Map(
    cookieHeader.split(/;\s*/).map((pair) => {
      const at = pair.indexOf('=')
      return [pair.slice(0, at), pair.slice(at + 1)] as const
    }),
  )
  const whole = cookies.get(key)
  if (whole) return whole
  let joined = ''
  for (let i = 0, chunk; (chunk = cookies.get(`${key}.${i}`)); i++) joined += chunk
  return joined
}

/**
 * The user id (the access token's `sub`) of the session in the cookies (`document.cookie`), or
 * null when there is none or it cannot be read. Not verified: it only decides whom this
 * device's private caches may belong to, never what anyone may see on the server. Read here,
 * not with @supabase/ssr's helpers, which would bring the auth client into every page's entry.
 */
export function sessionUserId(
  cookieHeader: string,
  supabaseUrl: string | undefined,
): string | null {
  if (!supabaseUrl) return null
  try {
    const stored = decodeURIComponent(storedValue(cookieHeader, sessionCookieKey(supabaseUrl)))
    if (!stored) return null
    const json = stored.startsWith('base64-') ? fromBase64Url(stored.slice(7)) : stored
    const { access_token: token } = JSON.parse(json) as { access_token?: unknown }
    const payload = typeof token === 'string' ? token.split('.')[1] : undefined
    const { sub } = JSON.parse(fromBase64Url(payload ?? '')) as { sub?: unknown }
    return typeof sub === 'string' && sub !== '' ? sub : null
  } catch {
    return null
  }
}
