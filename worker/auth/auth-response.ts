import type { AuthError } from '@supabase/supabase-js'
import type { Context } from 'hono'
import {
  AUTH_ERRORS,
  isAuthErrorCode,
  withAuthDialog,
  withoutAuthDialog,
  type AuthErrorCode,
  type AuthMode,
} from '../../shared/auth/auth-dialog-state'
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/i18n/locales'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { buildPath } from '../../shared/routes/build-path'
import { matchRoute } from '../../shared/routes/match-route'
import type { AppEnv } from '../env'
import { errorResponse } from '../errors/error-response'
import { siteOrigin } from '../render/site-origin'
import { safeNextPath } from './safe-next'

/** A form of the sign-in dialog as the worker received it: posted by a form or sent as JSON. */
export interface AuthForm {
  fields: Record<string, string>
  /** Whether the caller wants JSON (the dialog with JavaScript) or a redirect (without). */
  wantsJson: boolean
  /** The same-origin path to return to. */
  next: string
  locale: Locale
}

const MAX_FIELD_LENGTH = 2048

/** The home page in the user's language: where anything unusable as `next` leads. */
function homeOf(locale: Locale): string {
  return buildPath('home', locale)
}

/** The language of a form: its `locale` field, else the language of the path it returns to. */
function localeOf(fields: Record<string, string>, next: string | null): Locale {
  if (isLocale(fields.locale)) return fields.locale
  const match = next ? matchRoute(new URL(next, 'http://x').pathname) : null
  return match?.locale ?? DEFAULT_LOCALE
}

/** Reads a dialog form; fields are strings, anything longer than a form needs is cut off. */
export async function readAuthForm(c: Context<AppEnv>): Promise<AuthForm> {
  const wantsJson = (c.req.header('Accept') ?? '').includes('application/json')
  const type = c.req.header('Content-Type') ?? ''
  const raw: Record<string, unknown> = type.includes('application/json')
    ? await c.req.json<Record<string, unknown>>().catch(() => ({}))
    : await c.req.parseBody().catch(() => ({}))
  const fields: Record<string, string> = {}
  for (const [name, value] of Object.entries(raw ?? {})) {
    if (typeof value === 'string') fields[name] = value.slice(0, MAX_FIELD_LENGTH)
  }
  const next = safeNextPath(fields.next, siteOrigin(c))
  const locale = localeOf(fields, next)
  return { fields, wantsJson, next: withoutAuthDialog(next ?? homeOf(locale)), locale }
}

/** The dialog's error code for an auth server error; anything unknown is `unexpected`. */
export function authErrorCode(error: AuthError | null | undefined): AuthErrorCode {
  if (!error) return 'unexpected'
  if (error.name === 'AuthRetryableFetchError' || (error.status ?? 0) >= 500) return 'unavailable'
  if (error.code === 'otp_expired' || error.code === 'otp_disabled') return 'otp_expired'
  if (error.code === 'flow_state_not_found' || error.code === 'flow_state_expired')
    return 'link_invalid'
  if (error.code === 'bad_code_verifier' || error.name === 'AuthPKCECodeVerifierMissingError') {
    return 'link_invalid'
  }
  return isAuthErrorCode(error.code) ? error.code : 'unexpected'
}

/** A localized auth error: JSON for the dialog, or back to the dialog with the error shown. */
export async function authFailure(
  c: Context<AppEnv>,
  form: AuthForm,
  mode: AuthMode,
  code: AuthErrorCode,
): Promise<Response> {
  if (!form.wantsJson) return c.redirect(withAuthDialog(form.next, mode, code), 303)
  const { t } = createTranslator(form.locale, await loadMessages(form.locale))
  const status = code === 'unavailable' ? 503 : code === 'over_request_rate_limit' ? 429 : 400
  const message = t(`auth.errors.${code}`)
  const field = AUTH_ERRORS[code]
  const fields = field === 'form' ? [] : [{ path: field, code, message }]
  return errorResponse(c, status, { code, message, ...(fields.length > 0 ? { fields } : {}) })
}

/** Success: where the browser goes next (the dialog with JavaScript follows `next` itself). */
export function authSuccess(c: Context<AppEnv>, form: AuthForm, next: string): Response {
  if (form.wantsJson) return c.json({ ok: true, next })
  return c.redirect(next, 303)
}
