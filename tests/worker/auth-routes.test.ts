import { describe, expect, it } from 'vitest'
import {
  backend,
  cookieHeader,
  createUser,
  latestMail,
  postJson,
  request,
  setCookies,
  signIn,
  tokenHash,
  uniqueEmail,
} from './auth-backend'

const KEY = 'sb-127-auth-token'

async function confirmLink(query: Record<string, string>, cookie?: string) {
  const response = await request(`/auth/confirm?${new URLSearchParams(query)}`, {
    headers: cookie ? { Cookie: cookie } : {},
  })
  return {
    status: response.status,
    location: response.headers.get('Location'),
    cookie: cookieHeader(setCookies(response)),
  }
}

async function admin(path: string, body: unknown) {
  const response = await fetch(`${backend.supabaseUrl}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: backend.serviceRoleKey,
      Authorization: `Bearer ${backend.serviceRoleKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
}

describe('the next target of auth links', () => {
  it.each([
    ['https://evil.example/steal', '/en'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
  ])('sends %s to the home page instead', async (next, home) => {
    const locale = home === '/en' ? 'en' : 'tr'
    const response = await postJson('/auth/sign-in', {
      email: 'nobody@example.com',
      password: 'wrong-pass-1',
      next,
      locale,
    })
    expect(response.status).toBe(400)
    const form = await request('/auth/sign-in', {
      method: 'POST',
      headers: {
        Origin: 'https://kiymet.app',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ email: 'x@example.com', password: '', next, locale }),
    })
    expect(form.headers.get('Location')).toBe(`${home}?auth=sign-in&auth_error=missing_credentials`)
  })

  it('keeps a same-origin path, also given as an absolute URL of this site', async () => {
    const email = uniqueEmail('next')
    await createUser(email)
    await postJson('/auth/otp', { email, next: '/de/preise' })
    const mail = await latestMail(email, 'magiclink')
    const link = await confirmLink({
      token_hash: tokenHash(email, mail.code),
      type: 'magiclink',
      next: 'https://kiymet.app/de/preise?x=1',
    })
    expect(link.location).toBe('/de/preise?x=1')
  })
})

describe('errors of the dialog forms', () => {
  it('answers a wrong password with a localized error next to the password field', async () => {
    const email = uniqueEmail('wrong')
    await createUser(email)
    const response = await postJson('/auth/sign-in', {
      email,
      password: 'not-the-password-1',
      next: '/de',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: {
        code: 'invalid_credentials',
        message: 'E-Mail-Adresse oder Passwort ist falsch.',
        fields: [
          {
            path: 'password',
            code: 'invalid_credentials',
            message: 'E-Mail-Adresse oder Passwort ist falsch.',
          },
        ],
      },
    })
    expect(setCookies(response).some((cookie) => cookie.name === KEY)).toBe(false)
  })

  it("gives the specification's message when email or password is missing", async () => {
    const response = await postJson('/auth/sign-in', { email: '', password: '', next: '/en' })
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'You must provide either an email or phone number and a password',
    )
  })

  it('checks the password rules and the terms on sign-up before asking the auth server', async () => {
    const weak = await postJson('/auth/sign-up', {
      email: uniqueEmail('rules'),
      password: 'short',
      terms: 'accepted',
      next: '/en',
    })
    expect(((await weak.json()) as { error: { code: string } }).error.code).toBe('password_rules')
    const noTerms = await postJson('/auth/sign-up', {
      email: uniqueEmail('terms'),
      password: 'long-enough-1',
      next: '/en',
    })
    expect(((await noTerms.json()) as { error: { code: string } }).error.code).toBe(
      'terms_required',
    )
  })
})

describe('the Origin check on writes made with cookies', () => {
  it('refuses another origin', async () => {
    const response = await request('/auth/sign-out', {
      method: 'POST',
      headers: { Origin: 'https://evil.example', Cookie: `${KEY}=x` },
    })
    expect(response.status).toBe(403)
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'cross_origin_request',
    )
  })

  it('refuses a cookie-carrying write with neither Origin nor a same-origin fetch mark', async () => {
    const response = await request('/api/analytics', {
      method: 'POST',
      headers: { Cookie: `${KEY}=x`, 'Content-Type': 'text/plain' },
      body: '{}',
    })
    expect(response.status).toBe(403)
  })

  it("lets this site's own pages through", async () => {
    const response = await request('/auth/sign-out', {
      method: 'POST',
      headers: { Origin: 'https://kiymet.app', Cookie: `${KEY}=x`, Accept: 'application/json' },
    })
    expect(response.status).toBe(200)
  })

  it('lets other writes without cookies through (scripts with a bearer token)', async () => {
    const response = await request('/api/analytics', {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'text/plain' },
      body: '{}',
    })
    // Past the Origin check, the beacon route answers for itself (and refuses a foreign page).
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: { code: 'invalid_page_view', message: 'Foreign origin' },
    })
  })

  it('refuses a sign-in posted from another site even without cookies (login CSRF)', async () => {
    const response = await request('/auth/sign-in', {
      method: 'POST',
      headers: { Origin: 'https://evil.example', Accept: 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(403)
  })
})

describe('/auth/confirm', () => {
  it('confirms a sign-up and signs the new user in', async () => {
    const email = uniqueEmail('signup')
    const response = await postJson('/auth/sign-up', {
      email,
      password: 'long-enough-1',
      terms: 'accepted',
      next: '/en/profile',
      locale: 'en',
    })
    expect(await response.json()).toEqual({ ok: true, next: '/en/profile?auth=check-email' })
    const mail = await latestMail(email, 'signup')
    const link = await confirmLink({
      token_hash: tokenHash(email, mail.code),
      type: 'signup',
      next: '/en/profile',
    })
    expect(link).toMatchObject({ status: 303, location: '/en/profile' })
    const profile = await request('/en/profile', { headers: { Cookie: link.cookie } })
    expect(await profile.text()).toContain(email)
  })

  it('signs in with a magic link', async () => {
    const email = uniqueEmail('magic')
    await createUser(email)
    await postJson('/auth/otp', { email, next: '/en' })
    const mail = await latestMail(email, 'magiclink')
    const link = await confirmLink({
      token_hash: tokenHash(email, mail.code),
      type: 'magiclink',
      next: '/en',
    })
    expect(link.location).toBe('/en')
    expect(link.cookie).toContain(KEY)
  })

  it('opens "choose a new password" after a recovery link, and the new password works', async () => {
    const email = uniqueEmail('recover')
    await createUser(email)
    await postJson('/auth/recover', { email, next: '/en/pricing' })
    const mail = await latestMail(email, 'recovery')
    const link = await confirmLink({
      token_hash: tokenHash(email, mail.code),
      type: 'recovery',
      next: '/en/pricing',
    })
    expect(link.location).toBe('/en/pricing?auth=new-password')
    const saved = await postJson(
      '/auth/new-password',
      { password: 'brand-new-pass-2', next: '/en/pricing' },
      link.cookie,
    )
    expect(await saved.json()).toEqual({ ok: true, next: '/en/pricing' })
    await expect(signIn(email, 'brand-new-pass-2')).resolves.toContain(KEY)
  })

  it('accepts an invitation', async () => {
    const email = uniqueEmail('invite')
    await admin('/invite', { email, data: { locale: 'de' } })
    const mail = await latestMail(email, 'invite')
    const link = await confirmLink({
      token_hash: tokenHash(email, mail.code),
      type: 'invite',
      next: '/de/profil',
    })
    expect(link).toMatchObject({ status: 303, location: '/de/profil' })
    expect(link.cookie).toContain(KEY)
  })

  it("without a usable next, lands on the home page in the user's own language", async () => {
    const email = uniqueEmail('lang')
    await admin('/invite', { email, data: { locale: 'de' } })
    const mail = await latestMail(email, 'invite')
    const link = await confirmLink({
      token_hash: tokenHash(email, mail.code),
      type: 'invite',
      next: 'https://evil.example/',
    })
    expect(link.location).toBe('/de')
  })

  it('confirms an email change', async () => {
    const email = uniqueEmail('old')
    const newEmail = uniqueEmail('new')
    await createUser(email)
    const cookie = await signIn(email)
    const session = JSON.parse(
      new TextDecoder().decode(
        Uint8Array.from(
          atob(
            (cookie.split(`${KEY}=base64-`)[1] ?? '')
              .split(';')[0]!
              .replaceAll('-', '+')
              .replaceAll('_', '/'),
          ),
          (char) => char.charCodeAt(0),
        ),
      ),
    ) as { access_token: string }
    const update = await fetch(`${backend.supabaseUrl}/auth/v1/user`, {
      method: 'PUT',
      headers: {
        apikey: backend.anonKey,
        Authorization: `Bearer ${session.access_token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ email: newEmail }),
    })
    expect(update.ok).toBe(true)
    const mail = await latestMail(newEmail, 'email_change')
    const link = await confirmLink(
      { token_hash: tokenHash(newEmail, mail.code), type: 'email_change', next: '/en/profile' },
      cookie,
    )
    expect(link.location).toBe('/en/profile')
    await expect(signIn(newEmail)).resolves.toContain(KEY)
  })

  it('answers a used or wrong link with a message in the dialog, never a session', async () => {
    const link = await confirmLink({ token_hash: 'f'.repeat(56), type: 'signup', next: '/de' })
    expect(link.location).toBe('/de?auth=sign-in&auth_error=otp_expired')
    expect(link.cookie).toBe('')
    const malformed = await confirmLink({ token_hash: 'x', type: 'nonsense', next: '/de' })
    expect(malformed.location).toBe('/de?auth=sign-in&auth_error=link_invalid')
  })
})

describe('/auth/callback', () => {
  it('turns an error in the URL into a message and ends the session', async () => {
    const email = uniqueEmail('cb-error')
    await createUser(email)
    const cookie = await signIn(email)
    const response = await request(
      '/auth/callback?error=access_denied&error_code=bad_oauth_state&error_description=Denied&next=%2Fen',
      { headers: { Cookie: cookie } },
    )
    expect(response.headers.get('Location')).toBe('/en?auth=sign-in&auth_error=link_invalid')
    expect(setCookies(response).find((entry) => entry.name === KEY)?.attributes).toMatch(
      /Max-Age=0/,
    )
  })

  it('keeps the session when the identity is already linked', async () => {
    const email = uniqueEmail('cb-linked')
    await createUser(email)
    const cookie = await signIn(email)
    const response = await request(
      '/auth/callback?error=server_error&error_description=Identity+is+already+linked+to+another+user&next=%2Fen%2Fprofile',
      { headers: { Cookie: cookie } },
    )
    expect(response.headers.get('Location')).toBe(
      '/en/profile?auth=sign-in&auth_error=identity_already_exists',
    )
    expect(setCookies(response).some((entry) => /Max-Age=0/.test(entry.attributes))).toBe(false)
  })

  it('refuses a missing or unknown code', async () => {
    const missing = await request('/auth/callback?next=%2Fde')
    expect(missing.headers.get('Location')).toBe('/de?auth=sign-in&auth_error=link_invalid')
    const unknown = await request(
      '/auth/callback?code=00000000-0000-0000-0000-000000000000&next=%2Fde',
    )
    expect(unknown.headers.get('Location')).toBe('/de?auth=sign-in&auth_error=link_invalid')
  })
})
