import type { BrowserContext, Locator, Page } from '@playwright/test'
import { expect, test, totpCode, waitForHydration, type TestUser } from './fixtures'

// A refused form answers 400 or 401, which Chromium logs as a failed resource load.
test.use({ expectedConsoleErrors: /status of 40[01] \((Bad Request|Unauthorized)\)/ })

// Every test has its own users, so the file's tests may share the run's workers.
test.describe.configure({ mode: 'parallel' })

const PROFILE = '/en/profile'

/** Loads the profile and waits until its sections have the user from the auth server. */
async function openProfile(page: Page, path = PROFILE, heading = 'Profile') {
  await page.goto(path)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
}

/** A section's live status line says `text` (a section may hold several, one per form). */
async function expectStatus(section: Locator, text: string) {
  await expect(section.getByRole('status').filter({ hasText: text })).toHaveText(text)
}

/** The address the Email section says the account signs in with. */
function shownEmail(page: Page) {
  return page.getByRole('region', { name: 'Email address' }).locator('.profile-email')
}

async function openAccountMenu(page: Page) {
  await page.locator('.account-menu summary').click()
  return page.locator('.account-menu__panel')
}

async function signOutFromMenu(page: Page) {
  await (await openAccountMenu(page)).getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
}

async function signInThroughDialog(page: Page, email: string, password: string, path = PROFILE) {
  await page.goto(`${path}?auth=sign-in`)
  await waitForHydration(page)
  const dialog = page.getByRole('dialog', { name: 'Sign in' })
  await dialog.getByLabel('Email address').fill(email)
  await dialog.getByLabel('Password').fill(password)
  await dialog.getByRole('button', { name: 'Sign in' }).click()
  return dialog
}

/** What a visitor sees on a private screen: the reason to sign in, and nobody's data. */
async function expectSignedOutScreen(page: Page, user: TestUser) {
  const main = page.getByRole('main')
  await expect(main.getByText('Sign in to see your own data.')).toBeVisible()
  await expect(main.getByRole('link', { name: 'Sign in' })).toBeVisible()
  await expect(main).not.toContainText(user.email)
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
  expect(await sessionClaims(page.context())).toBeNull()
}

/** The claims of the access token in the session cookie (`sb-127-auth-token`, maybe chunked). */
async function sessionClaims(context: BrowserContext): Promise<Record<string, unknown> | null> {
  const parts = (await context.cookies())
    .filter(({ name }) => /^sb-127-auth-token(\.\d+)?$/.test(name))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))
  if (parts.length === 0) return null
  let value = parts.map(({ value }) => value).join('')
  value = decodeURIComponent(value)
  const json = value.startsWith('base64-')
    ? Buffer.from(value.slice('base64-'.length), 'base64url').toString('utf8')
    : value
  const { access_token: token } = JSON.parse(json) as { access_token: string }
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))
}

/** A page in a fresh context that fails the test on console errors, as the `page` fixture does. */
async function watchedPage(context: BrowserContext, problems: string[], label: string) {
  const page = await context.newPage()
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return
    const text = `${label} ${message.type()}: ${message.text()}`
    if (/Service Worker registration blocked by Playwright/.test(text)) return
    if (/status of 40[01] \((Bad Request|Unauthorized)\)/.test(text)) return
    problems.push(text)
  })
  page.on('pageerror', (error) => problems.push(`${label} pageerror: ${error.message}`))
  return page
}

test.describe('two-step verification', () => {
  test('set up an app, sign in with its code, then remove it with a current code', async ({
    page,
    createUser,
    signIn,
  }) => {
    test.slow()
    const user = await createUser({ locale: 'en' })
    await signIn(user)
    await openProfile(page)
    const section = page.getByRole('region', { name: 'Two-step verification' })
    await expect(section.getByText('Two-step verification is off.')).toBeVisible()
    await section.getByRole('button', { name: 'Set up an authenticator app' }).click()
    await expect(section.getByLabel('Name of this app')).toHaveValue('Authenticator app')
    await section.getByRole('button', { name: 'Continue' }).click()
    const secret = ((await section.getByLabel('Setup key').textContent()) ?? '').replace(/\s/g, '')
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
    await expect(
      section.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible()
    await section.getByLabel('6-digit code from the app').fill(totpCode(secret))
    await section.getByRole('button', { name: 'Verify and turn on' }).click()
    await expectStatus(
      section,
      'Two-step verification is on. From now on, signing in asks for a code from “Authenticator app”.',
    )
    await expect(
      section.getByRole('list', { name: 'Authenticator apps in use' }).getByRole('listitem'),
    ).toHaveCount(1)

    await signOutFromMenu(page)
    await signInThroughDialog(page, user.email, user.password)
    await expect(
      page.getByRole('heading', { name: 'Two-step verification', level: 1 }),
    ).toBeVisible()
    await expect(page.getByRole('main')).not.toContainText(user.email)
    expect((await sessionClaims(page.context()))?.aal).toBe('aal1')
    await page.getByLabel('Code from your authenticator app').fill(totpCode(secret))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile')
    await expect(shownEmail(page)).toHaveText(user.email)
    expect((await sessionClaims(page.context()))?.aal).toBe('aal2')

    const twoFactor = page.getByRole('region', { name: 'Two-step verification' })
    await twoFactor.getByRole('button', { name: 'Remove Authenticator app' }).click()
    const current = twoFactor.getByLabel('Current code from “Authenticator app”')
    await expect(current).toBeFocused()
    // Removing asks for a code first: an empty one is refused without reaching the server.
    await twoFactor.getByRole('button', { name: 'Remove app' }).click()
    await expect(current).toHaveAttribute('aria-invalid', 'true')
    await expect(twoFactor.getByText('Enter the 6-digit code.')).toBeVisible()
    await current.fill(totpCode(secret))
    await twoFactor.getByRole('button', { name: 'Remove app' }).click()
    await expectStatus(twoFactor, 'The authenticator app has been removed.')
    await expect(twoFactor.getByText('Two-step verification is off.')).toBeVisible()
  })
})

test.describe('devices: signing out by scope', () => {
  for (const scope of ['others', 'global', 'local'] as const) {
    test(`sign out ${scope}: each browser shows what it must`, async ({
      browser,
      createUser,
      signIn,
    }) => {
      const user = await createUser({ locale: 'en' })
      const problems: string[] = []
      const contextA = await browser.newContext()
      const contextB = await browser.newContext()
      try {
        await signIn(user, contextA)
        await signIn(user, contextB)
        const a = await watchedPage(contextA, problems, '[A]')
        const b = await watchedPage(contextB, problems, '[B]')
        await openProfile(a)
        await openProfile(b)
        await expect(shownEmail(b)).toHaveText(user.email)

        const devices = a.getByRole('region', { name: 'Devices' })
        if (scope === 'others') {
          await devices.getByRole('button', { name: 'Sign out on all other devices' }).click()
          await expectStatus(devices, 'You have been signed out on all other devices.')
          await openProfile(a)
          await expect(shownEmail(a)).toHaveText(user.email)
        } else {
          const name = scope === 'global' ? 'Sign out everywhere' : 'Sign out on this device'
          await devices.getByRole('button', { name }).click()
          await expect(a).toHaveURL(/\/en$/)
          await expect(a.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
          await a.goto(PROFILE)
          await expectSignedOutScreen(a, user)
        }

        await b.goto(PROFILE)
        await waitForHydration(b)
        if (scope === 'local') {
          await expect(b.getByRole('heading', { level: 1 })).toHaveText('Profile')
          await expect(shownEmail(b)).toHaveText(user.email)
        } else {
          await expectSignedOutScreen(b, user)
        }
      } finally {
        await contextA.close()
        await contextB.close()
      }
      expect(problems, 'console errors and warnings').toEqual([])
    })
  }
})
