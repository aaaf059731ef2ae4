import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import {
  authCall,
  backend,
  cookieHeader,
  createUser,
  decodeSession,
  postJson,
  request,
  setCookies,
  signIn,
  uniqueEmail,
} from './auth-backend'

const KEY = 'sb-127-auth-token'
const PROFILE = '/en/profile'
const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate()

interface Device {
  id: string
  secret: string
}

/**
 * A user with two verified authenticators, "Phone" and then "Backup phone", added as the profile
 * adds them: the second one from a session the first raised to aal2.
 */
async function userWithTwoDevices(tag: string) {
  const email = uniqueEmail(tag)
  await createUser(email)
  const password = await fetch(`${backend.supabaseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret-pass-1' }),
  })
  let { access_token: token } = (await password.json()) as { access_token: string }
  const devices: Device[] = []
  for (const name of ['Phone', 'Backup phone']) {
    const factor = await authCall<{ id: string; totp: { secret: string } }>(token, '/factors', {
      factor_type: 'totp',
      friendly_name: name,
    })
    const challenge = await authCall<{ id: string }>(token, `/factors/${factor.id}/challenge`, {})
    const verified = await authCall<{ access_token: string }>(
      token,
      `/factors/${factor.id}/verify`,
      { challenge_id: challenge.id, code: codeFor(factor.totp.secret) },
    )
    token = verified.access_token
    devices.push({ id: factor.id, secret: factor.totp.secret })
  }
  const [phone, backup] = devices as [Device, Device]
  return { email, phone, backup }
}

/** The assurance level of the session a response's cookies hold. */
function aalOf(response: Response): unknown {
  const cookie = setCookies(response).find((entry) => entry.name === KEY)
  if (!cookie) return null
  const session = decodeSession(decodeURIComponent(cookie.value))
  const payload = String(session.access_token).split('.')[1] ?? ''
  const json = atob(payload.replaceAll('-', '+').replaceAll('_', '/'))
  return (JSON.parse(json) as { aal: unknown }).aal
}

/** Whether `html` has a radio posting `factor` with this id, and whether it is the one chosen. */
function factorRadio(html: string, id: string): 'chosen' | 'offered' | 'absent' {
  const input = [...html.matchAll(/<input [^>]*type="radio"[^>]*>/g)]
    .map(([tag]) => tag)
    .find((tag) => tag.includes(`value="${id}"`) && tag.includes('name="factor"'))
  if (!input) return 'absent'
  return input.includes('checked') ? 'chosen' : 'offered'
}

describe('the second step of signing in with a backup device', () => {
  it('asks which device the code comes from, and the plain form signs in with the chosen one', async () => {
    const { email, phone, backup } = await userWithTwoDevices('mfa-choice')
    const cookie = await signIn(email)
    const screen = await request(PROFILE, { headers: { Cookie: cookie } })
    const html = await screen.text()
    expect(html).toContain('<legend>Which device are you using?</legend>')
    expect(factorRadio(html, phone.id)).toBe('chosen')
    expect(factorRadio(html, backup.id)).toBe('offered')
    expect(html).toMatch(/>Phone<\/label>.*>Backup phone<\/label>/s)

    const response = await request('/auth/mfa-verify', {
      method: 'POST',
      headers: {
        Origin: 'https://kiymet.app',
        Cookie: cookie,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        code: codeFor(backup.secret),
        factor: backup.id,
        next: PROFILE,
        locale: 'en',
      }),
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe(PROFILE)
    expect(aalOf(response)).toBe('aal2')
    const profile = await request(PROFILE, {
      headers: { Cookie: cookieHeader(setCookies(response)) },
    })
    expect(await profile.text()).not.toContain('Which device are you using?')
  })

  it("checks the code against the chosen device only, and refuses a device that is not the user's", async () => {
    const { email, phone, backup } = await userWithTwoDevices('mfa-chosen')
    const cookie = await signIn(email)
    const verify = (code: string, factor: string) =>
      postJson('/auth/mfa-verify', { code, factor, next: PROFILE, locale: 'en' }, cookie)

    const otherDevice = await verify(codeFor(phone.secret), backup.id)
    expect(otherDevice.status).toBe(400)
    expect(((await otherDevice.json()) as { error: { code: string } }).error.code).toBe(
      'mfa_verification_failed',
    )
    expect(aalOf(otherDevice)).toBeNull()

    const strangers = await userWithTwoDevices('mfa-stranger')
    const notTheirs = await verify(codeFor(strangers.backup.secret), strangers.backup.id)
    expect(notTheirs.status).toBe(400)
    expect(await notTheirs.json()).toEqual({
      error: {
        code: 'mfa_factor_not_found',
        message: 'That device is no longer set up for your account. Choose another one.',
      },
    })

    const chosen = await verify(codeFor(backup.secret), backup.id)
    expect(await chosen.json()).toEqual({ ok: true, next: PROFILE })
    expect(aalOf(chosen)).toBe('aal2')
  })
})
