import postgres from 'postgres'
import de from '../../locales/de.json' with { type: 'json' }
import en from '../../locales/en.json' with { type: 'json' }
import tr from '../../locales/tr.json' with { type: 'json' }
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { buildPathLoose } from '../../shared/routes/build-path'
import { expectNoSidewaysScroll, expectNoViolations } from './page-checks'
import { expect, test, waitForHydration } from './fixtures'

// A Turkish resident with a lira portfolio enters two sales in the transaction form: a money-market
// fund taking a lot of the 7.5 % band and one of the 15 % band (docs/tax-turkey.md, Example 24),
// and a US share taking a lot indexed by Yİ-ÜFE and one not, on a Turkish holiday (Example 25).
// Each shows its lots and the stopaj or the gain to declare, in each language, on a desktop in the
// light and on a phone in the dark.
test.describe.configure({ mode: 'parallel' })
// Changing one sale into the other, a state between them may settle and be asked: the fund's
// 1,500 units of the share, more than is held (422).
test.use({ expectedConsoleErrors: /status of 422 \(Unprocessable Entity\)/ })

type Messages = typeof en

/** The illustrative Yİ-ÜFE months and the TCMB USD bulletins the examples' days convert at. */
async function seedRates(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, fetch_types: false, onnotice: () => {} })
  const indices = [
    ['2024-02-01', '3000.00'],
    ['2024-12-01', '3750.00'],
    ['2025-01-01', '3850.00'],
    ['2025-03-01', '4000.00'],
    ['2025-04-01', '4100.00'],
  ] as const
  const rates = [
    ['2024-03-14', '32.0000'],
    ['2025-01-03', '35.4000'],
    ['2025-01-31', '36.0000'],
    ['2025-04-14', '38.0000'],
    ['2025-05-16', '38.5000'],
    // The form looks up the rate of a dollar sale's day before its date is changed.
    ['2025-09-12', '41.3000'],
  ] as const
  for (const [month, value] of indices) {
    await sql`
      insert into public.price_indices (index_code, month, value)
      values ('TR-YIUFE-2003', ${month}, ${value})
      on conflict (index_code, month) do update set value = excluded.value
    `
  }
  for (const [day, rate] of rates) {
    await sql`
      insert into public.fx_rates (source, base, quote, rate_date, rate)
      values ('TCMB', 'USD', 'TRY', ${day}, ${rate})
      on conflict (source, base, quote, rate_date) do update set rate = excluded.rate
    `
  }
  await sql.end()
}

/** What Intl writes between an amount and its currency, and in a percentage: no-break spaces. */
const nbsp = (text: string) => text.replace(/ /g, '\u00a0')

const fill = (message: string, params: Record<string, string>) =>
  message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')

const LANGUAGES = [
  {
    locale: 'tr',
    m: tr,
    input: { fundPrice: '26,4', fundDate: '12.09.2025', usDate: '19.05.2025' },
    fund: { rates: ['%7,5', '%15'], stopaj: '₺697,50', gain: '₺7.850,00' },
    us: { indexed: '₺65.600,00', after: '₺30.300,00', added: '₺2.625,00', rate: '38,5000' },
  },
  {
    locale: 'en',
    m: en,
    input: { fundPrice: '26.4', fundDate: '09/12/2025', usDate: '05/19/2025' },
    fund: { rates: ['7.5%', '15%'], stopaj: 'TRY 697.50', gain: 'TRY 7,850.00' },
    us: {
      indexed: 'TRY 65,600.00',
      after: 'TRY 30,300.00',
      added: 'TRY 2,625.00',
      rate: '38.5000',
    },
  },
  {
    locale: 'de',
    m: de,
    input: { fundPrice: '26,4', fundDate: '12.09.2025', usDate: '19.05.2025' },
    fund: { rates: ['7,5 %', '15 %'], stopaj: '697,50 TRY', gain: '7.850,00 TRY' },
    us: {
      indexed: '65.600,00 TRY',
      after: '30.300,00 TRY',
      added: '2.625,00 TRY',
      rate: '38,5000',
    },
  },
] as const

/** Writes through the API as the signed-in page does (the session cookie, same origin). */
async function write(request: APIRequestContext, origin: string, path: string, data: unknown) {
  const response = await request.post(path, { headers: { Origin: origin }, data })
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true)
  return (await response.json()) as { id: string }
}

/** A lira portfolio holding the fund of Example 24 and the US shares of Example 25. */
async function liraPortfolio(page: Page, origin: string): Promise<string> {
  const portfolio = await write(page.request, origin, '/api/portfolios', {
    name: 'Portföy',
    baseCurrency: 'TRY',
    costBasisMethod: 'FIFO',
    recordsCash: false,
  })
  const fund = await write(page.request, origin, '/api/instruments', {
    code: 'KYMPP',
    name: 'Kıymet Para Piyasası Fonu',
    type: 'FUND',
    currency: 'TRY',
    priceProvider: 'tefas',
    priceSymbol: 'KPP',
    tefasFundClass: 'moneyMarket',
  })
  const us = await write(page.request, origin, '/api/instruments', {
    code: 'KYMUS',
    name: 'Kıymet Software Inc.',
    type: 'STOCK',
    currency: 'USD',
    exchange: 'NASDAQ',
  })
  const other = await write(page.request, origin, '/api/instruments', {
    code: 'KYMXX',
    name: 'Kıymet Example Inc.',
    type: 'STOCK',
    currency: 'USD',
    exchange: 'NYSE',
  })
  const usd = { currency: 'USD', fxRate: '35' }
  const transactions = [
    {
      type: 'BUY',
      instrumentId: fund.id,
      tradeDate: '2024-10-15',
      quantity: '1000',
      unitPrice: '20',
    },
    {
      type: 'BUY',
      instrumentId: fund.id,
      tradeDate: '2025-02-20',
      quantity: '1000',
      unitPrice: '23.5',
    },
    {
      ...usd,
      type: 'BUY',
      instrumentId: us.id,
      tradeDate: '2024-03-15',
      quantity: '10',
      unitPrice: '150',
    },
    {
      ...usd,
      type: 'BUY',
      instrumentId: us.id,
      tradeDate: '2025-02-03',
      quantity: '10',
      unitPrice: '180',
    },
    // Example 16: 12,800.00 declared for 2025 before the sale.
    {
      ...usd,
      type: 'BUY',
      instrumentId: other.id,
      tradeDate: '2025-01-06',
      quantity: '20',
      unitPrice: '100',
    },
    {
      ...usd,
      type: 'SELL',
      instrumentId: other.id,
      tradeDate: '2025-04-15',
      quantity: '20',
      unitPrice: '110',
    },
  ]
  for (const transaction of transactions) {
    await write(page.request, origin, `/api/portfolios/${portfolio.id}/transactions`, {
      idempotencyKey: crypto.randomUUID(),
      transaction: { currency: 'TRY', ...transaction },
    })
  }
  return portfolio.id
}

/** Enters a sale of `code` in the open form and waits for its tax, `rows` lots. */
async function enterSale(
  form: Locator,
  panel: Locator,
  m: Messages,
  sale: { code: string; date: string; quantity: string; price: string; rows: number },
) {
  await form.getByRole('combobox', { name: m.portfolio.form.instrument }).fill(sale.code)
  await form.getByRole('option', { name: new RegExp(`^${sale.code}\\b`) }).click()
  await form.getByLabel(m.portfolio.form.tradeDate, { exact: true }).fill(sale.date)
  await form.getByLabel(new RegExp(`^${m.portfolio.form.quantity}`)).fill(sale.quantity)
  await form.getByLabel(new RegExp(`^${m.portfolio.form.unitPrice}`)).fill(sale.price)
  await expect(panel.locator('.sale-tax__lots tbody tr')).toHaveCount(sale.rows)
  await expect(panel).toHaveAttribute('aria-busy', 'false')
}

for (const { locale, m, input, fund, us } of LANGUAGES) {
  test(`${locale}: a fund sale shows its stopaj lot by lot, a foreign sale the gain to declare`, async ({
    page,
    createUser,
    signIn,
    backend,
    baseURL,
  }, testInfo) => {
    // Two sales, each in two sizes and themes.
    test.slow()
    await seedRates(backend.databaseUrl)
    const user = await createUser({
      locale,
      metadata: { tax_residence: 'TR', time_zone: 'Europe/Istanbul' },
    })
    await signIn(user)
    const id = await liraPortfolio(page, baseURL ?? '')
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto(buildPathLoose('portfolio', locale, { id }))
    await waitForHydration(page)

    await page.getByRole('button', { name: m.portfolio.form.headingAdd, exact: true }).click()
    const form = page.locator('form.transaction-form')
    const panel = form.getByRole('region', { name: m.portfolio.salePreview.heading })
    await form.getByLabel(m.portfolio.form.type, { exact: true }).selectOption('SELL')
    const s = m.portfolio.turkishSalePreview
    const figure = (label: string) =>
      panel.locator('.sale-tax__rows > div').filter({ hasText: label }).locator('dd')
    const rows = panel.locator('.sale-tax__lots tbody tr')

    // Example 24: 1,000 units of the 7.5 % band, then 500 of the 15 % band.
    const fundSale = {
      code: 'KYMPP',
      date: input.fundDate,
      quantity: '1500',
      price: input.fundPrice,
    }
    await enterSale(form, panel, m, { ...fundSale, rows: 2 })
    await expect(rows.nth(0).locator('td').last()).toHaveText(nbsp(fund.rates[0]))
    await expect(rows.nth(1).locator('td').last()).toHaveText(nbsp(fund.rates[1]))
    await expect(figure(s.gain)).toHaveText(nbsp(fund.gain))
    await expect(figure(s.stopaj)).toHaveText(nbsp(fund.stopaj))
    await expect(panel).toContainText(s.fundFinal)
    await expect(panel).toContainText(s.note)
    await expectNoViolations(page, { include: '.sale-tax', themes: 'shown' })
    await panel.screenshot({ path: testInfo.outputPath(`fund-${locale}-desktop-light.png`) })

    // Example 25: the 2024 lot indexed, the 2025 lot not; the rate of Friday's bulletin.
    const usSale = { code: 'KYMUS', date: input.usDate, quantity: '15', price: '200' }
    await enterSale(form, panel, m, { ...usSale, rows: 2 })
    await expect(rows.nth(0).locator('td').last()).toHaveText(s.indexedYes)
    await expect(panel.locator('.sale-tax__details li').first()).toContainText(nbsp(us.indexed))
    await expect(rows.nth(1).locator('td').last()).toHaveText(s.indexedNo)
    await expect(panel.locator('.sale-tax__rows')).toContainText(us.rate)
    await expect(figure(fill(s.yearAfter, { year: '2025' }))).toHaveText(nbsp(us.after))
    await expect(figure(fill(s.taxAdded, { next: '2026' }))).toHaveText(nbsp(us.added))
    await expectNoViolations(page, { include: '.sale-tax', themes: 'shown' })
    await panel.screenshot({ path: testInfo.outputPath(`foreign-${locale}-desktop-light.png`) })

    // On a phone in the dark both fit the screen's width.
    await page.setViewportSize({ width: 375, height: 800 })
    await page.emulateMedia({ colorScheme: 'dark' })
    await panel.screenshot({ path: testInfo.outputPath(`foreign-${locale}-375-dark.png`) })
    await expectNoSidewaysScroll(page)
    await expectNoViolations(page, { include: '.sale-tax', themes: 'shown' })
    await enterSale(form, panel, m, { ...fundSale, rows: 2 })
    await expect(figure(s.stopaj)).toHaveText(nbsp(fund.stopaj))
    await expectNoSidewaysScroll(page)
    await expectNoViolations(page, { include: '.sale-tax', themes: 'shown' })
    await panel.screenshot({ path: testInfo.outputPath(`fund-${locale}-375-dark.png`) })
  })
}
