import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures'

// A British browser: Chromium sends `Accept-Language: en-GB` and says so in navigator.language.
test.use({ locale: 'en-GB' })

async function open(page: Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
}

/** An empty TRY portfolio made through the API, as the signed-in user. */
async function seedPortfolio(page: Page, baseURL: string): Promise<string> {
  const created = await page.request.post('/api/portfolios', {
    headers: { Origin: baseURL },
    data: { name: 'Savings', baseCurrency: 'TRY', costBasisMethod: 'FIFO', recordsCash: false },
  })
  expect(created.status()).toBe(201)
  return ((await created.json()) as { id: string }).id
}

test('English for a British browser: the form reads 20.11.2026 day first, lists write 20/11/2026, the profile can choose another region', async ({
  page,
  baseURL,
  createUser,
  signIn,
}) => {
  await signIn(await createUser({ locale: 'en' }))
  const id = await seedPortfolio(page, baseURL ?? '')
  await open(page, `/en/portfolio/${id}`)

  await page.getByRole('button', { name: 'Add a transaction', exact: true }).click()
  const form = page.locator('form.transaction-form')
  await form.getByLabel('Type', { exact: true }).selectOption('BUY')
  const date = form.getByLabel('Date', { exact: true })
  await expect(date).toHaveAttribute('placeholder', 'DD/MM/YYYY')
  // A date written the continental way is read day first, and tidied to the British way.
  await date.fill('20.11.2026')
  await date.blur()
  await expect(date).toHaveValue('20/11/2026')
  await form.getByRole('combobox', { name: 'Instrument' }).fill('THYAO')
  await form.getByRole('option', { name: /^THYAO\b/ }).click()
  await form.getByLabel(/^Quantity/).fill('1,000')
  await form.getByLabel(/^Price per unit/).fill('1,234.5')
  await form.getByRole('button', { name: 'Add transaction' }).click()
  await expect(form).toHaveCount(0)

  // The instrument's screen lists the purchase day first; the edit form reads it back the same.
  const row = page
    .getByRole('region', { name: /^Holdings, in the base currency/ })
    .getByRole('row', { name: /THYAO/ })
  await row.getByRole('link', { name: /THYAO/ }).click()
  const history = page.getByRole('region', { name: /^Transactions in this instrument/ })
  await expect(history.getByRole('rowheader').first()).toHaveText('20/11/2026')
  await expect(history).toContainText('TRY\u00a01,234.50')
  await history.getByRole('button', { name: 'Edit Buy of 20/11/2026' }).click()
  await expect(
    page.locator('form.transaction-form').getByLabel('Date', { exact: true }),
  ).toHaveValue('20/11/2026')
  const instrumentPath = new URL(page.url()).pathname

  // The profile's choice wins over the browser: Germany writes 1.234,50 in English too.
  await open(page, '/en/profile')
  const section = page.getByRole('region', { name: 'Number and date format' })
  const region = section.getByLabel('Write numbers and dates as in')
  await expect(region).toHaveValue('automatic')
  await region.selectOption('en-DE')
  await section.getByRole('button', { name: 'Save format' }).click()
  await expect(section.getByRole('status')).toHaveText('The format is saved.')
  await expect(section.getByLabel('Write numbers and dates as in')).toHaveValue('en-DE')

  await open(page, instrumentPath)
  await expect(
    page.getByRole('region', { name: /^Transactions in this instrument/ }),
  ).toContainText('TRY\u00a01.234,50')
})
