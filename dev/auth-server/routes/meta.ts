import { Hono } from 'hono'
import type { AuthDeps } from '../deps'

// Every provider GoTrue reports in /settings; only the locally enabled ones say true.
const KNOWN_PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'slack',
  'slack_oidc',
  'spotify',
  'twitch',
  'twitter',
  'workos',
  'zoom',
]

export function metaRoutes(deps: AuthDeps) {
  const { config, keys } = deps
  return new Hono()
    .get('/health', (c) =>
      c.json({ version: 'local', name: 'GoTrue', description: 'Local stand-in for Supabase Auth' }),
    )
    .get('/settings', (c) =>
      c.json({
        external: {
          ...Object.fromEntries(KNOWN_PROVIDERS.map((p) => [p, config.oauthProviders.includes(p)])),
          email: true,
          phone: false,
        },
        disable_signup: config.disableSignup,
        mailer_autoconfirm: config.mailerAutoconfirm,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
      }),
    )
    .get('/.well-known/jwks.json', (c) => {
      c.header('Cache-Control', 'public, max-age=600')
      return c.json({ keys: [keys.publicJwk] })
    })
}
