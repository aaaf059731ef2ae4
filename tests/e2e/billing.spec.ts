import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import de from '../../locales/de.json' with { type: 'json' }
import en from '../../locales/en.json' with { type: 'json' }
import tr from '../../locales/tr.json' with { type: 'json' }
import { LOCAL_PADDLE } from '../../dev/payments/local-paddle'
import { planById } from '../../shared/pricing/plans'
import { REPO_ROOT } from '../../dev/testing/backend-info'
import { expect, test, waitForHydration } from './fixtures'

// Pro bought, used, cancelled and ended, as a buyer does it, against the Paddle stand-in
// (dev/payments) that dev/testing/serve-with-backend.ts starts: its Paddle.js opens its checkout
// in the page, and its webhooks reach the app as Paddle's would.

const MESSAGES = { tr, en, de }
type Lang = keyof typeof MESSAGES

const PATHS: Record<Lang, { pricing: string; profile: string; portfolios: string }> = {
  tr: { pricing: '/fiyatlandirma', profile: '/profil', portfolios: '/portfoyum' },
  en: { pricing: '/en/pricing', profile: '/en/profile', portfolios: '/en/portfolio' },
  de: { pricing: '/de/preise', profile: '/de/profil', portfolios: '/de/portfolio' },
}

const FREE_TRANSACTIONS = planById('free').limits.transactionsPerPortfolio

/** A message with its placeholders as a pattern, for texts whose dates and numbers vary. */
function pattern(message: string): RegExp {
  const escaped = message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(escaped.replace(/\\\{\\\{\w+\\\}\\\}/g, '.+'))
}

async function open(page: Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
}

/** One more deposit than the Free plan holds, in the generic layout's English headers. */
function depositsFile() {
  const lines = ['Date,Type,Code,Quantity,Price,Amount,Currency']
  for (let day = 0; day <= FREE_TRANSACTIONS; day++) {
    const date = new Date(Date.UTC(2020, 0, 1) + day * 86_400_000).toISOString().slice(0, 10)
    lines.push(`${date},DEPOSIT,,,,100,EUR`)
  }
  return { name: 'deposits.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) }
}

for (const lang of ['tr', 'en', 'de'] as const) {
  test(`${lang}: buy Pro, import past the free limit, cancel, and keep reading`, async ({
    page,
    backend,
    createUser,
    signIn,
  }) => {
    test.slow()
    const m = MESSAGES[lang]
    const plan = m.profile.plan
    const paths = PATHS[lang]
    const user = await createUser({ locale: lang })
    await signIn(user)

    // The pricing page leads to the profile's plan section with the period chosen there.
    await open(page, paths.pricing)
    await page.getByRole('radio', { name: new RegExp(m.pricing.yearly) }).check()
    await page.getByRole('link', { name: m.pricing.plans.pro.cta }).click()
    await expect(page).toHaveURL(/period=yearly#plan$/)
    await waitForHydration(page)
    const section = page.locator('#plan')
    await expect(section).toContainText(pattern(plan.free))

    // Nothing is sent without the consent that Pro starts at once.
    const buy = section.getByRole('button', { name: pattern(plan.buy) })
    await buy.click()
    await expect(section.getByText(plan.consentMissing)).toBeVisible()
    await section.getByRole('checkbox', { name: plan.consent }).check()
    await buy.click()

    // Paddle's overlay (the stand-in's), its country preset from the page's language.
    const checkout = page.frameLocator(`iframe[src^="${backend.paymentsUrl}"]`)
    await checkout.getByRole('button', { name: 'Pay', exact: true }).click()
    await expect(section.getByText(plan.welcome)).toBeVisible({ timeout: 20_000 })
    await expect(section).toContainText(plan.proBilled.yearly)
    await expect(section.getByRole('heading', { name: plan.invoices.heading })).toBeVisible()

    // Switching the billing period pays the new one at once: confirmed with the price in view.
    await section.getByRole('button', { name: plan.switchTo.monthly }).click()
    // The question takes the focus from the button it replaced.
    await expect(section.getByText(pattern(plan.switchConfirm.monthly))).toBeFocused()
    await section.getByRole('button', { name: pattern(plan.switchPay) }).click()
    await expect(section.getByText(plan.periodChanged)).toBeVisible({ timeout: 20_000 })
    await expect(section).toContainText(plan.proBilled.monthly)

    // Pro's limits: one more transaction than Free allows goes in.
    const created = await page.request.post('/api/portfolios', {
      headers: { Origin: new URL(backend.appUrl).origin },
      data: { name: 'Depot', baseCurrency: 'EUR', costBasisMethod: 'AVERAGE', recordsCash: true },
    })
    expect(created.status()).toBe(201)
    const portfolio = ((await created.json()) as { id: string }).id
    await open(page, `${paths.portfolios}/${portfolio}`)
    await page.getByRole('button', { name: m.import.dialog.open }).click()
    const dialog = page.getByRole('dialog', { name: m.import.dialog.heading })
    await dialog.getByLabel(m.import.dialog.upload.choose).setInputFiles(depositsFile())
    await dialog.getByRole('button', { name: m.import.dialog.next }).click()
    await dialog.getByRole('button', { name: m.import.dialog.check }).click()
    const count = /2[.,]?001/
    await dialog.getByRole('button', { name: count }).click()
    // Writing 2,001 rows takes a few seconds on a busy machine.
    await expect(page.getByText(pattern(m.import.dialog.done.imported.other))).toContainText(
      count,
      {
        timeout: 30_000,
      },
    )

    // Cancelled in Paddle's customer portal: Pro stays to the end of the year paid for.
    await open(page, `${paths.profile}#plan`)
    await section.getByRole('button', { name: plan.manage }).click()
    await page.waitForURL(`${backend.paymentsUrl}/**`)
    await page.getByRole('button', { name: 'Cancel subscription' }).first().click()
    const confirm = page.getByRole('heading', { name: 'Cancel subscription?' })
    const ends = page.getByText(/Ends on/)
    await expect(confirm.or(ends)).toBeVisible()
    if (await confirm.isVisible())
      await page.getByRole('button', { name: 'Cancel subscription' }).click()
    await expect(ends).toBeVisible()
    await expect.poll(() => planText(page, paths.profile)).toMatch(pattern(plan.endsOn))

    // The year ends (Paddle's time, moved on by the stand-in): Free again, the data kept.
    const ours = await ownSubscription(page, backend.paymentsUrl, user.email)
    const advanced = await page.request.post(
      `${backend.paymentsUrl}/__stand-in/subscriptions/${ours}/advance`,
    )
    expect(advanced.ok()).toBe(true)
    await expect.poll(() => planText(page, paths.profile)).toMatch(pattern(plan.ended))

    // Reading and export still work; a write past Free's limit is refused, saying why.
    await open(page, `${paths.portfolios}/${portfolio}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Depot')
    const exported = await page.request.get('/api/export')
    expect(exported.status()).toBe(200)
    const refused = await page.request.post(`/api/portfolios/${portfolio}/transactions`, {
      headers: { Origin: new URL(backend.appUrl).origin, 'Accept-Language': lang },
      data: {
        idempotencyKey: crypto.randomUUID(),
        transaction: { type: 'DEPOSIT', tradeDate: '2026-01-02', amount: '5', currency: 'EUR' },
      },
    })
    expect(refused.status()).toBe(403)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      pattern(m.api.errors.plan_limit_transactions),
    )
  })
}

test('no secret of Paddle’s is in what the browser loads', async () => {
  const files = await readdir(join(REPO_ROOT, 'dist', 'client'), { recursive: true })
  const scripts = files.filter((file) => /\.(js|json|html|webmanifest)$/.test(file))
  expect(scripts.length).toBeGreaterThan(0)
  for (const file of scripts) {
    const text = await readFile(join(REPO_ROOT, 'dist', 'client', file), 'utf8')
    // Paddle's API keys (`pdl_live_apikey_…`, `pdl_sdbx_apikey_…`) and webhook secrets (`pdl_ntf_…`).
    expect(text, file).not.toMatch(/pdl_(live|sdbx)_apikey_|pdl_ntf_/)
    expect(text, file).not.toContain(LOCAL_PADDLE.apiKey)
  }
})

test('a link of Paddle’s to a transaction opens its checkout on the pricing page', async ({
  page,
  backend,
  createUser,
  signIn,
}) => {
  const user = await createUser({ locale: 'en' })
  await signIn(user)
  await open(page, '/en/pricing')
  const checkout = await page.request.post('/api/billing/checkout', {
    headers: { Origin: new URL(backend.appUrl).origin },
    data: { period: 'monthly', startNow: true },
  })
  expect(checkout.status()).toBe(201)
  const { transactionId } = (await checkout.json()) as { transactionId: string }
  await open(page, `/en/pricing?_ptxn=${transactionId}`)
  const frame = page.frameLocator(`iframe[src*="_ptxn=${transactionId}"]`)
  await expect(frame.getByRole('button', { name: 'Pay', exact: true })).toBeVisible()
})

/**
 * The plan section's text after a full load of the profile: Paddle's webhook comes a moment
 * after the action that caused it.
 */
async function planText(page: Page, profile: string): Promise<string | null> {
  await open(page, profile)
  // The plan is read after the page hydrates; until then the section says it is loading.
  await expect(page.locator('#plan [aria-busy="true"]')).toHaveCount(0)
  return page.locator('#plan').textContent()
}

/** The buyer's subscription at the stand-in, found by their email. */
async function ownSubscription(page: Page, paymentsUrl: string, email: string): Promise<string> {
  const customers = (await (
    await page.request.get(`${paymentsUrl}/__stand-in/customers`)
  ).json()) as { id: string; email: string }[]
  const customer = customers.find((entry) => entry.email === email)
  if (!customer) throw new Error(`No customer ${email} at the stand-in`)
  const subscriptions = (await (
    await page.request.get(`${paymentsUrl}/__stand-in/subscriptions?customer_id=${customer.id}`)
  ).json()) as { id: string }[]
  const [subscription] = subscriptions
  if (!subscription) throw new Error(`No subscription of ${email} at the stand-in`)
  return subscription.id
}
