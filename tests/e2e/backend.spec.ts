import { adminClient, anonClient, expect, test, totpCode, uniqueEmail } from './fixtures'

/** The infrastructure auth tests stand on: the temporary backend and the helpers around it. */
test.describe('temporary backend', () => {
  test('the worker in preview talks to the backend the tests reach', async ({
    backend,
    request,
  }) => {
    const health = await request.get(`${backend.supabaseUrl}/auth/v1/health`, {
      headers: { apikey: backend.anonKey },
    })
    expect(health.ok()).toBe(true)
    // SUPABASE_URL reaches the worker: it allows exactly that origin in its CSP.
    const page = await request.get('/en')
    expect(page.headers()['content-security-policy']).toContain(
      `connect-src 'self' ${new URL(backend.supabaseUrl).origin}`,
    )
  })

  test('an invitation mail links back to the app', async ({ backend, readMail, page }) => {
    const email = uniqueEmail('invite')
    const before = new Date()
    const { error } = await adminClient(backend).auth.admin.inviteUserByEmail(email, {
      data: { locale: 'en' },
    })
    expect(error).toBeNull()
    const mail = await readMail(email, { type: 'invite', after: before })
    expect(mail.subject).toMatch(/invited/)
    expect(mail.code).toMatch(/^\d{6}$/)
    // The auth server's site URL is the preview origin: the link leads to the app's /auth/confirm.
    const link = new URL(mail.link ?? '')
    expect(`${link.origin}${link.pathname}`).toBe(`${backend.appUrl}/auth/confirm`)
    expect(link.searchParams.get('type')).toBe('invite')
    await page.goto(link.href)
    await expect(page).toHaveURL(new RegExp(`^${backend.appUrl}/`))
    await expect(page.locator('.account-menu')).toBeVisible()
  })

  test('the code of a magic-link mail signs in', async ({ backend, createUser, readMail }) => {
    const user = await createUser()
    const client = anonClient(backend)
    const sent = await client.auth.signInWithOtp({
      email: user.email,
      options: { shouldCreateUser: false },
    })
    expect(sent.error).toBeNull()
    const mail = await readMail(user.email, { type: 'magiclink' })
    const { data, error } = await client.auth.verifyOtp({
      email: user.email,
      token: mail.code ?? '',
      type: 'email',
    })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(user.id)
  })

  test('signIn gives the browser context a live session cookie', async ({
    backend,
    createUser,
    signIn,
    context,
    page,
  }) => {
    const user = await createUser({ locale: 'de' })
    expect(user.user.user_metadata.locale).toBe('de')
    await signIn(user)
    const cookies = await context.cookies(backend.appUrl)
    const cookie = cookies.find((c) => c.name === 'sb-127-auth-token')
    expect(cookie?.value).toMatch(/^base64-/)
    const session = JSON.parse(
      Buffer.from(cookie?.value.slice('base64-'.length) ?? '', 'base64url').toString(),
    ) as { access_token: string }
    const { data } = await anonClient(backend).auth.getUser(session.access_token)
    expect(data.user?.email).toBe(user.email)
    // The app still renders with the cookie present.
    const response = await page.goto('/en')
    expect(response?.status()).toBe(200)
  })

  test('totpCode answers a TOTP challenge', async ({ backend, createUser }) => {
    const user = await createUser()
    const client = anonClient(backend)
    await client.auth.signInWithPassword(user)
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' })
    expect(enrolled.error).toBeNull()
    const { id, totp } = enrolled.data ?? { id: '', totp: { secret: '' } }
    const { data, error } = await client.auth.mfa.challengeAndVerify({
      factorId: id,
      code: totpCode(totp.secret),
    })
    expect(error).toBeNull()
    const claims = JSON.parse(
      Buffer.from(data?.access_token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { aal: string }
    expect(claims.aal).toBe('aal2')
  })
})
