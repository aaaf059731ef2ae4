import type { Page } from '@playwright/test'
import { buildPathLoose } from '../../shared/routes/build-path'
import { EXPECTED_URLS } from '../../shared/routes/route-fixtures'
import { LOCALES } from '../../shared/i18n/locales'
import { expect, test, waitForHydration, type BackendInfo } from './fixtures'

/**
 * Every screen in every language, at 320, 375 and 768 px and a desktop's 1280, light and dark,
 * compared with its approved screenshot (tests/e2e/visual.spec.ts-snapshots/; approve changes
 * with `--update-snapshots` after looking at them). No screen may scroll sideways. What changes
 * from day to day (dates, the charts' time axes) is hidden by visual.css; the signed-in screens
 * show a portfolio dated relative to today, so its figures do not change.
 */
const WIDTHS = [320, 375, 768, 1280] as const
const THEMES = ['light', 'dark'] as const
const STYLE = new URL('./visual.css', import.meta.url).pathname

// Eight full-page comparisons a test; the style that hides the dates is injected inline, which
// the site's CSP (tested elsewhere) would refuse.
test.use({ bypassCSP: true })
test.describe.configure({ timeout: 120_000 })

async function compareEveryWidth(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 })
    for (const colorScheme of THEMES) {
      await page.emulateMedia({ colorScheme })
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      )
      expect(overflow, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0)
      await expect(page).toHaveScreenshot(`${name}-${width}-${colorScheme}.png`, {
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
        stylePath: STYLE,
        maxDiffPixelRatio: 0.01,
      })
    }
  }
}

test.describe('public screens', () => {
  test.describe.configure({ mode: 'parallel' })
  for (const screen of ['home', 'pricing', 'privacy'] as const) {
    for (const { code: locale } of LOCALES) {
      test(`${screen} in ${locale}`, async ({ page }) => {
        await page.goto(EXPECTED_URLS[screen][locale])
        await waitForHydration(page)
        await compareEveryWidth(page, `${screen}-${locale}`)
      })
    }
  }
})

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
async function seedPortfolio(page: Page, backend: BackendInfo) {
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

test.describe('signed-in screens', () => {
  // One user and portfolio for the screens below, made once.
  test.describe.configure({ mode: 'serial' })
  let seeded: Awaited<ReturnType<typeof seedPortfolio>>
  let storage: Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>

  test.beforeAll(async ({ browser, backend }) => {
    const context = await browser.newContext({ baseURL: backend.appUrl })
    const page = await context.newPage()
    const { createUser, signInContext } = await import('./backend')
    const user = await createUser(backend, { email: 'visual@example.com', locale: 'tr' })
    await signInContext(backend, context, user)
    seeded = await seedPortfolio(page, backend)
    storage = await context.storageState()
    await context.close()
  })

  for (const screen of ['portfolios', 'portfolio', 'transaction', 'profile'] as const) {
    for (const { code: locale } of LOCALES) {
      test(`${screen} in ${locale}`, async ({ page, context }) => {
        await context.addCookies(storage.cookies)
        const params = { id: seeded.portfolioId, code: seeded.stock.code, name: seeded.stock.slug }
        await page.goto(buildPathLoose(screen, locale, params))
        await waitForHydration(page)
        await page.waitForLoadState('networkidle')
        await compareEveryWidth(page, `${screen}-${locale}`)
      })
    }
  }
})
