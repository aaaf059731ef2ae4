import type { BrowserContext } from '@playwright/test'
import type { Locale } from '../../shared/i18n/locales'
import { write } from '../../dev/testing/seed-portfolio'
import { buildPath } from '../../shared/routes/build-path'
import { expectNoViolations } from './page-checks'
import { expect, test, waitForHydration } from './fixtures'

// A German resident's year across two depots at two banks: one paid tax beyond its exemption
// order, the other left part of its order unused. The screen adds them up and estimates what the
// tax return gives back, in each language, from the profile's link to a depot's own page.

interface Depots {
  taxed: string
  spared: string
}

/**
 * Broker A: a dividend of 1,000 € in 2025 with an exemption order of 200 € (800 € taxed at 9 %
 * church tax). Broker B: a dividend of 300 € within an order of 800 €. A portfolio in lira.
 */
async function seedDepots(context: BrowserContext, appUrl: string): Promise<Depots> {
  const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ')
  const app = { appUrl, cookie }
  const share = await write(app, '/api/instruments', {
    code: 'KYMP',
    name: 'Kıymet Person AG',
    type: 'STOCK',
    currency: 'EUR',
    country: 'DE',
  })
  const depot = async (name: string, dividend: string, order: string) => {
    const portfolio = await write(app, '/api/portfolios', {
      name,
      baseCurrency: 'EUR',
      costBasisMethod: 'FIFO',
      recordsCash: false,
    })
    for (const transaction of [
      { type: 'BUY', tradeDate: '2025-01-10', quantity: '10', unitPrice: '100' },
      { type: 'DIVIDEND', tradeDate: '2025-05-02', amount: dividend },
    ]) {
      await write(app, `/api/portfolios/${portfolio.id}/transactions`, {
        idempotencyKey: crypto.randomUUID(),
        transaction: { instrumentId: share.id, currency: 'EUR', ...transaction },
      })
    }
    await write(
      app,
      `/api/portfolios/${portfolio.id}/tax-years/2025`,
      { freistellungsauftrag: order, lossCertificate: false },
      'PUT',
    )
    return portfolio.id
  }
  const taxed = await depot('Broker A', '1000', '200')
  const spared = await depot('Broker B', '300', '800')
  await write(app, '/api/portfolios', {
    name: 'Lira',
    baseCurrency: 'TRY',
    costBasisMethod: 'FIFO',
    recordsCash: false,
  })
  return { taxed, spared }
}

/** What each language shows: its paths, the profile's link, the year's figures. */
const SCREENS: Record<
  Locale,
  {
    profile: string
    screen: string
    depotHeading: string
    link: RegExp
    heading: string
    rows: RegExp[]
    refund: string
  }
> = {
  tr: {
    profile: '/profil',
    screen: '/profil/almanya-vergisi/',
    depotHeading: 'Almanya vergisi 2025',
    link: /depolarınızda \d{4} vergileriniz/,
    heading: '2025 vergileri — tüm depolar',
    rows: [
      /Broker A\s*€1\.000,00\s*€200,00 \/ €200,00\s*€195,60\s*€10,75\s*€17,60/,
      /Toplam\s*€1\.300,00/,
    ],
    refund: 'yaklaşık €139,97 geri isteyebilirsiniz',
  },
  en: {
    profile: '/en/profile',
    screen: '/en/profile/german-tax/',
    depotHeading: 'German tax 2025',
    link: /Your taxes \d{4} across all depots/,
    heading: 'Taxes 2025 — all depots',
    rows: [
      /Broker A\s*€1,000\.00\s*€200\.00 of €200\.00\s*€195\.60\s*€10\.75\s*€17\.60/,
      /Total\s*€1,300\.00/,
    ],
    refund: 'you could claim about €139.97 back',
  },
  de: {
    profile: '/de/profil',
    screen: '/de/profil/steuern/',
    depotHeading: 'Steuern 2025',
    link: /Ihre Steuern \d{4} über alle Depots/,
    heading: 'Steuern 2025 – alle Depots',
    rows: [
      /Broker A\s*1\.000,00\s€\s*200,00\s€ von 200,00\s€\s*195,60\s€\s*10,75\s€\s*17,60\s€/,
      /Summe\s*1\.300,00\s€/,
    ],
    refund: 'könnten Sie etwa 139,97 € zurückholen',
  },
}

test.describe.configure({ mode: 'parallel' })

for (const locale of ['tr', 'en', 'de'] as const) {
  test(`a German resident sees the year across all depots in ${locale}`, async ({
    page,
    context,
    backend,
    createUser,
    signIn,
  }) => {
    test.slow()
    const expected = SCREENS[locale]
    await signIn(
      await createUser({ locale, metadata: { tax_residence: 'DE', church_tax_rate: '0.09' } }),
    )
    const depots = await seedDepots(context, backend.appUrl)

    // The profile links this year's screen; its "previous year" link leads to 2025.
    await page.goto(expected.profile)
    await waitForHydration(page)
    await page.getByRole('link', { name: expected.link }).click()
    await expect(page).toHaveURL(new RegExp(`${expected.screen}\\d{4}$`))
    const thisYear = Number(page.url().slice(-4))
    await page.goto(`${expected.screen}2025`)
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.heading)
    if (thisYear > 2025) {
      await expect(page.locator(`a[rel="next"][href="${expected.screen}2026"]`)).toBeVisible()
    }

    const table = page.getByRole('table')
    for (const row of expected.rows) await expect(table).toContainText(row)
    await expect(page.getByRole('main')).toContainText(expected.refund)
    await expect(page.getByRole('main')).toContainText('Lira (TRY)')

    // On a phone the depots are cards: nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 })
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    )
    expect(overflow, 'scrolls sideways at 375 px').toBeLessThanOrEqual(0)
    await expect(page.getByRole('main')).toContainText(expected.refund)

    if (locale === 'en') await expectNoViolations(page)

    // A depot's name opens its own report of the year.
    await expect(page.getByRole('link', { name: 'Broker A' })).toHaveAttribute(
      'href',
      buildPath('germanTax', locale, { id: depots.taxed, year: '2025' }),
    )
    await page.getByRole('link', { name: 'Broker B' }).click()
    await expect(page).toHaveURL(
      buildPath('germanTax', locale, { id: depots.spared, year: '2025' }),
    )
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.depotHeading)
  })
}
