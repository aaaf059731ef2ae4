import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { anonClient, expect, test, totpCode, uniqueEmail, waitForHydration } from './fixtures'

// A refused form answers 400, which Chromium logs as a failed resource load.
test.use({ expectedConsoleErrors: /status of 40[01] \(Bad Request|Unauthorized\)/ })

/** The dialog becomes modal (and takes Escape and focus) once its code has loaded. */
async function waitForModalDialog(page: Page) {
  await page.waitForFunction(() => document.querySelector('dialog')?.matches(':modal') === true)
}

async function openAccountMenu(page: Page) {
  await page.locator('.account-menu summary').click()
  return page.locator('.account-menu__panel')
}

async function expectSignedInAs(page: Page, email: string) {
  await expect(page.locator('.account-menu')).toBeVisible()
  const panel = await openAccountMenu(page)
  await expect(panel).toContainText(email)
}

test.describe('sign-up and sign-in', () => {
  test('sign up, confirm from the email, land signed in where it started', async ({
    page,
    readMail,
  }) => {
    const email = uniqueEmail('signup')
    await page.goto('/en/pricing')
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Start free' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create your account' })
    await dialog.getByLabel('Email address').fill(email)
    await dialog.getByLabel('Password').fill('abc')
    await expect(dialog.getByText('a letter')).toBeVisible()
    await dialog.getByLabel('Password').fill('long-enough-1')
    await dialog.getByRole('checkbox').check()
    await dialog.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByRole('dialog', { name: 'Check your email' })).toBeVisible()
    const mail = await readMail(email, { type: 'signup' })
    expect(mail.subject).toMatch(/Kıymet/)
    expect(mail.link).toContain('/auth/confirm?token_hash=')
    await page.goto(mail.link ?? '')
    await expect(page).toHaveURL(/\/en\/portfolio$/)
    await expectSignedInAs(page, email)
  })

  test('a wrong password shows why beside the field, then the right one signs in', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ locale: 'de' })
    await page.goto('/de/preise?auth=sign-in')
    await waitForHydration(page)
    await waitForModalDialog(page)
    const dialog = page.getByRole('dialog', { name: 'Anmelden' })
    await dialog.getByLabel('E-Mail-Adresse').fill(user.email)
    await dialog.getByLabel('Passwort').fill('not-the-password-9')
    await dialog.getByRole('button', { name: 'Anmelden' }).click()
    await expect(dialog.getByLabel('Passwort')).toHaveAttribute('aria-invalid', 'true')
    await expect(dialog.getByRole('alert')).toHaveText('E-Mail-Adresse oder Passwort ist falsch.')
    await dialog.getByLabel('Passwort').fill(user.password)
    await dialog.getByRole('button', { name: 'Anmelden' }).click()
    await expect(page).toHaveURL(/\/de\/preise$/)
    await expectSignedInAs(page, user.email)
  })

  test('signs in with an emailed code typed into the same dialog', async ({
    page,
    createUser,
    readMail,
  }) => {
    const user = await createUser({ locale: 'tr' })
    await page.goto('/?auth=sign-in')
    await waitForHydration(page)
    await waitForModalDialog(page)
    await page.getByRole('link', { name: 'Bunun yerine bana e-postayla giriş kodu gönder' }).click()
    const dialog = page.getByRole('dialog', { name: 'E-posta koduyla giriş' })
    await dialog.getByLabel('E-posta adresi').fill(user.email)
    await dialog.getByRole('button', { name: 'Bana kod gönder' }).click()
    const codeDialog = page.getByRole('dialog', { name: 'Kodunuzu girin' })
    await expect(codeDialog.getByLabel('E-posta adresi')).toHaveValue(user.email)
    const mail = await readMail(user.email, { type: 'magiclink' })
    await codeDialog.getByLabel('6 haneli kod').fill(mail.code)
    await codeDialog.getByRole('button', { name: 'Giriş yap' }).click()
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
    await expectSignedInAs(page, user.email)
  })

  test('signs in with the link in the email', async ({ page, createUser, readMail }) => {
    const user = await createUser({ locale: 'en' })
    await page.goto('/en/pricing?auth=code')
    await waitForHydration(page)
    await waitForModalDialog(page)
    const dialog = page.getByRole('dialog', { name: 'Sign in with an email code' })
    await dialog.getByLabel('Email address').fill(user.email)
    await dialog.getByRole('button', { name: 'Send me a code' }).click()
    await expect(page.getByRole('dialog', { name: 'Enter your code' })).toBeVisible()
    const mail = await readMail(user.email, { type: 'magiclink' })
    await page.goto(mail.link ?? '')
    await expect(page).toHaveURL(/\/en\/pricing$/)
    await expectSignedInAs(page, user.email)
  })

  test('recovers a forgotten password and signs in with the new one', async ({
    page,
    createUser,
    readMail,
  }) => {
    const user = await createUser({ locale: 'en' })
    await page.goto('/en?auth=forgot')
    await waitForHydration(page)
    await waitForModalDialog(page)
    const dialog = page.getByRole('dialog', { name: 'Reset your password' })
    await dialog.getByLabel('Email address').fill(user.email)
    await dialog.getByRole('button', { name: 'Send the link' }).click()
    await expect(page.getByRole('dialog', { name: 'Check your email' })).toBeVisible()
    const mail = await readMail(user.email, { type: 'recovery' })
    await page.goto(mail.link ?? '')
    const choose = page.getByRole('dialog', { name: 'Choose a new password' })
    await choose.getByLabel('New password').fill('a-new-secret-7')
    await choose.getByRole('button', { name: 'Save password' }).click()
    await expect(page).toHaveURL(/\/en$/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await (await openAccountMenu(page)).getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible()
    await page.goto('/en?auth=sign-in')
    await waitForHydration(page)
    await waitForModalDialog(page)
    const signIn = page.getByRole('dialog', { name: 'Sign in' })
    await signIn.getByLabel('Email address').fill(user.email)
    await signIn.getByLabel('Password').fill('a-new-secret-7')
    await signIn.getByRole('button', { name: 'Sign in' }).click()
    await expectSignedInAs(page, user.email)
  })

  test('asks for the authenticator code before anything private, then reaches aal2', async ({
    page,
    backend,
    createUser,
  }) => {
    const user = await createUser({ locale: 'en' })
    const supabase = anonClient(backend)
    await supabase.auth.signInWithPassword({ email: user.email, password: user.password })
    const { data: factor } = await supabase.auth.mfa.enroll({ factorType: 'totp' })
    if (!factor) throw new Error('enrolment failed')
    const verified = await supabase.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totpCode(factor.totp.secret),
    })
    expect(verified.error).toBeNull()

    await page.goto('/en/profile?auth=sign-in')
    await waitForHydration(page)
    await waitForModalDialog(page)
    const dialog = page.getByRole('dialog', { name: 'Sign in' })
    await dialog.getByLabel('Email address').fill(user.email)
    await dialog.getByLabel('Password').fill(user.password)
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Two-step verification' }),
    ).toBeVisible()
    // The sign-in loaded a new page: its form answers in place once React has it.
    await waitForHydration(page)
    await expect(page.locator('main')).not.toContainText(user.email)
    await page.getByLabel('Code from your authenticator app').fill('000000')
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByRole('alert')).toContainText('That code is not right')
    // A fresh code: the wrong one above may have used up this period's challenge.
    await page.getByLabel('Code from your authenticator app').fill(totpCode(factor.totp.secret))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Two-step verification' }),
    ).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile')
    const cookie = (await page.context().cookies()).find(
      (entry) => entry.name === 'sb-127-auth-token',
    )
    expect(cookie).toBeDefined()
  })
})

test.describe('the dialog without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a wrong password comes back beside the field, then the right one signs in', async ({
    page,
    createUser,
  }) => {
    const user = await createUser({ locale: 'en' })
    await page.goto('/en/pricing?auth=sign-in')
    const dialog = page.getByRole('dialog', { name: 'Sign in' })
    await dialog.getByLabel('Email address').fill(user.email)
    await dialog.getByLabel('Password').fill('not-the-password-9')
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/en\/pricing\?auth=sign-in&auth_error=invalid_credentials$/)
    await expect(dialog.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true')
    await expect(dialog.getByRole('alert')).toHaveText('Wrong email address or password.')
    await dialog.getByLabel('Email address').fill(user.email)
    await dialog.getByLabel('Password').fill(user.password)
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/en\/pricing$/)
    // The server renders the signed-in header (the address in its menu is the browser's to add).
    await expect(page.locator('.account-menu')).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })
})

test.describe('OAuth', () => {
  // The stand-in provider's page has no favicon.
  test.use({ expectedConsoleErrors: /status of 404 \(Not Found\)/ })

  test('signs in through an OAuth provider (the local stand-in)', async ({ page }) => {
    const email = uniqueEmail('oauth')
    await page.goto('/en/pricing?auth=sign-in')
    await waitForHydration(page)
    await waitForModalDialog(page)
    await page.getByRole('link', { name: 'Continue with GitHub' }).click()
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Name').fill('Octo Cat')
    await page.getByRole('button', { name: 'Continue as this account' }).click()
    await expect(page).toHaveURL(/\/en\/pricing$/)
    await expectSignedInAs(page, email)
  })
})

test.describe('the dialog without a mouse', () => {
  test('signs up and signs in by keyboard alone', async ({ page, createUser }) => {
    const user = await createUser({ locale: 'en' })
    await page.goto('/en?auth=sign-in')
    await waitForHydration(page)
    await waitForModalDialog(page)
    const dialog = page.getByRole('dialog', { name: 'Sign in' })
    await expect(dialog.getByLabel('Email address')).toBeFocused()
    await page.keyboard.type(user.email)
    await page.keyboard.press('Tab')
    await page.keyboard.type(user.password)
    await page.keyboard.press('Enter')
    await expectSignedInAs(page, user.email)
  })

  test('Escape closes the dialog and keeps the page', async ({ page }) => {
    await page.goto('/de/preise?auth=sign-up')
    await waitForHydration(page)
    await waitForModalDialog(page)
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page).toHaveURL(/\/de\/preise$/)
  })

  test('creates an account by keyboard alone', async ({ page }) => {
    await page.goto('/en?auth=sign-up')
    await waitForHydration(page)
    await waitForModalDialog(page)
    await page.keyboard.type(uniqueEmail('keys'))
    await page.keyboard.press('Tab')
    await page.keyboard.type('keyboard-only-1')
    await page.keyboard.press('Tab') // the terms link
    await page.keyboard.press('Shift+Tab')
    let focusedIsCheckbox = false
    for (let step = 0; step < 6 && !focusedIsCheckbox; step += 1) {
      await page.keyboard.press('Tab')
      focusedIsCheckbox = await page.evaluate(
        () => (document.activeElement as HTMLInputElement | null)?.type === 'checkbox',
      )
    }
    expect(focusedIsCheckbox).toBe(true)
    await page.keyboard.press('Space')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Check your email' })).toBeVisible()
  })
})

test.describe('accessibility of the dialog', () => {
  for (const [path, name] of [
    ['/?auth=sign-up', 'Hesabınızı oluşturun'],
    ['/en?auth=sign-in', 'Sign in'],
    ['/de?auth=sign-up', 'Konto erstellen'],
  ] as const) {
    test(`no serious violations in ${path}`, async ({ page }) => {
      await page.goto(path)
      await waitForHydration(page)
      await expect(page.getByRole('dialog', { name })).toBeVisible()
      const results = await new AxeBuilder({ page }).include('dialog').analyze()
      const serious = results.violations.filter((violation) =>
        ['serious', 'critical'].includes(violation.impact ?? ''),
      )
      expect(serious.map((violation) => violation.id)).toEqual([])
    })
  }
})
