import { createHash, randomBytes } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { jwtVerify, SignJWT } from 'jose'
import { z } from 'zod'
import { requireCaller } from '../bearer'
import type { Db } from '../database'
import type { AuthDeps } from '../deps'
import { AuthError, badRequest, notFound, unprocessable } from '../errors'
import { createFlowState, issueAuthCode, readPkce } from '../flow-state'
import { escapeHtml } from '../../../worker/render/html-escape'
import { resolveRedirect, withFragment, withQuery } from '../redirects'
import { readJsonBody } from '../request-body'
import { assertNoControlCharacters } from '../request-hygiene'
import { signIn } from '../sessions'
import {
  findUserByEmail,
  requireUser,
  syncProviders,
  type IdentityRow,
  type UserRow,
} from '../users'
import { validateEmail } from '../validation'

const STATE_LIFETIME_SECONDS = 600

const oauthState = z.object({
  provider: z.string(),
  redirect_to: z.string(),
  flow_state_id: z.string().optional(),
  linking_target_id: z.string().optional(),
})
type OAuthState = z.infer<typeof oauthState>

const providerProfile = z.object({ provider: z.string(), email: z.string(), name: z.string() })
type ProviderProfile = z.infer<typeof providerProfile>

const ssoBody = z.object({
  provider_id: z.string().optional(),
  domain: z.string().optional(),
  redirect_to: z.string().optional(),
})

/** An identity's id at the stand-in provider: stable for an address, like a real account id. */
const providerUserId = (provider: string, email: string) =>
  BigInt(
    '0x' + createHash('sha256').update(`${provider}:${email}`).digest('hex').slice(0, 12),
  ).toString()

export function oauthRoutes(deps: AuthDeps) {
  const { sql, config, keys } = deps
  const app = new Hono()

  const sign = (payload: Record<string, unknown>) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(`${STATE_LIFETIME_SECONDS}s`)
      .sign(keys.secret)
  const read = async <T extends z.ZodType>(
    token: string,
    schema: T,
  ): Promise<z.infer<T> | undefined> => {
    try {
      const { payload } = await jwtVerify(token, keys.secret, { algorithms: ['HS256'] })
      const parsed = schema.safeParse(payload)
      return parsed.success ? parsed.data : undefined
    } catch {
      return undefined
    }
  }

  const assertProviderEnabled = (provider: string | undefined) => {
    if (!provider || !config.oauthProviders.includes(provider)) {
      throw badRequest('validation_failed', 'Unsupported provider: provider is not enabled')
    }
    return provider
  }

  /** The URL of the stand-in provider's sign-in page for a new authorization. */
  const authorizationUrl = async (c: Context, linkingTargetId?: string) => {
    const provider = assertProviderEnabled(c.req.query('provider'))
    const pkce = readPkce({
      code_challenge: c.req.query('code_challenge'),
      code_challenge_method: c.req.query('code_challenge_method'),
    })
    const flow = pkce
      ? await createFlowState(sql, {
          userId: null,
          pkce,
          providerType: provider,
          authenticationMethod: 'oauth',
        })
      : undefined
    const state = await sign({
      provider,
      redirect_to: resolveRedirect(config, c.req.query('redirect_to')),
      ...(flow ? { flow_state_id: flow.id } : {}),
      ...(linkingTargetId ? { linking_target_id: linkingTargetId } : {}),
    } satisfies OAuthState)
    return `${config.apiUrl}/stand-in-provider?${new URLSearchParams({ state })}`
  }

  app.get('/authorize', async (c) => c.redirect(await authorizationUrl(c), 302))

  app.get('/user/identities/authorize', async (c) => {
    const { user } = await requireCaller(c, sql, keys)
    if (!config.manualLinkingEnabled) {
      throw notFound('manual_linking_disabled', 'Manual linking is disabled')
    }
    const url = await authorizationUrl(c, user.id)
    return c.req.query('skip_http_redirect') === 'true' ? c.json({ url }) : c.redirect(url, 302)
  })

  app.get('/stand-in-provider', async (c) => {
    const state = await read(c.req.query('state') ?? '', oauthState)
    if (!state)
      return c.html(page('Sign-in expired', '<p>Start the sign-in again from the app.</p>'), 400)
    const name = escapeHtml(state.provider)
    return c.html(
      page(
        `Sign in with ${name}`,
        `<p>This is the local stand-in for <strong>${name}</strong>. Choose the account it signs in as.</p>
        <form method="post" action="${escapeHtml(config.apiUrl)}/stand-in-provider">
          <input type="hidden" name="state" value="${escapeHtml(c.req.query('state') ?? '')}">
          <label>Email <input type="email" name="email" required autocomplete="email"></label>
          <label>Name <input type="text" name="name" autocomplete="name"></label>
          <button type="submit">Continue as this account</button>
        </form>`,
      ),
    )
  })

  app.post('/stand-in-provider', async (c) => {
    const form = await c.req.parseBody()
    assertNoControlCharacters(form)
    const stateToken = typeof form.state === 'string' ? form.state : ''
    const state = await read(stateToken, oauthState)
    const email = typeof form.email === 'string' ? form.email.trim().toLowerCase() : ''
    if (!state || !email)
      return c.html(page('Sign-in failed', '<p>Missing account details.</p>'), 400)
    const name =
      typeof form.name === 'string' && form.name.trim()
        ? form.name.trim()
        : (email.split('@')[0] ?? email)
    const code = await sign({ provider: state.provider, email, name } satisfies ProviderProfile)
    return c.redirect(
      `${config.apiUrl}/callback?${new URLSearchParams({ state: stateToken, code })}`,
      302,
    )
  })

  app.get('/callback', async (c) => {
    const state = await read(c.req.query('state') ?? '', oauthState)
    if (!state) throw badRequest('bad_oauth_state', 'OAuth callback with invalid state')
    const profile = await read(c.req.query('code') ?? '', providerProfile)
    const fail = (code: string, description: string) => {
      const params = { error: 'server_error', error_code: code, error_description: description }
      const to = state.flow_state_id
        ? withQuery(state.redirect_to, params)
        : withFragment(state.redirect_to, params)
      return c.redirect(to, 303)
    }
    if (!profile || profile.provider !== state.provider) {
      return fail('bad_oauth_callback', 'OAuth callback with invalid code')
    }
    try {
      const target = await sql.begin(async (tx) => {
        const user = await signInWithProvider(tx, profile, state.linking_target_id)
        if (state.flow_state_id) {
          return withQuery(state.redirect_to, {
            code: await issueAuthCode(tx, state.flow_state_id, user.id),
          })
        }
        const session = await signIn(tx, deps, user, 'oauth')
        return withFragment(state.redirect_to, {
          access_token: session.access_token,
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          provider_token: randomBytes(16).toString('hex'),
          refresh_token: session.refresh_token,
          token_type: 'bearer',
        })
      })
      return c.redirect(target, 302)
    } catch (error) {
      if (error instanceof AuthError) return fail(error.code, error.message)
      throw error
    }
  })

  app.delete('/user/identities/:id', async (c) => {
    const { user } = await requireCaller(c, sql, keys)
    if (!config.manualLinkingEnabled) {
      throw notFound('manual_linking_disabled', 'Manual linking is disabled')
    }
    const identityId = c.req.param('id')
    await sql.begin(async (tx) => {
      const identities = await tx<IdentityRow[]>`
        select * from auth.identities where user_id = ${user.id} for update
      `
      const identity = identities.find((candidate) => candidate.id === identityId)
      if (!identity) throw notFound('identity_not_found', "Identity doesn't exist")
      if (identities.length <= 1) {
        throw unprocessable(
          'single_identity_not_deletable',
          'User must have at least 1 identity after unlinking',
        )
      }
      await tx`delete from auth.identities where id = ${identity.id}`
      await syncProviders(tx, user.id)
    })
    return c.json({})
  })

  app.post('/sso', async (c) => {
    await readJsonBody(c, ssoBody)
    throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled')
  })

  /** Finds or creates the user of a provider account; links it to `linkingTargetId` if given. */
  async function signInWithProvider(
    tx: Db,
    profile: ProviderProfile,
    linkingTargetId: string | undefined,
  ): Promise<UserRow> {
    const email = validateEmail(profile.email)
    const providerId = providerUserId(profile.provider, email)
    const identityData = {
      iss: `${config.apiUrl}/stand-in-provider`,
      sub: providerId,
      provider_id: providerId,
      email,
      email_verified: true,
      phone_verified: false,
      name: profile.name,
      full_name: profile.name,
    }
    const [existing] = await tx<IdentityRow[]>`
      select * from auth.identities where provider = ${profile.provider} and provider_id = ${providerId}
    `
    if (linkingTargetId) {
      if (existing) {
        throw unprocessable(
          'identity_already_exists',
          existing.user_id === linkingTargetId
            ? 'Identity is already linked'
            : 'Identity is already linked to another user',
        )
      }
      await insertIdentity(tx, linkingTargetId, profile.provider, providerId, identityData)
      return requireUser(tx, linkingTargetId)
    }
    if (existing) {
      await tx`
        update auth.identities set identity_data = ${tx.json(identityData)}, last_sign_in_at = now(), updated_at = now()
        where id = ${existing.id}
      `
      return requireUser(tx, existing.user_id)
    }
    // A verified address already registered gets the new identity (GoTrue's automatic linking).
    const owner = await findUserByEmail(tx, email)
    if (owner) {
      await insertIdentity(tx, owner.id, profile.provider, providerId, identityData)
      await tx`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = ${owner.id}`
      return requireUser(tx, owner.id)
    }
    if (config.disableSignup)
      throw unprocessable('signup_disabled', 'Signups not allowed for this instance')
    const [created] = await tx<UserRow[]>`
      insert into auth.users (
        instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
        is_super_admin, created_at, updated_at
      ) values (
        '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
        ${email}, now(), ${tx.json({ provider: profile.provider, providers: [profile.provider] })},
        ${tx.json(identityData)}, false, now(), now()
      ) returning *
    `
    const user = created as UserRow
    await insertIdentity(tx, user.id, profile.provider, providerId, identityData)
    return user
  }

  async function insertIdentity(
    tx: Db,
    userId: string,
    provider: string,
    providerId: string,
    identityData: Record<string, string | boolean>,
  ) {
    await tx`
      insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
      values (${providerId}, ${userId}, ${tx.json(identityData)}, ${provider}, now(), now(), now())
    `
    await syncProviders(tx, userId)
  }

  return app
}

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 28rem; margin: 4rem auto; padding: 0 1rem; color: #1f2933; }
  form { display: grid; gap: .75rem; } label { display: grid; gap: .25rem; font-weight: 600; }
  input { font: inherit; padding: .5rem; border: 1px solid #9aa5b1; border-radius: .375rem; }
  button { font: inherit; padding: .6rem; border: 0; border-radius: .375rem; background: #1f6feb; color: #fff; cursor: pointer; }
  button:focus-visible, input:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
</style></head>
<body><main><h1>${title}</h1>${body}</main></body></html>`
}
