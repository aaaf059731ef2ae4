import type { BrowserContext, Locator, Page } from '@playwright/test'
import { combineChunks, createChunks } from '@supabase/ssr'
import { expect, test, waitForHydration, type BackendFixtures } from './fixtures'

// Every test has its own user, so the file's tests may share the run's workers.
test.describe.configure({ mode: 'parallel' })

/** A number as the page writes it: Intl puts a no-break space between amount and symbol. */
const text = (value: string) => value.replace(/ /g, '\u00a0')

async function open(page: Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
}

/** Creates a portfolio through the list screen's form and lands on its detail screen. */
async function createPortfolio(
  page: Page,
  labels: { open: RegExp; name: string; currency: string; method: RegExp; submit: string },
  values: { name: string; currency: string },
) {
  await page.getByRole('button', { name: labels.open }).click()
  await page.getByLabel(labels.name, { exact: true }).fill(values.name)
  await page.getByLabel(labels.currency).selectOption(values.currency)
  await page.getByRole('radio', { name: labels.method }).check()
  await page.getByRole('button', { name: labels.submit }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(values.name)
}

interface FormLabels {
  add: string
  type: string
  date: string
  instrument: string
  quantity: RegExp
  price: RegExp
  amount: RegExp
  fee: RegExp
  tax: RegExp
  ratio: string
  submit: string
}

const TR: FormLabels = {
  add: 'İşlem ekle',
  type: 'İşlem türü',
  date: 'Tarih',
  instrument: 'Menkul kıymet',
  quantity: /^Adet/,
  price: /^Birim fiyat/,
  amount: /^Brüt temettü/,
  fee: /^Komisyon/,
  tax: /^Stopaj|^Vergi/,
  ratio: 'Bölünme oranı',
  submit: 'İşlemi ekle',
}

interface Entry {
  type: string
  date: string
  code?: string
  quantity?: string
  price?: string
  amount?: string
  fee?: string
  tax?: string
  ratio?: string
}

/** Adds one transaction through the shared form, typed as a person would, and waits for it. */
async function addTransaction(page: Page, labels: FormLabels, entry: Entry) {
  await page.getByRole('button', { name: labels.add, exact: true }).click()
  const form = page.locator('form.transaction-form')
  await form.getByLabel(labels.type, { exact: true }).selectOption(entry.type)
  await form.getByLabel(labels.date, { exact: true }).fill(entry.date)
  if (entry.code) {
    const picker = form.getByRole('combobox', { name: labels.instrument })
    await picker.fill(entry.code)
    await form.getByRole('option', { name: new RegExp(`^${entry.code}\\b`) }).click()
  }
  if (entry.quantity) await form.getByLabel(labels.quantity).fill(entry.quantity)
  if (entry.price) await form.getByLabel(labels.price).fill(entry.price)
  if (entry.amount) await form.getByLabel(labels.amount).fill(entry.amount)
  if (entry.fee) await form.getByLabel(labels.fee).fill(entry.fee)
  if (entry.tax) await form.getByLabel(labels.tax).fill(entry.tax)
  if (entry.ratio) await form.getByLabel(labels.ratio).fill(entry.ratio)
  await form.getByRole('button', { name: labels.submit }).click()
  await expect(form).toHaveCount(0)
}

/** The figure shown beside a term in a description list. */
function figure(scope: Locator, term: string) {
  return scope
    .locator('dl > div')
    .filter({ has: scope.page().getByText(term, { exact: true }) })
    .locator('dd')
}

test('Turkish: create a FIFO portfolio, buy, sell, dividend and split; figures as worked by hand', async ({
  page,
  createUser,
  signIn,
}) => {
  const user = await createUser({ locale: 'tr' })
  await signIn(user)
  await open(page, '/portfoyum')
  await expect(page.getByRole('heading', { name: 'Henüz portföyünüz yok' })).toBeVisible()
  await createPortfolio(
    page,
    {
      open: /^İlk portföyünüzü oluşturun$/,
      name: 'Ad',
      currency: 'Ana para birimi',
      method: /^FIFO/,
      submit: 'Portföyü oluştur',
    },
    { name: 'Emeklilik', currency: 'TRY' },
  )

  await addTransaction(page, TR, {
    type: 'BUY',
    date: '05.01.2026',
    code: 'THYAO',
    quantity: '100',
    price: '250,50',
    fee: '10',
  })
  await addTransaction(page, TR, {
    type: 'BUY',
    date: '10.02.2026',
    code: 'THYAO',
    quantity: '50',
    price: '300',
  })
  await addTransaction(page, TR, {
    type: 'SELL',
    date: '10.03.2026',
    code: 'THYAO',
    quantity: '120',
    price: '320,25',
    fee: '5',
  })
  await addTransaction(page, TR, {
    type: 'DIVIDEND',
    date: '15.04.2026',
    code: 'THYAO',
    amount: '150',
    tax: '15',
  })
  await addTransaction(page, TR, { type: 'SPLIT', date: '4.5.26', code: 'THYAO', ratio: '2:1' })

  // By hand: lot 1 = 100 × 250,50 + 10 = 25.060; lot 2 = 50 × 300 = 15.000. The sale of 120
  // takes lot 1 and 20 of lot 2 (6.000): cost 31.060; proceeds 120 × 320,25 − 5 = 38.425;
  // realized 7.365. Left: 30 units costing 9.000, after the 2:1 split 60 units at 150.
  const totals = page.getByRole('region', { name: 'Toplamlar' })
  // No tax was withheld on the sale: the gain before and after tax is the same.
  await expect(figure(totals, 'Vergi öncesi gerçekleşmiş kazanç')).toHaveText('+₺7.365,00')
  await expect(figure(totals, 'Vergi sonrası gerçekleşmiş kazanç')).toHaveText('+₺7.365,00')
  await expect(figure(totals, 'Temettüler')).toHaveText('+₺135,00')
  const holdings = page.getByRole('region', { name: /^Varlıklar, ana para biriminde/ })
  const row = holdings.getByRole('row', { name: /THYAO/ })
  await expect(row.getByRole('cell').nth(0)).toHaveText('60')
  await expect(row.getByRole('cell').nth(1)).toHaveText('₺150,00')
  const sales = page.getByRole('region', { name: /^Satışlar/ })
  await expect(sales.getByRole('row', { name: /10\.03\.2026/ })).toContainText('+₺7.365,00')
  await expect(sales).toContainText('100 adet, 05.01.2026 alımı, 64 gün elde tutuldu')
  await expect(sales).toContainText('20 adet, 10.02.2026 alımı, 28 gün elde tutuldu')
  await expect(page).toHaveTitle('Emeklilik — Portföy — Kıymet')

  // The charts follow the same figures: all of the value is THYAO, the value chart is drawn and
  // its table ends today at the totals' value and invested capital.
  const allocation = page.getByRole('region', { name: 'Dağılım' })
  await expect(allocation.getByRole('row', { name: /THYAO/ })).toContainText('%100')
  const valueChart = page.getByRole('region', { name: 'Değer gelişimi' })
  // Drawn once scrolled to (the chart library loads then), in an idle moment (at most 2 s later).
  await valueChart.scrollIntoViewIfNeeded()
  await expect(valueChart.locator('canvas')).not.toHaveCount(0)
  await valueChart.getByText('Rakamları tablo olarak göster').click()
  const lastPoint = valueChart.getByRole('table').getByRole('row').last().getByRole('cell')
  await expect(lastPoint).toHaveText([
    (await figure(totals, 'Değer').textContent()) ?? '',
    // Without cash, invested capital is the net invested; its explanation follows the amount.
    (await figure(totals, 'Net yatırım').locator('.figure').first().textContent()) ?? '',
  ])

  // The instrument's screen, by client-side navigation, then as the server renders it. Of the
  // two lots only the second's last 30 units are left: 60 after the split, costing 30/50 of
  // 15.000 = 9.000, i.e. 150 a unit, held since 10.02.2026 up to today (the report's date).
  await row.getByRole('link', { name: /THYAO/ }).click()
  await expect(page).toHaveURL(/\/portfoyum\/[0-9a-f-]{36}\/transaction-THYAO-turk-hava-yollari$/)
  const today = new Date().toISOString().slice(0, 10)
  const held = Math.round((Date.parse(today) - Date.parse('2026-02-10')) / 86_400_000)
  const overAYear = today > '2027-02-10' ? '1 yıldan uzun' : ''
  for (const load of ['navigation', 'reload']) {
    if (load === 'reload') await open(page, page.url())
    await expect(page).toHaveTitle('THYAO · Emeklilik — Kıymet')
    const lots = page.getByRole('region', {
      name: 'Elinizdeki adetler alışlara göre, en eskisi başta',
    })
    await expect(lots.getByRole('rowheader')).toHaveText(['10.02.2026'])
    await expect(lots.getByRole('cell')).toHaveText([
      '60',
      '₺150,00',
      '₺9.000,00',
      `${held} gün${overAYear}`,
    ])
  }
})

const DE: FormLabels = {
  add: 'Buchung hinzufügen',
  type: 'Art',
  date: 'Datum',
  instrument: 'Wertpapier',
  quantity: /^Stückzahl/,
  price: /^Kurs je Stück/,
  amount: /^Bruttodividende/,
  fee: /^Gebühren/,
  tax: /^Quellensteuer|^Steuern/,
  ratio: 'Split-Verhältnis',
  submit: 'Buchung hinzufügen',
}

test('German: average cost, the instrument screen, a manual price, editing and deleting', async ({
  page,
  createUser,
  signIn,
}) => {
  const user = await createUser({ locale: 'de' })
  await signIn(user)
  await open(page, '/de/portfolio')
  await createPortfolio(
    page,
    {
      open: /^Erstes Portfolio anlegen$/,
      name: 'Name',
      currency: 'Basiswährung',
      method: /^Durchschnittskosten/,
      submit: 'Portfolio anlegen',
    },
    { name: 'Depot', currency: 'EUR' },
  )
  await addTransaction(page, DE, {
    type: 'BUY',
    date: '02.02.2026',
    code: 'SAP',
    quantity: '10',
    price: '1.234,56',
    fee: '5',
  })
  await addTransaction(page, DE, {
    type: 'SELL',
    date: '02.03.2026',
    code: 'SAP',
    quantity: '4',
    price: '1.300',
  })
  // By hand: cost 10 × 1.234,56 + 5 = 12.350,60, i.e. 1.235,06 per unit. The sale of 4 brings
  // 5.200,00 against 4 × 1.235,06 = 4.940,24: realized 259,76. Left: 6 at 1.235,06 (7.410,36).
  const totals = page.getByRole('region', { name: 'Summen' })
  await expect(figure(totals, 'Realisierter Gewinn nach Steuern')).toHaveText(text('+259,76 €'))
  const row = page.getByRole('region', { name: /^Bestand in der Basiswährung/ }).getByRole('row', {
    name: /SAP/,
  })
  await expect(row.getByRole('cell').nth(0)).toHaveText('6')
  await expect(row.getByRole('cell').nth(1)).toHaveText(text('1.235,06 €'))

  // The instrument's own screen, by client-side navigation.
  await row.getByRole('link', { name: /SAP/ }).click()
  await expect(page).toHaveURL(/\/de\/portfolio\/[0-9a-f-]{36}\/transaction-SAP-sap$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('SAP · SAP')
  const position = page.getByRole('region', { name: 'Position' })
  await expect(figure(position, 'Stück')).toHaveText('6')
  // One pool, dated by its one purchase.
  await expect(figure(position, 'Mittleres Anschaffungsdatum')).toHaveText('02.02.2026')

  // A closing price typed the German way values the position: 6 × 1.400 = 8.400. It is dated
  // today, as the form proposes: a price of its own day wins over the market's.
  const prices = page.getByRole('region', { name: 'Kurs eingeben' })
  await prices.getByLabel('Schlusskurs (EUR)').fill('1.400,00')
  await prices.getByRole('button', { name: 'Kurs speichern' }).click()
  await expect(prices.getByRole('status')).toHaveText('Der Kurs wurde gespeichert.')
  await expect(figure(position, 'Wert')).toHaveText(text('8.400,00 €'))
  await expect(figure(position, 'Nicht realisierter Gewinn')).toContainText(text('+989,64 €'))

  // Editing the sale to 5 units: 6.500,00 − 5 × 1.235,06 = 324,70.
  const history = page.getByRole('region', { name: /^Buchungen in diesem Wertpapier/ })
  await history.getByRole('button', { name: 'Verkauf vom 02.03.2026 bearbeiten' }).click()
  const form = page.locator('form.transaction-form')
  // The form takes the focus as it opens, at its first field.
  await expect(form.getByLabel(DE.type, { exact: true })).toBeFocused()
  await expect(form.getByLabel(DE.date, { exact: true })).toHaveValue('02.03.2026')
  await form.getByLabel(DE.quantity).fill('5')
  await form.getByRole('button', { name: 'Änderungen speichern' }).click()
  await expect(form).toHaveCount(0)
  // Back to the row's button that opened the form.
  await expect(
    history.getByRole('button', { name: 'Verkauf vom 02.03.2026 bearbeiten' }),
  ).toBeFocused()
  const sales = page.getByRole('region', { name: /^Verkäufe, neueste zuerst/ })
  await expect(sales).toContainText(text('+324,70 €'))
  await expect(figure(position, 'Stück')).toHaveText('5')

  // Deleting it asks first; then the units are back and nothing was sold.
  await history.getByRole('button', { name: 'Verkauf vom 02.03.2026 löschen' }).click()
  await history
    .getByRole('group', { name: 'Verkauf vom 02.03.2026 löschen?' })
    .getByRole('button', { name: 'Löschen' })
    .click()
  await expect(figure(position, 'Stück')).toHaveText('10')
  await expect(page.getByText('Noch nichts verkauft.')).toBeVisible()
})

/** Creates a portfolio without transactions through the API, as the signed-in user. */
async function createEmptyPortfolio(page: Page, baseURL: string, name: string): Promise<string> {
  const created = await page.request.post('/api/portfolios', {
    headers: { Origin: baseURL },
    data: { name, baseCurrency: 'TRY', costBasisMethod: 'FIFO', recordsCash: false },
  })
  expect(created.status()).toBe(201)
  return ((await created.json()) as { id: string }).id
}

test.describe('the first transaction', () => {
  // The sale of what is not held is refused on purpose (422).
  test.use({ expectedConsoleErrors: /status of 422 \(Unprocessable Entity\)/ })

  test('English: an empty portfolio starts with its first step; the form takes the focus and gives it back', async ({
    page,
    createUser,
    signIn,
    baseURL,
  }) => {
    await signIn(await createUser({ locale: 'en' }))
    await page.goto('/en')
    const id = await createEmptyPortfolio(page, baseURL ?? '', 'First steps')
    await open(page, `/en/portfolio/${id}`)

    // No figures of nothing: the first step, adding a transaction or importing a file.
    await expect(page.getByRole('heading', { name: 'Nothing recorded yet' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Import from a file' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Totals' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: /^Export/ })).toHaveCount(0)

    // The form takes the focus at its first field, and gives it back when cancelled.
    const add = page.getByRole('button', { name: 'Add a transaction', exact: true })
    await add.click()
    const form = page.locator('form.transaction-form')
    await expect(form.getByLabel('Type', { exact: true })).toBeFocused()
    await form.getByRole('button', { name: 'Cancel' }).click()
    await expect(form).toHaveCount(0)
    await expect(add).toBeFocused()

    // Selling what is not held: the API's sentence at the quantity, not "this value is invalid".
    await add.click()
    await form.getByLabel('Type', { exact: true }).selectOption('SELL')
    await form.getByLabel('Date', { exact: true }).fill('01/05/2026')
    await form.getByRole('combobox', { name: 'Instrument' }).fill('THYAO')
    await form.getByRole('option', { name: /^THYAO\b/ }).click()
    const quantity = form.getByLabel(/^Quantity/)
    await quantity.fill('5')
    await form.getByLabel(/^Price per unit/).fill('250')
    await form.getByRole('button', { name: 'Add transaction' }).click()
    await expect(quantity).toHaveAccessibleDescription(
      /You cannot sell or transfer more units than the portfolio holds on that date\./,
    )
    await expect(quantity).toBeFocused()

    // Bought instead, it is the first transaction: the full screen follows, saying so, with the
    // focus on its own "Add a transaction".
    await form.getByLabel('Type', { exact: true }).selectOption('BUY')
    await form.getByRole('button', { name: 'Add transaction' }).click()
    await expect(form).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Totals' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Nothing recorded yet' })).toHaveCount(0)
    await expect(page.getByText('The transaction was saved.')).toBeVisible()
    await expect(add).toBeFocused()
  })
})

test('the plan’s limit counts the portfolios shown: deleting one makes room at once', async ({
  page,
  createUser,
  signIn,
  baseURL,
}) => {
  await signIn(await createUser({ locale: 'en' }))
  await page.goto('/en')
  // The free plan's three.
  for (const name of ['One', 'Two', 'Three']) {
    await createEmptyPortfolio(page, baseURL ?? '', name)
  }
  await open(page, '/en/portfolio')
  const limit = page.getByText(/^You have used all the portfolios your plan includes \(3\)/)
  await expect(limit).toBeVisible()
  await expect(page.getByRole('button', { name: 'New portfolio' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Delete Three' }).click()
  await page
    .getByRole('group', { name: 'Delete “Three” and all its transactions?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(page.getByText('“Three” was deleted.')).toBeVisible()
  await expect(limit).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'New portfolio' })).toBeVisible()

  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(limit).toBeVisible()
  await expect(page.getByRole('link', { name: 'Three' })).toBeVisible()
})

/** Creates a portfolio with one purchase of THYAO through the API, as the signed-in user. */
async function seedPortfolio(page: Page, baseURL: string, name: string): Promise<string> {
  const headers = { Origin: baseURL }
  const created = await page.request.post('/api/portfolios', {
    headers,
    data: { name, baseCurrency: 'TRY', costBasisMethod: 'FIFO', recordsCash: false },
  })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  const search = await page.request.get('/api/instruments?q=THYAO')
  const { instruments } = (await search.json()) as { instruments: { id: string; code: string }[] }
  const thyao = instruments.find((instrument) => instrument.code === 'THYAO')
  const bought = await page.request.post(`/api/portfolios/${id}/transactions`, {
    headers,
    data: {
      idempotencyKey: crypto.randomUUID(),
      transaction: {
        type: 'BUY',
        tradeDate: '2026-01-05',
        instrumentId: thyao?.id,
        quantity: '12.5',
        unitPrice: '1234.5',
      },
    },
  })
  expect(bought.status()).toBe(201)
  return id
}

/** The private pages the service worker keeps, by path. */
function keptPages(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await (await caches.open('kiymet-private-pages-v1')).keys()).map(
      (request) => new URL(request.url).pathname,
    ),
  )
}

/**
 * Signs a new English-speaking user in, seeds a portfolio, and visits the list and the
 * portfolio under the service worker until both are kept for offline reading.
 */
async function visitKeptPortfolio(
  page: Page,
  fixtures: Pick<BackendFixtures, 'createUser' | 'signIn'> & { baseURL: string | undefined },
  name: string,
): Promise<string> {
  await fixtures.signIn(await fixtures.createUser({ locale: 'en' }))
  await page.goto('/en')
  // The worker controls the pages from here on: both screens are kept as they are navigated to.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  const id = await seedPortfolio(page, fixtures.baseURL ?? '', name)
  await open(page, '/en/portfolio')
  await open(page, `/en/portfolio/${id}`)
  await expect
    .poll(() => keptPages(page))
    .toEqual(expect.arrayContaining(['/en/portfolio', `/en/portfolio/${id}`]))
  return id
}

test.describe('offline reading', () => {
  test.use({
    serviceWorkers: 'allow',
    expectedConsoleErrors: /ERR_INTERNET_DISCONNECTED|Failed to load resource|FetchEvent/,
  })

  test('visited screens open offline with their time, refuse changes, and sign-out removes them', async ({
    page,
    context,
    createUser,
    signIn,
    baseURL,
  }) => {
    await visitKeptPortfolio(page, { createUser, signIn, baseURL }, 'Travel fund')

    await context.setOffline(true)
    await page.reload()
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Travel fund')
    await expect(
      page.getByRole('status').filter({ hasText: /^Offline — figures as of / }),
    ).toBeVisible()
    const holdings = page.getByRole('region', { name: /^Holdings, in the base currency/ })
    await expect(holdings.getByRole('row', { name: /THYAO/ })).toBeVisible()
    // Changes wait for the network, and say so.
    const add = page.getByRole('button', { name: 'Add a transaction', exact: true })
    await expect(add).toHaveAttribute('aria-disabled', 'true')
    await add.dispatchEvent('click')
    await expect(page.locator('form.transaction-form')).toHaveCount(0)
    await expect(page.getByText('You are offline: you can read')).toBeVisible()
    // Back to the list inside the app: its kept copy opens.
    await page.getByRole('navigation', { name: 'You are here' }).getByRole('link').click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My portfolios')
    await expect(page.getByRole('link', { name: 'Travel fund' })).toBeVisible()

    await context.setOffline(false)
    await page.reload()
    await waitForHydration(page)
    await page.locator('.account-menu summary').click()
    await page.locator('.account-menu__panel').getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
    const privateCaches = await page.evaluate(async () =>
      (await caches.keys()).filter((name) => name.startsWith('kiymet-private-')),
    )
    expect(privateCaches).toEqual([])
  })

  test('a session that ends without signing out leaves nothing for the next user to read', async ({
    page,
    context,
    createUser,
    signIn,
    baseURL,
  }) => {
    const id = await visitKeptPortfolio(page, { createUser, signIn, baseURL }, 'Private savings')

    // The first user's session ends without a sign-out (it expired); another user signs in.
    await context.clearCookies()
    await signIn(await createUser({ locale: 'en' }))
    await open(page, '/en/portfolio')
    await expect.poll(() => keptPages(page)).not.toContain(`/en/portfolio/${id}`)
    await context.setOffline(true)
    await page.goto(`/en/portfolio/${id}`)
    await expect(page.locator('h1')).toHaveText('You are offline.')
    await expect(page.getByText('Private savings')).toHaveCount(0)
    await context.setOffline(false)
  })
})

/** Everything kept in the private caches, as "cache path". */
function privateEntries(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const entries: string[] = []
    for (const name of await caches.keys()) {
      if (!name.startsWith('kiymet-private-')) continue
      for (const request of await (await caches.open(name)).keys()) {
        entries.push(`${name} ${new URL(request.url).pathname}`)
      }
    }
    return entries
  })
}

/**
 * Replaces the session cookie with the same session gone stale: expired, and its refresh token
 * unknown to the auth server (it lapsed or was revoked while no page of the site was open).
 */
async function makeSessionStale(context: BrowserContext, baseURL: string): Promise<void> {
  const cookies = (await context.cookies()).filter(({ name }) =>
    /^sb-[^.]+-auth-token(\.\d+)?$/.test(name),
  )
  const key = cookies[0]?.name.replace(/\.\d+$/, '') ?? ''
  const stored = await combineChunks(key, (name) => cookies.find((c) => c.name === name)?.value)
  const session = JSON.parse(
    Buffer.from((stored ?? '').replace(/^base64-/, ''), 'base64url').toString(),
  ) as Record<string, unknown>
  const stale = { ...session, expires_at: 1, refresh_token: 'revoked-elsewhere' }
  const value = `base64-${Buffer.from(JSON.stringify(stale)).toString('base64url')}`
  await context.clearCookies()
  await context.addCookies(
    createChunks(key, value).map((chunk) => ({ ...chunk, url: baseURL, sameSite: 'Lax' as const })),
  )
}

test.describe('a session that ends without a sign-out', () => {
  test.use({
    serviceWorkers: 'allow',
    expectedConsoleErrors: /ERR_INTERNET_DISCONNECTED|Failed to load resource|FetchEvent/,
  })

  const endings: Record<string, (context: BrowserContext, baseURL: string) => Promise<void>> = {
    'cookies cleared': (context) => context.clearCookies(),
    'session expired beyond refresh': makeSessionStale,
  }
  for (const [ending, endSession] of Object.entries(endings)) {
    test(`${ending}: the next public page empties the private caches before it hydrates`, async ({
      page,
      context,
      createUser,
      signIn,
      baseURL,
    }) => {
      await visitKeptPortfolio(page, { createUser, signIn, baseURL }, 'Hidden reserve')
      expect(await privateEntries(page)).not.toEqual([])

      await endSession(context, baseURL ?? '')
      await page.goto('/en/pricing')
      await waitForHydration(page)
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible()
      expect(await privateEntries(page)).toEqual([])
    })
  }

  test('cookies cleared while offline: a kept private screen is not shown, and is emptied', async ({
    page,
    context,
    createUser,
    signIn,
    baseURL,
  }) => {
    const id = await visitKeptPortfolio(page, { createUser, signIn, baseURL }, 'Hidden reserve')

    await context.clearCookies()
    await context.setOffline(true)
    await page.goto(`/en/portfolio/${id}`)
    await expect(page.locator('h1')).toHaveText('You are offline.')
    await expect(page.getByText('Hidden reserve')).toHaveCount(0)
    expect(await privateEntries(page)).toEqual([])
    await context.setOffline(false)
  })
})
