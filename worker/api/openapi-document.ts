import type { OpenAPIHono } from '@hono/zod-openapi'

type Document = ReturnType<OpenAPIHono['getOpenAPI31Document']>
type ApiRegistry = Pick<OpenAPIHono, 'openAPIRegistry' | 'getOpenAPI31Document'>

// Generated once per isolate: the routes do not change while it lives.
let cached: Document | undefined

/** How callers prove who they are, for the document's `components.securitySchemes`. */
export function registerSecuritySchemes(api: ApiRegistry): void {
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A Supabase access token of the user (as the browser session holds it).',
  })
  api.openAPIRegistry.registerComponent('securitySchemes', 'sessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'sb-<project>-auth-token',
    description:
      'The session cookie of the site. Writes with it must come from the site itself (Origin).',
  })
}

/** The OpenAPI 3.1 document of the API, generated from the routes' schemas. */
export function openApiDocument(api: ApiRegistry): Document {
  cached ??= api.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Kıymet API',
      version: '1',
      description:
        'Portfolios, transactions, reports, instruments, prices and exchange rates of the signed-in user. Decimals travel as strings. Errors: `{ "error": { "code", "message", "fields"? } }`, the message in the language of `Accept-Language` (tr, en, de).',
    },
    security: [{ bearerAuth: [] }, { sessionCookie: [] }],
  })
  return cached
}
