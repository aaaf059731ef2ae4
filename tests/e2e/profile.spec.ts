import { readFile } from 'node:fs/promises'
import postgres from 'postgres'
import type { BrowserContext, Locator, Page } from '@playwright/test'
import { expect, test, totpCode, uniqueEmail, waitForHydration, type TestUser } from './fixtures'

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

/**
 * Adds an authenticator in the profile's two-step section through `button`, named `name`, and
 * confirms it with a code; returns its key, read from the screen as a person would type it.
 * Checks on the way that the key is also offered as a link that opens the authenticator app.
 */
async function addDevice(section: Locator, button: string, name: string): Promise<string> {
  await section.getByRole('button', { name: button }).click()
  await section.getByLabel('Name of this app').fill(name)
  await section.getByRole('button', { name: 'Continue' }).click()
  const secret = ((await section.getByLabel('Setup key').textContent()) ?? '').replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  const link = section.getByRole('link', { name: 'Open in authenticator app' })
  const uri = new URL((await link.getAttribute('href')) ?? '')
  expect(uri.protocol).toBe('otpauth:')
  expect(uri.searchParams.get('secret')).toBe(secret)
  await section.getByLabel('6-digit code from the app').fill(totpCode(secret))
  await section.getByRole('button', { name: 'Verify and turn on' }).click()
  return secret
}

test.describe('two-step verification with a backup device', () => {
  test('add two devices, sign in with the second, remove the first', async ({
    page,
    createUser,
    signIn,
  }) => {
    test.slow()
    const user = await createUser({ locale: 'en' })
    await signIn(user)
    await openProfile(page)
    const section = page.getByRole('region', { name: 'Two-step verification' })
    const devices = section.getByRole('list', { name: 'Authenticator apps in use' })
    const backupHint = section.getByText('If you lose this device, you can no longer sign in.')
    await expect(backupHint).toHaveCount(0)

    await addDevice(section, 'Set up an authenticator app', 'Phone')
    await expectStatus(
      section,
      'Two-step verification is on. From now on, signing in asks for a code from “Phone”.',
    )
    await expect(backupHint).toBeVisible()
    await section.getByRole('button', { name: 'Add a backup device' }).click()
    await expect(section.getByLabel('Name of this app')).toHaveValue('Backup phone')
    await section.getByRole('button', { name: 'Cancel' }).click()
    const backup = await addDevice(section, 'Add a backup device', 'Backup phone')
    await expectStatus(
      section,
      '“Backup phone” is set up. Signing in now accepts a code from any of your devices.',
    )
    await expect(devices.getByRole('listitem')).toHaveCount(2)
    await expect(backupHint).toHaveCount(0)

    // The phone is lost: signing in takes the backup device's code.
    await signOutFromMenu(page)
    await signInThroughDialog(page, user.email, user.password)
    await expect(
      page.getByRole('heading', { name: 'Two-step verification', level: 1 }),
    ).toBeVisible()
    const choice = page.getByRole('group', { name: 'Which device are you using?' })
    await expect(choice.getByRole('radio', { name: 'Phone', exact: true })).toBeChecked()
    await choice.getByRole('radio', { name: 'Backup phone' }).check()
    await page.getByLabel('Code from your authenticator app').fill(totpCode(backup))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile')
    expect((await sessionClaims(page.context()))?.aal).toBe('aal2')

    // Removing the lost phone is confirmed with the backup device's code; the session stays at
    // aal2, and the backup device keeps guarding the account.
    const twoFactor = page.getByRole('region', { name: 'Two-step verification' })
    await twoFactor.getByRole('button', { name: 'Remove Phone' }).click()
    await expect(
      twoFactor.getByText('Confirm with a current code from a device you keep.'),
    ).toBeVisible()
    await twoFactor.getByLabel('Current code from “Backup phone”').fill(totpCode(backup))
    await twoFactor.getByRole('button', { name: 'Remove app' }).click()
    await expectStatus(twoFactor, 'The authenticator app has been removed.')
    const left = twoFactor.getByRole('list', { name: 'Authenticator apps in use' })
    await expect(left.getByRole('listitem')).toHaveCount(1)
    await expect(left.getByRole('listitem')).toContainText('Backup phone')
    expect((await sessionClaims(page.context()))?.aal).toBe('aal2')
    await openProfile(page)
    await expect(shownEmail(page)).toHaveText(user.email)

    // The last device confirms its own removal, and says that it turns two-step verification off.
    await twoFactor.getByRole('button', { name: 'Remove Backup phone' }).click()
    await expect(
      twoFactor.getByText('This is your only device: removing it turns two-step verification off.'),
    ).toBeVisible()
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

test.describe('account settings', () => {
  test('changing the language moves the profile to German', async ({
    page,
    createUser,
    signIn,
  }) => {
    const user = await createUser({ locale: 'en' })
    await signIn(user)
    await openProfile(page)
    const account = page.getByRole('region', { name: 'Account' })
    await account.getByLabel('Preferred language').selectOption('de')
    await account.getByRole('button', { name: 'Save changes' }).click()
    await expect(page).toHaveURL(/\/de\/profil$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profil')
    await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', /^de/)
    const konto = page.getByRole('region', { name: 'Konto' })
    await expectStatus(konto, 'Ihre Änderungen sind gespeichert.')
    await expect(konto.getByLabel('Bevorzugte Sprache')).toHaveValue('de')
  })

  test('the time zone is the language’s until one is chosen, and the token carries the choice', async ({
    page,
    createUser,
    signIn,
  }) => {
    const user = await createUser({ locale: 'en' })
    await signIn(user)
    await openProfile(page)
    const account = page.getByRole('region', { name: 'Account' })
    const zone = account.getByLabel('Time zone')
    await expect(zone).toHaveValue('')
    await expect(zone.locator('option:checked')).toHaveText('UTC (from your language)')
    // The language's zone follows the language chosen in the form.
    await account.getByLabel('Preferred language').selectOption('tr')
    await expect(zone.locator('option[value=""]')).toHaveText('Istanbul (from your language)')
    await account.getByLabel('Preferred language').selectOption('en')
    // Every zone the browser knows is offered, beside the common ones.
    await expect(zone.locator('option[value="Asia/Tokyo"]')).toHaveCount(1)
    await zone.selectOption('Europe/Istanbul')
    await account.getByRole('button', { name: 'Save changes' }).click()
    await expectStatus(account, 'Your changes are saved.')
    const claims = await sessionClaims(page.context())
    expect(claims?.user_metadata).toMatchObject({ time_zone: 'Europe/Istanbul' })
    await openProfile(page)
    await expect(page.getByRole('region', { name: 'Account' }).getByLabel('Time zone')).toHaveValue(
      'Europe/Istanbul',
    )
  })

  test('changing the email address: a link to the new address finishes it', async ({
    page,
    createUser,
    signIn,
    readMail,
  }) => {
    const user = await createUser({ locale: 'en' })
    const newEmail = uniqueEmail('moved')
    await signIn(user)
    await openProfile(page)
    const section = page.getByRole('region', { name: 'Email address' })
    const before = new Date()
    await section.getByLabel('New email address').fill(newEmail)
    await section.getByRole('button', { name: 'Change email address' }).click()
    await expectStatus(
      section,
      'Almost done: open the link we sent to your new address to confirm it.',
    )
    await expect(section.getByText(`Waiting for confirmation: ${newEmail}.`)).toBeVisible()
    await expect(shownEmail(page)).toHaveText(user.email)
    const mail = await readMail(newEmail, { type: 'email_change', after: before })
    expect(mail.link).toBeTruthy()
    await page.goto(mail.link ?? '')
    await waitForHydration(page)
    await expect(page).toHaveURL(/\/en\/profile$/)
    await expect(shownEmail(page)).toHaveText(newEmail)
    await expect(page.getByText(/Waiting for confirmation/)).toHaveCount(0)
  })

  test('changing the password: the new one signs in afterwards', async ({
    page,
    createUser,
    signIn,
  }) => {
    const user = await createUser({ locale: 'en' })
    const newPassword = 'a-fresh-secret-42'
    await signIn(user)
    await openProfile(page)
    const section = page.getByRole('region', { name: 'Password' })
    await section.getByLabel('New password').fill(newPassword)
    await section.getByRole('button', { name: 'Change password' }).click()
    await expectStatus(section, 'Your password has been changed.')
    await signOutFromMenu(page)
    await signInThroughDialog(page, user.email, newPassword)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile')
    await expect(shownEmail(page)).toHaveText(user.email)
  })

  test('a password change in a day-old session asks for the emailed code first', async ({
    page,
    backend,
    createUser,
    signIn,
    readMail,
  }) => {
    const user = await createUser({ locale: 'en' })
    await signIn(user)
    // The auth server asks for reauthentication in sessions older than a day (as hosted).
    const sql = postgres(backend.databaseUrl, { max: 1 })
    await sql`update auth.sessions set created_at = now() - interval '2 days' where user_id = ${user.id}`
    await sql.end()
    await openProfile(page)
    const section = page.getByRole('region', { name: 'Password' })
    await section.getByLabel('New password').fill('a-fresh-secret-43')
    await section.getByRole('button', { name: 'Change password' }).click()
    await expect(section.getByText(/we have emailed you a code/)).toBeVisible()
    const mail = await readMail(user.email, { type: 'reauthentication' })
    await section.getByLabel('Code from the email').fill(mail.code)
    await section.getByRole('button', { name: 'Change password' }).click()
    await expectStatus(section, 'Your password has been changed.')
    await signOutFromMenu(page)
    await signInThroughDialog(page, user.email, 'a-fresh-secret-43')
    await expect(shownEmail(page)).toHaveText(user.email)
  })
})

test.describe('tax settings', () => {
  // A raise past the allowance is refused on purpose (422).
  test.use({
    expectedConsoleErrors:
      /status of (40[01]|422) \((Bad Request|Unauthorized|Unprocessable Entity)\)/,
  })

  test('Germany with church tax and joint assessment, and each portfolio’s exemption order within the allowance, kept after a reload', async ({
    page,
    createUser,
    signIn,
    baseURL,
  }) => {
    await signIn(await createUser({ locale: 'en' }))
    await page.goto('/en')
    for (const name of ['Depot A', 'Depot B']) {
      const created = await page.request.post('/api/portfolios', {
        headers: { Origin: baseURL ?? '' },
        data: { name, baseCurrency: 'EUR', costBasisMethod: 'FIFO', recordsCash: false },
      })
      expect(created.status()).toBe(201)
    }
    await openProfile(page)
    const taxes = page.getByRole('region', { name: 'Taxes' })
    await expect(taxes).toContainText('an estimate, not tax advice')
    const residence = taxes.getByLabel('Tax residence')
    await expect(residence).toHaveValue('')
    // Nothing else is asked, nor needed, until Germany is chosen.
    await expect(taxes.getByRole('group', { name: 'Church tax' })).toHaveCount(0)
    await residence.selectOption('DE')
    await taxes.getByRole('group', { name: 'Church tax' }).getByLabel('9%').check()
    await taxes.getByRole('button', { name: 'Save tax settings' }).click()
    await expectStatus(taxes, 'Your tax settings are saved.')
    expect((await sessionClaims(page.context()))?.user_metadata).toMatchObject({
      tax_residence: 'DE',
      tax_joint_assessment: false,
      church_tax_rate: '0.09',
    })

    // The exemption orders of this year: together at most €1,000.
    const year = new Date().getUTCFullYear()
    await expect(taxes.getByLabel('Year')).toHaveValue(String(year))
    const orders = taxes.getByRole('table', { name: `Exemption orders for ${year}` })
    const amountOf = (name: string) => orders.getByLabel(`Exemption order for ${name} (€)`)
    await amountOf('Depot A').fill('600')
    await amountOf('Depot B').fill('500')
    await taxes.getByRole('button', { name: 'Save exemption orders' }).click()
    // The smaller raise went first; the other is refused beside its field.
    await expect(orders.getByText(`€500.00 is left for this portfolio`)).toBeVisible()
    await expect(amountOf('Depot A')).toHaveAttribute('aria-invalid', 'true')
    await amountOf('Depot A').fill('500')
    await orders.getByLabel('Loss certificate requested for Depot A').check()
    await taxes.getByRole('button', { name: 'Save exemption orders' }).click()
    await expectStatus(taxes, 'Your exemption orders are saved.')
    await expect(orders.getByRole('row', { name: /^Left/ })).toHaveText(/€0\.00/)

    await openProfile(page)
    const again = page.getByRole('region', { name: 'Taxes' })
    await expect(again.getByLabel('Tax residence')).toHaveValue('DE')
    await expect(again.getByLabel('9%')).toBeChecked()
    await expect(
      again.getByLabel('Jointly assessed with my spouse or civil partner'),
    ).not.toBeChecked()
    const saved = again.getByRole('table', { name: `Exemption orders for ${year}` })
    await expect(saved.getByLabel('Exemption order for Depot A (€)')).toHaveValue('500.00')
    await expect(saved.getByLabel('Exemption order for Depot B (€)')).toHaveValue('500.00')
    await expect(saved.getByLabel('Loss certificate requested for Depot A')).toBeChecked()
    await expect(saved.getByLabel('Loss certificate requested for Depot B')).not.toBeChecked()

    // Jointly assessed, the allowance doubles at once: the token the API reads was renewed.
    await again.getByLabel('Jointly assessed with my spouse or civil partner').check()
    await again.getByRole('button', { name: 'Save tax settings' }).click()
    await expectStatus(again, 'Your tax settings are saved.')
    await expect(saved.getByRole('row', { name: /^Allowance/ })).toHaveText(/€2,000\.00/)
    await expect(saved.getByRole('row', { name: /^Left/ })).toHaveText(/€1,000\.00/)
  })
})

test.describe('sign-in methods', () => {
  // The stand-in provider's page has no favicon.
  test.use({ expectedConsoleErrors: /status of 404 \(Not Found\)/ })

  test('links GitHub and unlinks it; the last method cannot be unlinked', async ({
    page,
    createUser,
    signIn,
  }) => {
    const user = await createUser({ locale: 'en' })
    await signIn(user)
    await openProfile(page)
    const section = page.getByRole('region', { name: 'Sign-in methods' })
    const methods = section.getByRole('list', { name: 'Linked sign-in methods' })
    await expect(methods.getByRole('listitem')).toHaveCount(1)
    await expect(section.getByRole('button', { name: 'Unlink Email' })).toBeDisabled()

    await section.getByRole('button', { name: 'Link GitHub' }).click()
    // The local stand-in for GitHub's consent screen.
    await page.waitForURL((url) => !url.pathname.startsWith(PROFILE))
    const githubEmail = uniqueEmail('octo')
    await page.getByLabel('Email', { exact: true }).fill(githubEmail)
    await page.getByLabel('Name', { exact: true }).fill('Octo Cat')
    await page.getByRole('button', { name: 'Continue as this account' }).click()
    await expect(page).toHaveURL(/\/en\/profile$/)
    await waitForHydration(page)
    await expect(methods.getByRole('listitem')).toHaveCount(2)
    await expect(methods.getByRole('listitem').filter({ hasText: 'GitHub' })).toContainText(
      githubEmail,
    )
    await expect(section.getByRole('button', { name: 'Unlink Email' })).toBeEnabled()

    await section.getByRole('button', { name: 'Unlink GitHub' }).click()
    await expectStatus(section, 'GitHub is no longer linked to your account.')
    await expect(methods.getByRole('listitem')).toHaveCount(1)
    const unlinkEmail = section.getByRole('button', { name: 'Unlink Email' })
    await expect(unlinkEmail).toBeDisabled()
    await expect(unlinkEmail).toHaveAccessibleDescription(
      'This is your only way to sign in, so it cannot be unlinked.',
    )
    await expect(section.getByRole('button', { name: 'Link GitHub' })).toBeVisible()
  })
})

test.describe('your data', () => {
  test('downloads a JSON file with the account and no tokens or secrets', async ({
    page,
    createUser,
    signIn,
  }) => {
    const user = await createUser({ locale: 'en', metadata: { display_name: 'Data Person' } })
    const session = await signIn(user)
    await openProfile(page)
    const section = page.getByRole('region', { name: 'Your data' })
    const downloading = page.waitForEvent('download')
    await section.getByRole('button', { name: 'Download my data' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/\.json$/)
    const text = await readFile(await download.path(), 'utf8')
    const data: unknown = JSON.parse(text)
    expect(typeof data).toBe('object')
    expect(text).toContain(user.email)
    expect(text).toContain('Data Person')
    expect(text).not.toMatch(/access_token|refresh_token|provider_token|secret/i)
    expect(text).not.toContain(session.access_token)
    expect(text).not.toContain(session.refresh_token)
    await expectStatus(section, 'Your file has been downloaded.')
  })
})

test.describe('deleting the account', () => {
  test('after the word and the password, the account is gone for good', async ({
    page,
    createUser,
    signIn,
  }) => {
    const user = await createUser({ locale: 'en' })
    await signIn(user)
    await openProfile(page)
    const section = page.getByRole('region', { name: 'Delete account' })
    await section.getByRole('button', { name: 'Delete my account…' }).click()
    await section.getByLabel('Type DELETE to confirm').fill('DELETE')
    await expect(section.getByLabel('With my password')).toBeChecked()
    await section.getByLabel('Your password').fill(user.password)
    await section.getByRole('button', { name: 'Delete my account for good' }).click()
    // The home page says so, and the address no longer does: a reload does not repeat it.
    const deleted = page
      .getByRole('status')
      .filter({ hasText: 'Your account and everything in it have been deleted.' })
    await expect(deleted).toBeVisible()
    await expect(page).toHaveURL(/\/en$/)
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
    expect(await sessionClaims(page.context())).toBeNull()
    await page.reload()
    await waitForHydration(page)
    await expect(deleted).toHaveCount(0)

    const dialog = await signInThroughDialog(page, user.email, user.password, '/en')
    await expect(dialog.getByRole('alert')).toHaveText('Wrong email address or password.')
  })
})
