import { describe, expect, it } from 'vitest'
import { ProfileError, profileErrorCode } from './profile-errors'

describe('profileErrorCode', () => {
  it('keeps the codes the page has a message for', () => {
    expect(profileErrorCode({ name: 'AuthApiError', status: 422, code: 'same_password' })).toBe(
      'same_password',
    )
    expect(profileErrorCode({ status: 400, code: 'reauthentication_needed' })).toBe(
      'reauthentication_needed',
    )
    expect(profileErrorCode({ status: 422, code: 'single_identity_not_deletable' })).toBe(
      'single_identity_not_deletable',
    )
    expect(profileErrorCode({ status: 422, code: 'too_many_enrolled_mfa_factors' })).toBe(
      'too_many_enrolled_mfa_factors',
    )
  })

  it('says the service is unavailable for network failures and 5xx answers', () => {
    expect(profileErrorCode({ name: 'AuthRetryableFetchError', status: 0 })).toBe('unavailable')
    expect(profileErrorCode(new TypeError('Failed to fetch'))).toBe('unavailable')
    expect(profileErrorCode({ name: 'AuthApiError', status: 503, code: 'x' })).toBe('unavailable')
  })

  it('maps a missing session and neighbouring codes to the messages that fit', () => {
    expect(profileErrorCode({ name: 'AuthSessionMissingError', status: 400 })).toBe(
      'session_missing',
    )
    expect(profileErrorCode({ status: 422, code: 'mfa_challenge_expired' })).toBe(
      'mfa_verification_failed',
    )
    expect(profileErrorCode({ status: 403, code: 'otp_disabled' })).toBe('otp_expired')
  })

  it('falls back to unexpected for anything else', () => {
    expect(profileErrorCode({ status: 400, code: 'something_new' })).toBe('unexpected')
    expect(profileErrorCode('boom')).toBe('unexpected')
    expect(profileErrorCode(null)).toBe('unexpected')
  })
})

describe('ProfileError', () => {
  it('carries a refusal of the page itself to the form, as its code', () => {
    expect(profileErrorCode(new ProfileError('confirm_word'))).toBe('confirm_word')
    expect(profileErrorCode(new ProfileError('reauthentication_needed'))).toBe(
      'reauthentication_needed',
    )
  })
})
