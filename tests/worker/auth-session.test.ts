import { describe, expect, it, vi } from 'vitest'
import {
  backend,
  cookieHeader,
  createUser,
  decodeSession,
  encodeSession,
  expiredSessionCookie,
  SESSION_COOKIE as KEY,
  sessionCookieValue,
  postJson,
  request,
  requestWithBackend,
  setCookies,
  signIn,
  uniqueEmail,
} from './auth-backend'

const signedInHeader = (html: string) => html.includes('class="account-menu"')
const signInLink = (html: string) => html.includes('class="button button--small account-sign-in"')

describe('cookie sessions', () => {
  it('renders a visitor without touching cookies', async () => {
    const response = await request('/en')
    expect(setCookies(response)).toEqual([])
    const html = await response.text()
    expect(signInLink(html)).toBe(true)
    expect(signedInHeader(html)).toBe(false)
  })

  it('reads a session cookie: the header and private screens know the user', async () => {
    const email = uniqueEmail('reader')
    await createUser(email)
    const cookie = await signIn(email)
    const page = await request('/en', { headers: { Cookie: cookie } })
    const html = await page.text()
    expect(signedInHeader(html)).toBe(true)
    // A reused public page never names anyone.
    expect(html).not.toContain(email)
    const profile = await request('/en/profile', { headers: { Cookie: cookie } })
    expect(profile.headers.get('Cache-Control')).toBe('private, no-store')
    const profileHtml = await profile.text()
    expect(profileHtml).toContain(email)
  })

  it('writes secure, lax, path=/ cookies outside loopback', async () => {
    const email = uniqueEmail('flags')
    await createUser(email)
    const response = await postJson('/auth/sign-in', {
      email,
      password: 'secret-pass-1',
      next: '/en',
    })
    const [session] = setCookies(response).filter((cookie) => cookie.name.startsWith(KEY))
    expect(session?.attributes).toMatch(/Path=\//)
    expect(session?.attributes).toMatch(/SameSite=Lax/)
    expect(session?.attributes).toMatch(/Secure/)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
  })

  it('refreshes an expired session before the page streams', async () => {
    const email = uniqueEmail('refresh')
    await createUser(email)
    const session = decodeSession(sessionCookieValue(await signIn(email)))
    const expired = encodeSession({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60 })
    const response = await request('/en', { headers: { Cookie: `${KEY}=${expired}` } })
    const written = setCookies(response).find((cookie) => cookie.name === KEY)
    expect(written).toBeDefined()
    const refreshed = decodeSession(written?.value ?? '')
    expect(refreshed.refresh_token).not.toBe(session.refresh_token)
    expect(refreshed.access_token).not.toBe(session.access_token)
    expect(signedInHeader(await response.text())).toBe(true)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
  })

  it('treats an expired session that cannot be refreshed as signed out and clears it', async () => {
    const email = uniqueEmail('stale')
    await createUser(email)
    const session = decodeSession(sessionCookieValue(await signIn(email)))
    const dead = encodeSession({
      ...session,
      expires_at: Math.floor(Date.now() / 1000) - 60,
      refresh_token: 'not-a-refresh-token',
    })
    const response = await request('/en', { headers: { Cookie: `${KEY}=${dead}` } })
    const cleared = setCookies(response).find((cookie) => cookie.name === KEY)
    expect(cleared?.attributes).toMatch(/Max-Age=0/)
    expect(signInLink(await response.text())).toBe(true)
  })

  it('treats a tampered token as signed out and clears the cookie', async () => {
    const email = uniqueEmail('tamper')
    await createUser(email)
    const session = decodeSession(sessionCookieValue(await signIn(email)))
    const [header, payload] = String(session.access_token).split('.')
    const claims = JSON.parse(atob((payload ?? '').replaceAll('-', '+').replaceAll('_', '/')))
    const forged = btoa(JSON.stringify({ ...claims, sub: crypto.randomUUID() }))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '')
    const signature = String(session.access_token).split('.')[2]
    const tampered = encodeSession({ ...session, access_token: `${header}.${forged}.${signature}` })
    const response = await request('/en/profile', { headers: { Cookie: `${KEY}=${tampered}` } })
    const cleared = setCookies(response).find((cookie) => cookie.name === KEY)
    expect(cleared?.attributes).toMatch(/Max-Age=0/)
    const html = await response.text()
    expect(html).not.toContain(email)
    expect(html).toContain('?auth=sign-in')
  })

  it('treats garbage in the cookie as signed out and clears it', async () => {
    const response = await request('/en', { headers: { Cookie: `${KEY}=base64-!!!not-json` } })
    expect(setCookies(response).find((cookie) => cookie.name === KEY)?.attributes).toMatch(
      /Max-Age=0/,
    )
    expect(signInLink(await response.text())).toBe(true)
  })

  it("ignores another project's cookie", async () => {
    const email = uniqueEmail('foreign')
    await createUser(email)
    const value = sessionCookieValue(await signIn(email))
    const response = await request('/en', {
      headers: { Cookie: `sb-otherproject-auth-token=${value}` },
    })
    expect(setCookies(response)).toEqual([])
    expect(signInLink(await response.text())).toBe(true)
  })

  it('signs out: the session ends at the auth server and every auth cookie expires', async () => {
    const email = uniqueEmail('signout')
    await createUser(email)
    const cookie = await signIn(email)
    const response = await postJson('/auth/sign-out', { scope: 'local', locale: 'de' }, cookie)
    expect(await response.json()).toEqual({ ok: true, next: '/de' })
    const cleared = setCookies(response).find((entry) => entry.name === KEY)
    expect(cleared?.attributes).toMatch(/Max-Age=0/)
    // The old refresh token is dead: the same cookie, once expired, no longer signs anyone in.
    const after = await request('/en', { headers: { Cookie: expiredSessionCookie(cookie) } })
    expect(signInLink(await after.text())).toBe(true)
  })

  it('keeps a signed-in user on a signed-in header after sign-in through the dialog form', async () => {
    const email = uniqueEmail('form')
    await createUser(email)
    const response = await request('/auth/sign-in', {
      method: 'POST',
      headers: {
        Origin: 'https://kiymet.app',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ email, password: 'secret-pass-1', next: '/de/preise' }),
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/de/preise')
    const page = await request('/de/preise', {
      headers: { Cookie: cookieHeader(setCookies(response)) },
    })
    expect(signedInHeader(await page.text())).toBe(true)
  })
})

describe('a private screen and the auth server', () => {
  it('asks the auth server nothing: the token is checked with the cached keys, factors in Postgres', async () => {
    const email = uniqueEmail('no-round-trip')
    await createUser(email)
    const cookie = await signIn(email)
    // The first request of an isolate fetches the project's signing keys; later ones reuse them.
    await request('/en/profile', { headers: { Cookie: cookie } })
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    try {
      const profile = await request('/en/profile', { headers: { Cookie: cookie } })
      expect(await profile.text()).toContain(email)
      const asked = fetchSpy.mock.calls
        .map(([input]) => (input instanceof Request ? input.url : String(input)))
        .filter((url) => url.startsWith(backend.supabaseUrl))
      expect(asked).toEqual([])
    } finally {
      fetchSpy.mockRestore()
    }
  })

  it('a session signed out on another device ends here too, without asking the auth server', async () => {
    const email = uniqueEmail('ended-elsewhere')
    await createUser(email)
    const laptop = await signIn(email)
    const phone = await signIn(email)
    await request('/en/profile', { headers: { Cookie: phone } })
    const signedOut = await postJson('/auth/sign-out', { scope: 'others', locale: 'en' }, laptop)
    expect(signedOut.status).toBe(200)
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    try {
      const profile = await request('/en/profile', { headers: { Cookie: phone } })
      const html = await profile.text()
      expect(html).not.toContain(email)
      expect(signInLink(html)).toBe(true)
      const cleared = setCookies(profile).find((cookie) => cookie.name === KEY)
      expect(cleared?.attributes).toMatch(/Max-Age=0/)
      expect(profile.headers.get('Cache-Control')).toBe('private, no-store')
      const asked = fetchSpy.mock.calls.filter(([input]) =>
        (input instanceof Request ? input.url : String(input)).startsWith(backend.supabaseUrl),
      )
      expect(asked).toEqual([])
    } finally {
      fetchSpy.mockRestore()
    }
    // The device that signed the others out reads on.
    expect(await (await request('/en/profile', { headers: { Cookie: laptop } })).text()).toContain(
      email,
    )
  })
})

describe('what the browser is given', () => {
  it('hands the browser the anon key and the project URL, nothing more', async () => {
    const html = await (await request('/en')).text()
    const boot = JSON.parse(
      /<script type="application\/json" id="boot-data"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ??
        '{}',
    ) as {
      supabase: Record<string, string>
    }
    expect(boot.supabase).toEqual({ url: backend.supabaseUrl, anonKey: backend.anonKey })
    expect(html).not.toContain(backend.serviceRoleKey)
  })

  it('splits a large session into chunked cookies and reads them back', async () => {
    const email = uniqueEmail('chunks')
    await createUser(email, 'secret-pass-1', { note: 'x'.repeat(4000) })
    const response = await postJson('/auth/sign-in', {
      email,
      password: 'secret-pass-1',
      next: '/en',
    })
    const names = setCookies(response).map((cookie) => cookie.name)
    expect(names).toContain(`${KEY}.0`)
    expect(names).toContain(`${KEY}.1`)
    const profile = await request('/en/profile', {
      headers: { Cookie: cookieHeader(setCookies(response)) },
    })
    expect(await profile.text()).toContain(email)
  })
})

describe('when the auth server cannot be reached', () => {
  it('answers within the time limit, says so on private screens, and clears nothing', async () => {
    const email = uniqueEmail('outage')
    await createUser(email)
    const expired = expiredSessionCookie(await signIn(email))
    const started = Date.now()
    const response = await requestWithBackend('http://127.0.0.1:9', '/en/profile', {
      headers: { Cookie: expired },
    })
    expect(Date.now() - started).toBeLessThan(6_000)
    expect(setCookies(response).filter((cookie) => /Max-Age=0/.test(cookie.attributes))).toEqual([])
    const html = await response.text()
    expect(html).toContain('The sign-in service cannot be reached right now')
    expect(html).not.toContain(email)
  })
})
