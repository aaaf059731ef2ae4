import { adminClient, anonClient, expect, test, uniqueEmail } from './fixtures'

/** The infrastructure the browser suite stands on: the worker in preview, its backend and mail. */
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
})
