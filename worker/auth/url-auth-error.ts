import type { AuthErrorCode } from '../../shared/auth/auth-dialog-state'

/** Descriptions the auth server gives when an identity is linked already: the session stays. */
const KEEPS_SESSION = ['Identity is already linked', 'Identity is already linked to another user']

/**
 * The error an auth redirect carries in its query (`error`, `error_code`, `error_description`),
 * as the dialog's code, and whether the session survives it (the specification's §8 rule).
 */
export function urlAuthError(url: URL): { code: AuthErrorCode; keepSession: boolean } | null {
  const error = url.searchParams.get('error')
  const errorCode = url.searchParams.get('error_code')
  const description = url.searchParams.get('error_description') ?? ''
  if (!error && !errorCode) return null
  const keepSession = KEEPS_SESSION.includes(description)
  if (keepSession || errorCode === 'identity_already_exists') {
    return { code: 'identity_already_exists', keepSession: true }
  }
  if (errorCode === 'otp_expired') return { code: 'otp_expired', keepSession: false }
  return { code: 'link_invalid', keepSession: false }
}
