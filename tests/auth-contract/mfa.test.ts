import { decodeJwt } from 'jose'
import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { client, signedInClient } from './target'

const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate()

describe('TOTP multi-factor authentication', () => {
  it('enroll returns an SVG QR code, secret and otpauth URI', async () => {
    const { supabase } = await signedInClient('mfa-enroll')
    const { data, error } = await supabase.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Phone',
      issuer: 'Kıymet',
    })
    expect(error).toBeNull()
    expect(data?.type).toBe('totp')
    expect(data?.friendly_name).toBe('Phone')
    expect(data?.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/)
    expect(data?.totp.uri).toMatch(/^otpauth:\/\/totp\//)
    expect(data?.totp.secret).toMatch(/^[A-Z2-7]+=*$/)
    const duplicate = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })
    expect(duplicate.error?.code).toBe('mfa_factor_name_conflict')
  })

  it('challenge and verify move the session from aal1 to aal2 with amr totp', async () => {
    const { supabase } = await signedInClient('mfa-verify')
    const before = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' })
    const { data: factor } = await supabase.auth.mfa.enroll({ factorType: 'totp' })
    const { data: challenge, error: challengeError } = await supabase.auth.mfa.challenge({
      factorId: factor?.id ?? '',
    })
    expect(challengeError).toBeNull()
    expect(challenge?.expires_at).toBeGreaterThan(Date.now() / 1000)
    const events: string[] = []
    supabase.auth.onAuthStateChange((event) => void events.push(event))
    const { data, error } = await supabase.auth.mfa.verify({
      factorId: factor?.id ?? '',
      challengeId: challenge?.id ?? '',
      code: codeFor(factor?.totp.secret ?? ''),
    })
    expect(error).toBeNull()
    const claims = decodeJwt(data?.access_token ?? '')
    expect(claims.aal).toBe('aal2')
    expect((claims.amr as Array<{ method: string }>)[0]?.method).toBe('totp')
    expect(events).toContain('MFA_CHALLENGE_VERIFIED')
    const after = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(after.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })
    const { data: factors } = await supabase.auth.mfa.listFactors()
    expect(factors?.totp.map((f) => f.status)).toEqual(['verified'])
  })

  it('a wrong code is mfa_verification_failed and leaves aal1', async () => {
    const { supabase } = await signedInClient('mfa-wrong')
    const { data: factor } = await supabase.auth.mfa.enroll({ factorType: 'totp' })
    const { data, error } = await supabase.auth.mfa.challengeAndVerify({
      factorId: factor?.id ?? '',
      code: '000000',
    })
    expect(data).toBeNull()
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('mfa_verification_failed')
    const level = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data?.currentLevel).toBe('aal1')
  })

  it('a new sign-in of a user with a verified factor starts at aal1 and needs aal2', async () => {
    const first = await signedInClient('mfa-next')
    const { data: factor } = await first.supabase.auth.mfa.enroll({ factorType: 'totp' })
    await first.supabase.auth.mfa.challengeAndVerify({
      factorId: factor?.id ?? '',
      code: codeFor(factor?.totp.secret ?? ''),
    })
    const second = await signedInClient('ignored')
    await second.supabase.auth.signInWithPassword(first.user)
    const level = await second.supabase.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
  })

  it('unenroll needs aal2 for a verified factor, then removes it', async () => {
    const { supabase, user } = await signedInClient('mfa-unenroll')
    const { data: factor } = await supabase.auth.mfa.enroll({ factorType: 'totp' })
    const secret = factor?.totp.secret ?? ''
    await supabase.auth.mfa.challengeAndVerify({
      factorId: factor?.id ?? '',
      code: codeFor(secret),
    })
    const other = await signedInClient('ignored-2')
    await other.supabase.auth.signInWithPassword(user)
    const refused = await other.supabase.auth.mfa.unenroll({ factorId: factor?.id ?? '' })
    expect(refused.error?.code).toBe('insufficient_aal')
    const { data, error } = await supabase.auth.mfa.unenroll({ factorId: factor?.id ?? '' })
    expect(error).toBeNull()
    expect(data?.id).toBe(factor?.id)
    const missing = await supabase.auth.mfa.challenge({ factorId: factor?.id ?? '' })
    expect(missing.error?.code).toBe('mfa_factor_not_found')
  })
})

/** A user signed in on a fresh client with one verified factor, named `Phone`, at aal2. */
async function userWithVerifiedFactor(tag: string) {
  const signedIn = await signedInClient(tag)
  const { data: factor, error } = await signedIn.supabase.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: 'Phone',
  })
  if (error || !factor) throw error ?? new Error('no factor')
  const verified = await signedIn.supabase.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code: codeFor(factor.totp.secret),
  })
  if (verified.error) throw verified.error
  return { ...signedIn, factor }
}

/** A second client of the same user, signed in with the password only (aal1). */
async function passwordOnly(user: { email: string; password: string }) {
  const other = client()
  const { error } = await other.supabase.auth.signInWithPassword(user)
  if (error) throw error
  return other.supabase
}

describe('a second TOTP factor (a backup device)', () => {
  it('is enrolled only at aal2, answers to its own code, and stays when the first goes', async () => {
    const { supabase, user, factor: first } = await userWithVerifiedFactor('mfa-second')
    const another = await passwordOnly(user)
    const refused = await another.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Backup' })
    expect(refused.error?.status).toBe(403)
    expect(refused.error?.code).toBe('insufficient_aal')

    const { data: second, error } = await supabase.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Backup',
    })
    expect(error).toBeNull()
    expect(second?.totp.uri).toContain(`secret=${second?.totp.secret}`)
    const added = await supabase.auth.mfa.challengeAndVerify({
      factorId: second?.id ?? '',
      code: codeFor(second?.totp.secret ?? ''),
    })
    expect(added.error).toBeNull()
    const { data: listed } = await supabase.auth.mfa.listFactors()
    expect(listed?.totp.map((factor) => [factor.friendly_name, factor.status])).toEqual([
      ['Phone', 'verified'],
      ['Backup', 'verified'],
    ])

    // A new sign-in verifies with the second factor; the first one's code does not open it.
    const signIn = await passwordOnly(user)
    const wrongDevice = await signIn.auth.mfa.challengeAndVerify({
      factorId: second?.id ?? '',
      code: codeFor(first.totp.secret),
    })
    expect(wrongDevice.error?.code).toBe('mfa_verification_failed')
    const withSecond = await signIn.auth.mfa.challengeAndVerify({
      factorId: second?.id ?? '',
      code: codeFor(second?.totp.secret ?? ''),
    })
    expect(withSecond.error).toBeNull()
    expect(decodeJwt(withSecond.data?.access_token ?? '').aal).toBe('aal2')

    // Removing the first keeps the second, and the session the second raised stays at aal2;
    // a session the first raised falls back to aal1, although the second is still verified.
    const raisedByFirst = await another.auth.mfa.challengeAndVerify({
      factorId: first.id,
      code: codeFor(first.totp.secret),
    })
    expect(raisedByFirst.error).toBeNull()
    const removed = await signIn.auth.mfa.unenroll({ factorId: first.id })
    expect(removed.error).toBeNull()
    const { data: left } = await signIn.auth.mfa.listFactors()
    expect(left?.all.map((factor) => factor.id)).toEqual([second?.id])
    const { data: kept } = await signIn.auth.refreshSession()
    expect(decodeJwt(kept.session?.access_token ?? '').aal).toBe('aal2')
    const { data: dropped } = await another.auth.refreshSession()
    expect(decodeJwt(dropped.session?.access_token ?? '').aal).toBe('aal1')
    const next = await passwordOnly(user)
    const level = await next.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
  })

  it('verifying a factor ends the enrolments the user left unconfirmed', async () => {
    const { supabase } = await signedInClient('mfa-unconfirmed')
    const { data: abandoned } = await supabase.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Old phone',
    })
    const { data: kept } = await supabase.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Phone',
    })
    await supabase.auth.mfa.challengeAndVerify({
      factorId: kept?.id ?? '',
      code: codeFor(kept?.totp.secret ?? ''),
    })
    const { data } = await supabase.auth.mfa.listFactors()
    expect(data?.all.map((factor) => factor.id)).toEqual([kept?.id])
    const gone = await supabase.auth.mfa.challenge({ factorId: abandoned?.id ?? '' })
    expect(gone.error?.code).toBe('mfa_factor_not_found')
  })

  it('a second factor without a name conflicts with the first one without a name', async () => {
    const { supabase } = await signedInClient('mfa-unnamed')
    expect((await supabase.auth.mfa.enroll({ factorType: 'totp' })).error).toBeNull()
    const second = await supabase.auth.mfa.enroll({ factorType: 'totp' })
    expect(second.error?.code).toBe('mfa_factor_name_conflict')
  })
})
