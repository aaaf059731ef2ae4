/**
 * Where an auth link or form may send the browser afterwards: a path on this site only.
 * Accepts a path (`/en/profile?tab=1`) or an absolute URL of `origin` (what auth emails carry as
 * their redirect target) and returns the path with its query; anything else is null, so a link
 * can never bounce a user to another site.
 *
 * @example safeNextPath('https://evil.example/x', 'https://kiymet.app') // null
 */
export function safeNextPath(next: string | null | undefined, origin: string): string | null {
  if (!next || next.length > 2048) return null
  // Control characters and backslashes are how browsers get tricked into other hosts (`/\evil`).
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return null
  const isPath = next.startsWith('/') && !next.startsWith('//')
  if (!isPath && !next.startsWith(`${origin}/`) && next !== origin) return null
  let url: URL
  try {
    url = new URL(next, origin)
  } catch {
    return null
  }
  if (url.origin !== origin) return null
  return `${url.pathname}${url.search}`
}
