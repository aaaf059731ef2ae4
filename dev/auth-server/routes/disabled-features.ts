import { Hono } from 'hono'
import { requireAdmin, requireCaller } from '../bearer'
import type { AuthDeps } from '../deps'
import { notFound } from '../errors'

const passkeysDisabled = () => notFound('passkey_disabled', 'Passkeys are disabled')
const oauthServerDisabled = () => notFound('feature_disabled', 'OAuth server is disabled')

/**
 * Features a hosted project has switched off by default and this server does not provide:
 * passkeys, Supabase Auth as an OAuth 2.1 server, custom OAuth providers. Each answers with the
 * error a hosted project gives, checked after the same credentials GoTrue checks first.
 */
export function disabledFeatureRoutes(deps: AuthDeps) {
  const { sql, keys } = deps
  const app = new Hono()

  // A trailing `/*` also matches the bare path.
  app.all('/passkeys/*', () => {
    throw passkeysDisabled()
  })

  app.all('/oauth/*', () => {
    throw oauthServerDisabled()
  })
  app.get('/.well-known/oauth-authorization-server', () => {
    throw oauthServerDisabled()
  })
  app.all('/user/oauth/grants', async (c) => {
    await requireCaller(c, sql, keys)
    throw oauthServerDisabled()
  })
  app.all('/admin/oauth/*', async (c) => {
    await requireAdmin(c, keys)
    throw oauthServerDisabled()
  })
  app.all('/admin/custom-providers/*', async (c) => {
    await requireAdmin(c, keys)
    throw notFound('feature_disabled', 'Custom OAuth providers are disabled')
  })

  return app
}
