/**
 * Every error the profile page can show, by the code the auth server (or the page's own checks,
 * or the worker's account API) gives; each has a message under `profile.errors.<code>` in every
 * language. The sections show each beside its field, or above the form.
 */
export const PROFILE_ERRORS = [
  'name_too_long',
  'time_zone_unknown',
  'email_address_invalid',
  'email_exists',
  'same_email',
  'password_rules',
  'weak_password',
  'same_password',
  'reauthentication_needed',
  'reauthentication_not_valid',
  'reauthentication_expired',
  'code_invalid',
  'otp_expired',
  'mfa_verification_failed',
  'mfa_factor_name_conflict',
  'too_many_enrolled_mfa_factors',
  'invalid_credentials',
  'confirm_word',
  'single_identity_not_deletable',
  'identity_already_exists',
  'manual_linking_disabled',
  'provider_disabled',
  'over_email_send_rate_limit',
  'over_request_rate_limit',
  'session_missing',
  'not_authenticated',
  'sign_out_failed',
  'download_failed',
  'unavailable',
  'unexpected',
] as const

export type ProfileErrorCode = (typeof PROFILE_ERRORS)[number]

export function isProfileErrorCode(value: unknown): value is ProfileErrorCode {
  return typeof value === 'string' && (PROFILE_ERRORS as readonly string[]).includes(value)
}

/** What an auth-js error (or anything thrown on the way) means for the person at the screen. */
export function profileErrorCode(error: unknown): ProfileErrorCode {
  if (!error || typeof error !== 'object') return 'unexpected'
  const { name, status, code } = error as { name?: unknown; status?: unknown; code?: unknown }
  if (name === 'AuthRetryableFetchError' || name === 'TypeError') return 'unavailable'
  if (typeof status === 'number' && status >= 500) return 'unavailable'
  if (name === 'AuthSessionMissingError' || code === 'session_not_found') return 'session_missing'
  if (code === 'otp_disabled') return 'otp_expired'
  if (code === 'mfa_challenge_expired' || code === 'mfa_verification_rejected') {
    return 'mfa_verification_failed'
  }
  if (code === 'email_conflict_identity_not_deletable') return 'single_identity_not_deletable'
  if (code === 'identity_not_found' || code === 'user_not_found') return 'session_missing'
  if (code === 'validation_failed' && name === 'AuthWeakPasswordError') return 'weak_password'
  return isProfileErrorCode(code) ? code : 'unexpected'
}

/**
 * A refusal the page decides itself (the auth server wants a code first, say), thrown to the
 * form's submit, which shows it as it shows the auth server's.
 */
export class ProfileError extends Error {
  constructor(readonly code: ProfileErrorCode) {
    super(code)
    this.name = 'ProfileError'
  }
}
