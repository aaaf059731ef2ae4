/**
 * The sign-in dialog is URL state: `?auth=<mode>` opens it on any screen (so a link, a redirect or
 * a browser without JavaScript can open it), `auth_error=<code>` shows why the last try failed.
 */
export const AUTH_MODES = [
  'sign-in',
  'sign-up',
  'code',
  'verify-code',
  'forgot',
  'new-password',
  'check-email',
  'reset-sent',
] as const
export type AuthMode = (typeof AUTH_MODES)[number]

/** Where each error is shown: next to its field, or above the form. */
type ErrorField = 'email' | 'password' | 'code' | 'terms' | 'form'

/**
 * Every auth error the dialog and the auth routes can show, by the code the auth server (or the
 * worker's own checks) gives; each has a message under `auth.errors.<code>` in every language.
 */
export const AUTH_ERRORS = {
  missing_credentials: 'email',
  missing_email: 'email',
  email_address_invalid: 'email',
  invalid_credentials: 'password',
  email_not_confirmed: 'email',
  user_already_exists: 'email',
  email_exists: 'email',
  weak_password: 'password',
  password_rules: 'password',
  same_password: 'password',
  terms_required: 'terms',
  otp_expired: 'code',
  mfa_verification_failed: 'code',
  mfa_factor_not_found: 'form',
  code_invalid: 'code',
  signup_disabled: 'form',
  over_email_send_rate_limit: 'form',
  over_request_rate_limit: 'form',
  provider_disabled: 'form',
  session_missing: 'form',
  link_invalid: 'form',
  identity_already_exists: 'form',
  unavailable: 'form',
  unexpected: 'form',
} as const satisfies Record<string, ErrorField>
export type AuthErrorCode = keyof typeof AUTH_ERRORS

export function isAuthErrorCode(value: unknown): value is AuthErrorCode {
  return typeof value === 'string' && Object.hasOwn(AUTH_ERRORS, value)
}

export function isAuthMode(value: unknown): value is AuthMode {
  return typeof value === 'string' && (AUTH_MODES as readonly string[]).includes(value)
}

export interface AuthDialogState {
  mode: AuthMode
  /** OAuth providers the auth server has enabled; null until known (then the dialog asks). */
  providers: string[] | null
}

/** The dialog mode a URL asks for, or null; an unknown mode is ignored. */
export function authModeFromUrl(url: URL): AuthMode | null {
  const mode = url.searchParams.get('auth')
  return isAuthMode(mode) ? mode : null
}

/** The auth error a URL carries (`auth_error`), or null; an unknown code is ignored. */
export function authErrorFromUrl(url: URL): AuthErrorCode | null {
  const error = url.searchParams.get('auth_error')
  return isAuthErrorCode(error) ? error : null
}

/** `path` with the dialog in `mode` open (and an error to show), other query parameters kept. */
export function withAuthDialog(path: string, mode: AuthMode, error?: AuthErrorCode): string {
  const url = new URL(path, 'http://x')
  url.searchParams.set('auth', mode)
  if (error) url.searchParams.set('auth_error', error)
  else url.searchParams.delete('auth_error')
  return `${url.pathname}${url.search}`
}

/** `path` without the dialog's parameters: where the visitor returns after it. */
export function withoutAuthDialog(path: string): string {
  const url = new URL(path, 'http://x')
  url.searchParams.delete('auth')
  url.searchParams.delete('auth_error')
  return `${url.pathname}${url.search}`
}

/** Sign-up's password rules, shown as the visitor types and checked again by the worker. */
export const PASSWORD_RULES = {
  length: (password: string) => [...password].length >= 8,
  letter: (password: string) => /\p{L}/u.test(password),
  digit: (password: string) => /\p{Nd}/u.test(password),
} as const
export type PasswordRule = keyof typeof PASSWORD_RULES

export function passwordMeetsRules(password: string): boolean {
  return Object.values(PASSWORD_RULES).every((rule) => rule(password))
}
