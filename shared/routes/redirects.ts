/**
 * The one canonical spelling of every path: no trailing slash, no `/tr` prefix (Turkish is the
 * default language and has none). Returns the path to redirect to (301), or null when the path
 * is already canonical.
 */
export function canonicalRedirect(pathname: string): string | null {
  let path = pathname
  if (path.length > 1 && path.endsWith('/')) path = path.replace(/\/+$/, '') || '/'
  if (path === '/tr') path = '/'
  else if (path.startsWith('/tr/')) path = path.slice(3)
  // A path like "//evil.example" would become protocol-relative in a Location header.
  if (path.startsWith('//')) path = `/${path.replace(/^\/+/, '')}`
  return path === pathname ? null : path
}
