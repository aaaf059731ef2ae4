import { describe, expect, it } from 'vitest'
import { request } from './auth-backend'

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>
}

/**
 * Every operation the API documents, called by nobody with everything else wrong too: malformed
 * ids, a query that does not validate, a body that is not even JSON. Who is calling is settled
 * first, so each answer is 401 and none tells a stranger what would have validated.
 */
describe('a signed-out caller', () => {
  it('gets 401 from every operation before its parameters or body are read', async () => {
    const document = (await (await request('/api/openapi.json')).json()) as OpenApiDocument
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })),
    )
    expect(operations.filter(({ method }) => method !== 'GET').length).toBeGreaterThanOrEqual(7)
    for (const { path, method } of operations) {
      const url = `${path.replaceAll(/\{[^}]+\}/g, 'not-an-id')}?limit=many&from=never`
      const response = await request(url, {
        method,
        headers: { 'Accept-Language': 'en', 'Content-Type': 'application/json' },
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{"name": ' }),
      })
      const body = (await response.json()) as { error: { code: string } }
      expect({
        operation: `${method} ${path}`,
        status: response.status,
        code: body.error.code,
      }).toEqual({
        operation: `${method} ${path}`,
        status: 401,
        code: 'not_authenticated',
      })
    }
  })
})
