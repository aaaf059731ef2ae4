import type { EmailOtpType, Provider } from '@supabase/supabase-js'
import type { Context, Hono } from 'hono'
import {
  type AuthErrorCode,
  passwordMeetsRules,
  withAuthDialog,
  withoutAuthDialog,
} from '../../shared/auth/auth-dialog-state'
import { DEFAULT_LOCALE, isLocale } from '../../shared/i18n/locales'
import { buildPath } from '../../shared/routes/build-path'
import type { AppEnv } from '../env'
import { siteOrigin } from '../render/site-origin'
import { AUTH_RETRY_AFTER_SECONDS, rememberDevice, spendAuthAttempt } from './attempt-limits'
import { enabledProviders } from './auth-providers'
import {
  authErrorCode,
  authFailure,
  authSuccess,
  readAuthForm,
  type AuthForm,
} from './auth-response'
import { urlAuthError } from './url-auth-error'
import { safeNextPath } from './safe-next'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const OTP = /^\d{6}$/
const EMAIL_LINK_TYPES = ['signup', 'magiclink', 'recovery', 'invite', 'email_change', 'email']

function isEmailLinkType(value: string | undefined): value is EmailOtpType {
  return value !== undefined && EMAIL_LINK_TYPES.includes(value)
}

/** Where an emailed link leads once confirmed: the page it names, via this site's /auth/confirm. */
function emailRedirect(c: Context<AppEnv>, form: AuthForm): string {
  return `${siteOrigin(c)}${form.next}`
}

/**
 * The path to return to after a link, from `next`; else the home page in the user's language
 * (`locale`: the one the link names, or the signed-in user's preference once known).
 */
function nextOfLink(c: Context<AppEnv>, locale: unknown): string {
  const next = safeNextPath(c.req.query('next'), siteOrigin(c))
  if (next) return withoutAuthDialog(next)
  return buildPath('home', isLocale(locale) ? locale : DEFAULT_LOCALE)
}

/** A problem with an address typed into a form, or null. */
function emailProblem(email: string): AuthErrorCode | null {
  if (!email) return 'missing_email'
  return EMAIL.test(email) ? null : 'email_address_invalid'
}

/**
 * Spends one attempt of the visitor and of `email` before the auth service is asked; when either
 * budget is spent, the refusal to answer with (`over_request_rate_limit`, 429 for JSON).
 */
async function refusedAttempt(
  c: Context<AppEnv>,
  email: string | null,
  refuse: (code: AuthErrorCode) => Promise<Response>,
): Promise<Response | null> {
  if (await spendAuthAttempt(c, email)) return null
  c.header('Retry-After', String(AUTH_RETRY_AFTER_SECONDS))
  return refuse('over_request_rate_limit')
}

/** A failed second step: JSON for the challenge form, or back to the same screen without it. */
function mfaFailure(c: Context<AppEnv>, form: AuthForm, code: AuthErrorCode): Promise<Response> {
  if (form.wantsJson) return authFailure(c, form, 'sign-in', code)
  const url = new URL(form.next, 'http://x')
  url.searchParams.set('auth_error', code)
  return Promise.resolve(c.redirect(`${url.pathname}${url.search}`, 303))
}

/**
 * The worker's auth routes: the dialog's forms (posted plainly without JavaScript, as JSON with
 * it), the landing routes of emailed links (`/auth/confirm`) and OAuth (`/auth/callback`), and
 * sign-out. All are language-neutral; messages follow the page the visitor came from.
 */
export function addAuthRoutes(app: Hono<AppEnv>): void {
  app.post('/auth/sign-in', async (c) => {
    const form = await readAuthForm(c)
    const { email = '', password = '' } = form.fields
    if (!email.trim() || !password) return authFailure(c, form, 'sign-in', 'missing_credentials')
    const refused = await refusedAttempt(c, email, (code) => authFailure(c, form, 'sign-in', code))
    if (refused) return refused
    const { error } = await c
      .get('auth')
      .client()
      .auth.signInWithPassword({ email: email.trim(), password })
    if (error) return authFailure(c, form, 'sign-in', authErrorCode(error))
    await rememberDevice(c, email)
    return authSuccess(c, form, form.next)
  })

  app.post('/auth/sign-up', async (c) => {
    const form = await readAuthForm(c)
    const { email = '', password = '', terms } = form.fields
    if (!email.trim() || !password) return authFailure(c, form, 'sign-up', 'missing_credentials')
    const problem = emailProblem(email.trim())
    if (problem) return authFailure(c, form, 'sign-up', problem)
    if (!passwordMeetsRules(password)) return authFailure(c, form, 'sign-up', 'password_rules')
    if (terms !== 'accepted') return authFailure(c, form, 'sign-up', 'terms_required')
    const refused = await refusedAttempt(c, email, (code) => authFailure(c, form, 'sign-up', code))
    if (refused) return refused
    const { data, error } = await c
      .get('auth')
      .client()
      .auth.signUp({
        email: email.trim(),
        password,
        options: {
          emailRedirectTo: emailRedirect(c, form),
          data: { locale: form.locale, terms_accepted_at: new Date().toISOString() },
        },
      })
    if (error) return authFailure(c, form, 'sign-up', authErrorCode(error))
    // Without a session the address must be confirmed first (an existing address looks the same,
    // so nobody can find out who has an account here).
    return authSuccess(c, form, data.session ? form.next : withAuthDialog(form.next, 'check-email'))
  })

  app.post('/auth/otp', async (c) => {
    const form = await readAuthForm(c)
    const email = (form.fields.email ?? '').trim()
    const problem = emailProblem(email)
    if (problem) return authFailure(c, form, 'code', problem)
    const refused = await refusedAttempt(c, email, (code) => authFailure(c, form, 'code', code))
    if (refused) return refused
    const { error } = await c
      .get('auth')
      .client()
      .auth.signInWithOtp({
        email,
        options: { emailRedirectTo: emailRedirect(c, form), data: { locale: form.locale } },
      })
    if (error) return authFailure(c, form, 'code', authErrorCode(error))
    return authSuccess(c, form, withAuthDialog(form.next, 'verify-code'))
  })

  app.post('/auth/verify-otp', async (c) => {
    const form = await readAuthForm(c)
    const email = (form.fields.email ?? '').trim()
    const token = (form.fields.code ?? '').replace(/\s/g, '')
    if (!email) return authFailure(c, form, 'verify-code', 'missing_email')
    if (!OTP.test(token)) return authFailure(c, form, 'verify-code', 'code_invalid')
    const refused = await refusedAttempt(c, email, (code) =>
      authFailure(c, form, 'verify-code', code),
    )
    if (refused) return refused
    const { error } = await c.get('auth').client().auth.verifyOtp({ email, token, type: 'email' })
    if (error) return authFailure(c, form, 'verify-code', authErrorCode(error))
    await rememberDevice(c, email)
    return authSuccess(c, form, form.next)
  })

  app.post('/auth/recover', async (c) => {
    const form = await readAuthForm(c)
    const email = (form.fields.email ?? '').trim()
    const problem = emailProblem(email)
    if (problem) return authFailure(c, form, 'forgot', problem)
    const refused = await refusedAttempt(c, email, (code) => authFailure(c, form, 'forgot', code))
    if (refused) return refused
    const { error } = await c
      .get('auth')
      .client()
      .auth.resetPasswordForEmail(email, { redirectTo: emailRedirect(c, form) })
    if (error) return authFailure(c, form, 'forgot', authErrorCode(error))
    return authSuccess(c, form, withAuthDialog(form.next, 'reset-sent'))
  })

  app.post('/auth/new-password', async (c) => {
    const form = await readAuthForm(c)
    const password = form.fields.password ?? ''
    if (c.get('auth').session.status !== 'signed-in')
      return authFailure(c, form, 'new-password', 'session_missing')
    if (!passwordMeetsRules(password)) return authFailure(c, form, 'new-password', 'password_rules')
    const { error } = await c.get('auth').client().auth.updateUser({ password })
    if (error) return authFailure(c, form, 'new-password', authErrorCode(error))
    return authSuccess(c, form, form.next)
  })

  // The second step of signing in when the account has verified authenticators: the code of the
  // device the visitor chose (`factor`, its id), or of the only one.
  app.post('/auth/mfa-verify', async (c) => {
    const form = await readAuthForm(c)
    const code = (form.fields.code ?? '').replace(/\s/g, '')
    const auth = c.get('auth')
    if (auth.session.status !== 'signed-in')
      return authFailure(c, form, 'sign-in', 'session_missing')
    if (!OTP.test(code)) return mfaFailure(c, form, 'code_invalid')
    const email = auth.session.claims.email ?? null
    const refused = await refusedAttempt(c, email, (problem) => mfaFailure(c, form, problem))
    if (refused) return refused
    const factors = await auth.client().auth.mfa.listFactors()
    if (factors.error) return mfaFailure(c, form, authErrorCode(factors.error))
    const devices = factors.data.totp.filter((candidate) => candidate.status === 'verified')
    if (devices.length === 0) return authSuccess(c, form, form.next)
    const chosen = form.fields.factor
    const factor = chosen ? devices.find((device) => device.id === chosen) : devices[0]
    // A device removed meanwhile (in another tab, say): its code opens nothing.
    if (!factor) return mfaFailure(c, form, 'mfa_factor_not_found')
    const { error } = await auth.client().auth.mfa.challengeAndVerify({ factorId: factor.id, code })
    if (error) return mfaFailure(c, form, authErrorCode(error))
    return authSuccess(c, form, form.next)
  })

  app.post('/auth/sign-out', async (c) => {
    const form = await readAuthForm(c)
    const scope = form.fields.scope
    const chosen = scope === 'global' || scope === 'others' ? scope : 'local'
    const { error } = await c.get('auth').client().auth.signOut({ scope: chosen })
    if (error && chosen !== 'local') return authFailure(c, form, 'sign-in', authErrorCode(error))
    return authSuccess(c, form, chosen === 'others' ? form.next : buildPath('home', form.locale))
  })

  app.get('/auth/providers', async (c) =>
    c.json({ providers: await enabledProviders(c.env) }, 200, {
      'Cache-Control': 'public, max-age=300',
    }),
  )

  app.get('/auth/oauth', async (c) => {
    const next = nextOfLink(c, c.req.query('locale'))
    const provider = c.req.query('provider') ?? ''
    if (!(await enabledProviders(c.env)).includes(provider)) {
      return c.redirect(withAuthDialog(next, 'sign-in', 'provider_disabled'), 303)
    }
    const { data, error } = await c
      .get('auth')
      .client()
      .auth.signInWithOAuth({
        provider: provider as Provider,
        options: {
          redirectTo: `${siteOrigin(c)}/auth/callback?next=${encodeURIComponent(next)}`,
          skipBrowserRedirect: true,
        },
      })
    if (error || !data.url) {
      return c.redirect(withAuthDialog(next, 'sign-in', authErrorCode(error)), 303)
    }
    return c.redirect(data.url, 303)
  })

  // OAuth and PKCE email links come back here with a code, or with an error in the URL.
  app.get('/auth/callback', async (c) => {
    const auth = c.get('auth')
    const next = nextOfLink(c, undefined)
    const fromUrl = urlAuthError(new URL(c.req.url))
    if (fromUrl) {
      // The specification's rule: an identity already linked keeps the session; other errors end it.
      if (!fromUrl.keepSession) await auth.client().auth.signOut({ scope: 'local' })
      return c.redirect(withAuthDialog(next, 'sign-in', fromUrl.code), 303)
    }
    const code = c.req.query('code')
    if (!code) return c.redirect(withAuthDialog(next, 'sign-in', 'link_invalid'), 303)
    const { data, error } = await auth.client().auth.exchangeCodeForSession(code)
    if (error) return c.redirect(withAuthDialog(next, 'sign-in', authErrorCode(error)), 303)
    return c.redirect(nextOfLink(c, data.user?.user_metadata.locale), 303)
  })

  // Links in auth emails: a token hash and its type, verified here so they work in any browser.
  app.get('/auth/confirm', async (c) => {
    const auth = c.get('auth')
    const next = nextOfLink(c, undefined)
    const tokenHash = c.req.query('token_hash')
    const type = c.req.query('type')
    if (!tokenHash || !isEmailLinkType(type)) {
      return c.redirect(withAuthDialog(next, 'sign-in', 'link_invalid'), 303)
    }
    const { data, error } = await auth.client().auth.verifyOtp({ token_hash: tokenHash, type })
    if (error) return c.redirect(withAuthDialog(next, 'sign-in', authErrorCode(error)), 303)
    const signedIn = nextOfLink(c, data.user?.user_metadata.locale)
    if (type === 'recovery') return c.redirect(withAuthDialog(signedIn, 'new-password'), 303)
    return c.redirect(signedIn, 303)
  })
}
