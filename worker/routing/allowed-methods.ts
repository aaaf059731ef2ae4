import { TrieRouter } from 'hono/router/trie-router'
import type { RouterRoute } from 'hono/types'
import { matchRoute } from '../../shared/routes/match-route'

/** The methods an `Allow` header may name, in the order it names them. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/** Registrations that name no method (middleware, `app.all`) or every path (the page handler). */
function isSpecificRoute(route: RouterRoute): boolean {
  return route.method !== 'ALL' && route.path !== '*' && route.path !== '/*'
}

/**
 * The methods a path answers, read from the handlers registered on the app and, for pages, from
 * the route table (the page handler takes GET for any path and decides from the table). Empty
 * for a path nothing answers: a 404, not a 405. HEAD comes with every GET, as Hono answers it.
 *
 * @example
 * const allowed = allowedMethodsOf(() => app.routes)
 * allowed('/en/pricing') // ['GET', 'HEAD']
 */
export function allowedMethodsOf(routes: () => readonly RouterRoute[]): (path: string) => string[] {
  let router: TrieRouter<string> | null = null
  return (path) => {
    // Built on first use, when every route is registered.
    if (!router) {
      router = new TrieRouter<string>()
      for (const route of routes().filter(isSpecificRoute)) {
        router.add(route.method, route.path, route.method)
      }
    }
    const found = router
    const answered = new Set(METHODS.filter((method) => found.match(method, path)[0].length > 0))
    if (matchRoute(path)) answered.add('GET')
    if (answered.has('GET')) answered.add('HEAD')
    return METHODS.filter((method) => answered.has(method))
  }
}
