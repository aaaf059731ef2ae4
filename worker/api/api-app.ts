import { OpenAPIHono } from '@hono/zod-openapi'
import type { Hook } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { fieldIssues } from './field-issues'
import { IMPORT_LIMITS } from '../../shared/api/schemas'
import type { AppEnv } from '../env'
import { problemResponse } from './api-error-response'
import { ApiProblem } from './api-problem'
import { apiRateLimit } from './api-rate-limit'
import { openApiDocument, registerSecuritySchemes } from './openapi-document'
import { accountDataRoutes } from './routes/account-data-routes'
import { accountRoutes } from './routes/account-routes'
import { billingRoutes } from './routes/billing-routes'
import { IMPORT_SIZE_TEXT } from './import/read-import'
import { importMappingRoutes } from './routes/import-mapping-routes'
import { importRoutes } from './routes/import-routes'
import { instrumentLookupRoutes } from './routes/instrument-lookup-routes'
import { instrumentRoutes } from './routes/instrument-routes'
import { portfolioRoutes } from './routes/portfolio-routes'
import { taxYearRoutes } from './routes/tax-year-routes'
import { transactionRoutes } from './routes/transaction-routes'

/** The largest request body the API reads. */
export const MAX_BODY_BYTES = 1024 * 1024

/** An import's form: the file, and room for the reading options and a mapping around it. */
export const MAX_IMPORT_BODY_BYTES = IMPORT_LIMITS.bytes + 64 * 1024

const IMPORT_PATH = /^\/api\/portfolios\/[^/]+\/imports$/

/**
 * A request that fails its route's schemas: a path or query parameter is a malformed request
 * (400), and so is a body whose text is not well-formed Unicode (400 `invalid_text`, naming only
 * those fields); a body that does not validate otherwise is 422. Each names the fields at fault.
 */
const rejectInvalid: Hook<unknown, AppEnv, string, undefined> = (result) => {
  if (result.success) return
  const fields = fieldIssues(result.error)
  if (result.target !== 'json' && result.target !== 'form') {
    throw new ApiProblem('invalid_query', {}, fields)
  }
  const malformed = fields.filter((field) => field.code === 'unpaired_surrogate')
  if (malformed.length > 0) throw new ApiProblem('invalid_text', {}, malformed)
  throw new ApiProblem('validation_failed', {}, fields)
}

/** API answers hold a user's data: no cache may keep them. */
const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next()
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store')
}

/**
 * Bodies up to 1 MB, but an import's file up to 5 MB: each refused beyond its limit (413) from
 * `Content-Length` before it is read, or as soon as a streamed body passes it.
 */
function bodyLimits(): MiddlewareHandler<AppEnv> {
  const json = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => problemResponse(c, new ApiProblem('payload_too_large', { limit: '1 MB' })),
  })
  const upload = bodyLimit({
    maxSize: MAX_IMPORT_BODY_BYTES,
    onError: (c) =>
      problemResponse(
        c,
        new ApiProblem({ importFile: 'file_too_large' }, { limit: IMPORT_SIZE_TEXT }),
      ),
  })
  return (c, next) => (IMPORT_PATH.test(c.req.path) ? upload(c, next) : json(c, next))
}

/**
 * The JSON API under /api: routes declared once with their schemas (shared/api/schemas), which
 * validate requests and generate the OpenAPI 3.1 document at /api/openapi.json. Mount it behind
 * `sameOriginWrites()` and `session()`; every request spends its caller's budget
 * (`apiRateLimit`), and each handler runs its queries in one transaction as the caller
 * (`asCaller`).
 *
 * @example app.route('/', createApiApp())
 */
export function createApiApp() {
  const api = new OpenAPIHono<AppEnv>({ defaultHook: rejectInvalid }).basePath('/api')
  registerSecuritySchemes(api)
  api.use(noStore)
  api.use(apiRateLimit())
  api.use(bodyLimits())
  const routes = api
    .route('/', portfolioRoutes)
    .route('/', transactionRoutes)
    .route('/', instrumentLookupRoutes)
    .route('/', instrumentRoutes)
    .route('/', accountDataRoutes)
    .route('/', importRoutes)
    .route('/', importMappingRoutes)
    .route('/', taxYearRoutes)
    .route('/', billingRoutes)
    .route('/', accountRoutes)
  api.get('/openapi.json', (c) =>
    c.json(openApiDocument(api), 200, { 'Cache-Control': 'public, max-age=300' }),
  )
  api.onError((error, c) => problemResponse(c, error))
  return routes
}

/** The API's type, for the browser's typed client (`hono/client`). */
export type ApiApp = ReturnType<typeof createApiApp>
