// The benchmark inside workerd: the portfolio is generated in the isolate, as a worker holds a
// database response, and analyzed there. `/prepare?transactions=N`, then `/run?part=…&runs=…`.
import { prepare, run } from './measure'
import type { Part } from './measure'

export default {
  fetch(request: Request): Response {
    const url = new URL(request.url)
    if (url.pathname === '/prepare') {
      prepare(Number(url.searchParams.get('transactions')))
      return new Response('ready')
    }
    const runs = run(url.searchParams.get('part') as Part, Number(url.searchParams.get('runs')))
    return new Response(JSON.stringify(runs), { headers: { 'content-type': 'application/json' } })
  },
}
