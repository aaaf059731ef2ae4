import type { BrowserContext, Cookie, Page } from '@playwright/test'
import { createUser, signInContext, uniqueEmail } from './backend'
import { buildPathLoose } from '../../shared/routes/build-path'
import type { Locale } from '../../shared/i18n/locales'
import { expect, test, waitForHydration, type BackendInfo } from './fixtures'

/**
 * A signed-in user per worker with a small portfolio whose figures never change (the screens'
 * visual and accessibility checks use it), and a way to open each signed-in screen of it.
 */

const day = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)

/** Writes through the API as the signed-in page would (same origin). */
async function post(page: Page, backend: BackendInfo, path: string, data: unknown) {
  const response = await page.request.fetch(path, {
    method: path.endsWith('/prices') ? 'PUT' : 'POST',
    headers: { Origin: new URL(backend.appUrl).origin },
    data,
  })
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true)
  return (await response.json().catch(() => ({}))) as { id: string; code: string; slug: string }
}

/**
 * A portfolio of two own instruments priced by hand, a sale and a dividend, all dated relative
 * to today: its figures, lots and chart are the same whichever day the suite runs.
 */
export async function seedPortfolio(page: Page, backend: BackendInfo) {
  const portfolio = await post(page, backend, '/api/portfolios', {
    name: 'Emeklilik',
    baseCurrency: 'TRY',
    costBasisMethod: 'FIFO',
    recordsCash: true,
  })
  const instruments = []
  for (const [code, name, prices] of [
    ['KYMA', 'Anadolu Enerji Yatırım', ['41.20', '44.85', '47.10', '52.30']],
    ['KYMB', 'Boğaziçi Teknoloji Fonu', ['1.234567', '1.301234', '1.288765', '1.355432']],
  ] as const) {
    const instrument = await post(page, backend, '/api/instruments', {
      code,
      name,
      type: code === 'KYMB' ? 'FUND' : 'STOCK',
      currency: 'TRY',
    })
    await post(page, backend, `/api/instruments/${instrument.id}/prices`, {
      prices: prices.map((close, index) => ({ date: day(300 - index * 90), close })),
    })
    instruments.push(instrument)
  }
  const [stock, fund] = instruments as [(typeof instruments)[0], (typeof instruments)[0]]
  const transactions = [
    { type: 'DEPOSIT', tradeDate: day(301), amount: '60000', currency: 'TRY' },
    {
      type: 'BUY',
      tradeDate: day(300),
      instrumentId: stock.id,
      quantity: '800',
      unitPrice: '41.20',
      fee: '32.96',
    },
    {
      type: 'BUY',
      tradeDate: day(299),
      instrumentId: fund.id,
      quantity: '12000',
      unitPrice: '1.234567',
    },
    {
      type: 'SELL',
      tradeDate: day(120),
      instrumentId: stock.id,
      quantity: '200',
      unitPrice: '47.10',
      fee: '9.42',
    },
    { type: 'DIVIDEND', tradeDate: day(60), instrumentId: stock.id, amount: '960', tax: '144' },
  ]
  for (const transaction of transactions) {
    await post(page, backend, `/api/portfolios/${portfolio.id}/transactions`, {
      idempotencyKey: crypto.randomUUID(),
      transaction,
    })
  }
  return { portfolioId: portfolio.id, stock }
}

/** Per worker: a user signed in once, with the portfolio above (the same figures everywhere). */
interface Seeded {
  cookies: Cookie[]
  portfolioId: string
  stock: { code: string; slug: string }
}

export const signedIn = test.extend<object, { seeded: Seeded }>({
  seeded: [
    async ({ browser, backend }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: backend.appUrl })
      const user = await createUser(backend, {
        email: uniqueEmail(`visual-${workerInfo.workerIndex}`),
        locale: 'tr',
      })
      await signInContext(backend, context, user)
      const seeded = await seedPortfolio(await context.newPage(), backend)
      const { cookies } = await context.storageState()
      await context.close()
      await use({ cookies, ...seeded })
    },
    { scope: 'worker' },
  ],
})

/** The signed-in screens of the seeded portfolio. */
export const SIGNED_IN_SCREENS = ['portfolios', 'portfolio', 'transaction', 'profile'] as const

/** Opens a signed-in screen of the worker's seeded user, hydrated and with its data loaded. */
export async function openSeeded(
  { page, context, seeded }: { page: Page; context: BrowserContext; seeded: Seeded },
  screen: (typeof SIGNED_IN_SCREENS)[number],
  locale: Locale,
) {
  await context.addCookies(seeded.cookies)
  const params = { id: seeded.portfolioId, code: seeded.stock.code, name: seeded.stock.slug }
  await page.goto(buildPathLoose(screen, locale, params))
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
}
