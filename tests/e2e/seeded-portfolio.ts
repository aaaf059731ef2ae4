import type { BrowserContext, Cookie, Page } from '@playwright/test'
import { randomInt } from 'node:crypto'
import postgres from 'postgres'
import { seedTufe } from './seed-indices'
import { createUser, signInContext } from './backend'
import { seedGermanDepot } from '../../dev/testing/seed-german-depot'
import { seedPortfolio, write } from '../../dev/testing/seed-portfolio'
import { buildPathLoose } from '../../shared/routes/build-path'
import type { Locale } from '../../shared/i18n/locales'
import { dayInZone } from '../../shared/time/day-in-zone'
import { test, waitForHydration } from './fixtures'

/**
 * A signed-in user per worker with a small portfolio whose figures never change (the screens'
 * visual and accessibility checks use it), and a way to open each signed-in screen of it.
 */

/** Per worker: a user signed in once, with the seeded portfolio (the same figures everywhere). */
interface Seeded {
  cookies: Cookie[]
  portfolioId: string
  stock: { code: string; slug: string }
  /** A euro depot whose 2025 is worked by hand (dev/testing/seed-german-depot.ts). */
  depotId: string
}

/**
 * The euro area HICP at 100 in every month from December 2023 (before the German depot's first
 * day) to the month after today, and the specs' one TÜFE (flat over the last year): the cards'
 * real returns show, equal to the nominal ones, the same whichever day the checks run.
 */
async function seedFlatIndices(databaseUrl: string, today: string) {
  const sql = postgres(databaseUrl, { max: 1, fetch_types: false, onnotice: () => {} })
  await sql`
    insert into public.price_indices (index_code, month, value)
    select 'EA-HICP-2025', month::date, 100
    from generate_series(date '2023-12-01', date_trunc('month', ${today}::date) + interval '1 month', interval '1 month') as month
    on conflict (index_code, month) do update set value = excluded.value
  `
  await sql.end()
  await seedTufe(databaseUrl, today)
}

export const signedIn = test.extend<object, { seeded: Seeded }>({
  seeded: [
    async ({ browser, backend }, use, workerInfo) => {
      await seedFlatIndices(backend.databaseUrl, dayInZone(new Date(), 'Europe/Istanbul'))
      const context = await browser.newContext()
      const user = await createUser(backend, {
        // Digits only after the label: they are all as wide, so the address shown on the profile
        // wraps the same in every run (a random hex one did not).
        email: `e2e-visual-${workerInfo.workerIndex}-${randomInt(10 ** 7, 10 ** 8)}@example.com`,
        locale: 'tr',
        // The profile shows its tax section whole: a German resident with church tax.
        metadata: { tax_residence: 'DE', church_tax_rate: '0.09' },
      })
      await signInContext(backend, context, user)
      const { cookies } = await context.storageState()
      await context.close()
      const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
      const seeded = await seedPortfolio({ appUrl: backend.appUrl, cookie })
      await giveExemptionOrder(backend.appUrl, cookie, seeded.portfolioId)
      const today = dayInZone(new Date(), 'Europe/Istanbul')
      const { depotId } = await seedGermanDepot({ appUrl: backend.appUrl, cookie }, today)
      await use({ cookies, ...seeded, depotId })
    },
    { scope: 'worker' },
  ],
})

/** Half the allowance to the seeded portfolio, for the year the profile opens on. */
async function giveExemptionOrder(appUrl: string, cookie: string, portfolioId: string) {
  // The user's day is Istanbul's (their language's; no zone chosen).
  const year = dayInZone(new Date(), 'Europe/Istanbul').slice(0, 4)
  await write(
    { appUrl, cookie },
    `/api/portfolios/${portfolioId}/tax-years/${year}`,
    { freistellungsauftrag: '500', lossCertificate: false },
    'PUT',
  )
}

/** The signed-in screens of the seeded portfolio, and its German depot's statement of 2025. */
export const SIGNED_IN_SCREENS = [
  'portfolios',
  'portfolio',
  'transaction',
  'germanTax',
  'profile',
] as const

/** Opens a signed-in screen of the worker's seeded user, hydrated and with its data loaded. */
export async function openSeeded(
  { page, context, seeded }: { page: Page; context: BrowserContext; seeded: Seeded },
  screen: (typeof SIGNED_IN_SCREENS)[number],
  locale: Locale,
) {
  await context.addCookies(seeded.cookies)
  const params: Record<string, string> =
    screen === 'germanTax'
      ? { id: seeded.depotId, year: '2025' }
      : { id: seeded.portfolioId, code: seeded.stock.code, name: seeded.stock.slug }
  await page.goto(buildPathLoose(screen, locale, params))
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
}
