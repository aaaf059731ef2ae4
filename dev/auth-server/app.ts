import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { verifyToken } from './bearer'
import type { AuthConfig } from './config'
import type { AuthDeps } from './deps'
import { AuthError, respondWithError } from './errors'
import { requestHygiene } from './request-hygiene'
import { adminRoutes } from './routes/admin'
import { disabledFeatureRoutes } from './routes/disabled-features'
import { emailLinkRoutes } from './routes/email-links'
import { factorRoutes } from './routes/factors'
import { generateLinkRoutes } from './routes/generate-link'
import { metaRoutes } from './routes/meta'
import { oauthRoutes } from './routes/oauth'
import { signupRoutes } from './routes/signup'
import { tokenRoutes } from './routes/token'
import { userRoutes } from './routes/user'

const MAX_BODY_BYTES = 1024 * 1024

// Browser navigations carry no API key; the hosted gateway leaves exactly these paths open.
const OPEN_PATHS = [
  /^\/verify$/,
  /^\/callback$/,
  /^\/authorize$/,
  /^\/stand-in-provider$/,
  /^\/health$/,
  /^\/\.well-known\/jwks\.json$/,
]

/** The origins of the app's pages: the site URL's, the redirect URLs' and any configured. */
function allowedOrigins(config: AuthConfig): Set<string> {
  const origins = new Set<string>()
  for (const url of [
    config.siteUrl,
    ...config.additionalRedirectUrls,
    ...config.corsAllowedOrigins,
  ]) {
    try {
      origins.add(new URL(url).origin)
    } catch {
      // A redirect prefix need not be a whole URL; it names no origin then.
    }
  }
  return origins
}

/** The Supabase Auth API (`/auth/v1`) on top of the `auth` schema. */
export function createAuthApp(deps: AuthDeps) {
  const api = new Hono()
  const origins = allowedOrigins(deps.config)
  const appCors = cors({
    origin: (origin) => origin,
    credentials: true,
    allowHeaders: [
      'apikey',
      'authorization',
      'content-type',
      'x-client-info',
      'x-supabase-api-version',
    ],
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    exposeHeaders: ['X-Total-Count', 'Link', 'X-Supabase-Api-Version'],
  })
  // Other origins get no CORS headers at all, so a browser lets no other site read an answer.
  api.use((c, next) => (origins.has(c.req.header('Origin') ?? '') ? appCors(c, next) : next()))
  api.use(requestHygiene())
  api.use(async (c, next) => {
    const path = c.req.path.replace(/^\/auth\/v1/, '')
    if (OPEN_PATHS.some((pattern) => pattern.test(path))) return next()
    const key = c.req.header('apikey') ?? c.req.query('apikey')
    if (!key) {
      return c.json(
        {
          message: 'No API key found in request',
          hint: 'No `apikey` request header or url param was found.',
        },
        401,
      )
    }
    const role = await verifyToken(deps.keys, key).then(
      (claims) => claims.role,
      () => undefined,
    )
    if (role !== 'anon' && role !== 'service_role') {
      return c.json(
        {
          message: 'Invalid API key',
          hint: 'Double check your Supabase `anon` or `service_role` API key.',
        },
        401,
      )
    }
    return next()
  })
  api.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => {
        // The rest of the body is never read, so the connection cannot carry another request.
        c.header('Connection', 'close')
        return respondWithError(
          c,
          new AuthError(413, 'validation_failed', 'Request body too large'),
        )
      },
    }),
  )
  api.route('/', metaRoutes(deps))
  api.route('/', signupRoutes(deps))
  api.route('/', tokenRoutes(deps))
  api.route('/', emailLinkRoutes(deps))
  api.route('/', userRoutes(deps))
  api.route('/', factorRoutes(deps))
  api.route('/', oauthRoutes(deps))
  // Before the admin routes, whose `/admin/*` check would otherwise run first and twice.
  api.route('/', disabledFeatureRoutes(deps))
  api.route('/', generateLinkRoutes(deps))
  api.route('/', adminRoutes(deps))
  api.notFound((c) => respondWithError(c, new AuthError(404, 'not_found', 'Not Found')))
  api.onError((error, c) => respondWithError(c, error))

  const app = new Hono()
  app.route('/auth/v1', api)
  return app
}
