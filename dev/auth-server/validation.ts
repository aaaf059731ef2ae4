import type { AuthConfig } from './config'
import { AuthError, badRequest } from './errors'

// GoTrue's address pattern (HTML5's), with its 255-character limit.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

/** The address as stored (lower case), or the hosted service's validation error. */
export function validateEmail(email: string): string {
  const trimmed = email.trim()
  if (trimmed.length > 255 || !EMAIL_PATTERN.test(trimmed)) {
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format')
  }
  return trimmed.toLowerCase()
}

export function assertStrongPassword(password: string, config: AuthConfig): void {
  if ([...password].length < config.passwordMinLength) {
    throw new AuthError(
      422,
      'weak_password',
      `Password should be at least ${config.passwordMinLength} characters.`,
      { weak_password: { reasons: ['length'] } },
    )
  }
}
