import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures'

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
    date: '2026-01-05',
    code: 'THYAO',
    quantity: '100',
    price: '250,50',
    fee: '10',
  })
  await addTransaction(page, TR, {
    type: 'BUY',
    date: '2026-02-10',
    code: 'THYAO',
    quantity: '50',
    price: '300',
  })
  await addTransaction(page, TR, {
    type: 'SELL',
    date: '2026-03-10',
    code: 'THYAO',
    quantity: '120',
    price: '320,25',
    fee: '5',
  })
  await addTransaction(page, TR, {
    type: 'DIVIDEND',
    date: '2026-04-15',
    code: 'THYAO',
    amount: '150',
    tax: '15',
  })
  await addTransaction(page, TR, { type: 'SPLIT', date: '2026-05-04', code: 'THYAO', ratio: '2:1' })

  // By hand: lot 1 = 100 × 250,50 + 10 = 25.060; lot 2 = 50 × 300 = 15.000. The sale of 120
  // takes lot 1 and 20 of lot 2 (6.000): cost 31.060; proceeds 120 × 320,25 − 5 = 38.425;
  // realized 7.365. Left: 30 units costing 9.000, after the 2:1 split 60 units at 150.
  const totals = page.getByRole('region', { name: 'Toplamlar' })
  await expect(figure(totals, 'Gerçekleşmiş kazanç')).toHaveText('+₺7.365,00')
  await expect(figure(totals, 'Temettüler')).toHaveText('+₺135,00')
  const holdings = page.getByRole('region', { name: /^Varlıklar, ana para biriminde/ })
  const row = holdings.getByRole('row', { name: /THYAO/ })
  await expect(row.getByRole('cell').nth(0)).toHaveText('60')
  await expect(row.getByRole('cell').nth(1)).toHaveText('₺150,00')
  const sales = page.getByRole('region', { name: /^Satışlar/ })
  await expect(sales.getByRole('row', { name: /10\.03\.2026/ })).toContainText('+₺7.365,00')
  await expect(sales).toContainText('100 adet, 05.01.2026 alımı, 64 gün elde tutuldu')
  await expect(sales).toContainText('20 adet, 10.02.2026 alımı, 28 gün elde tutuldu')
})
