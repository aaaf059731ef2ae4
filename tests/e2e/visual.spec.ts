import { readFileSync } from 'node:fs'
import de from '../../locales/de.json' with { type: 'json' }
import en from '../../locales/en.json' with { type: 'json' }
import tr from '../../locales/tr.json' with { type: 'json' }
import type { Page } from '@playwright/test'
import { EXPECTED_URLS } from '../../shared/routes/route-fixtures'
import { LOCALES } from '../../shared/i18n/locales'
import { expect, test, waitForHydration } from './fixtures'
import { SIGNED_IN_SCREENS, openSeeded, signedIn } from './seeded-portfolio'

/**
 * Every screen in every language, light and dark, compared with its approved screenshot
 * (visual.spec.ts-snapshots/; after looking at a change, approve it with `--update-snapshots`):
 * the screens with tables at 320, 375 and 768 px and a desktop's 1280, the others at a phone's
 * 375 and 1280. No screen scrolls sideways at any of the four widths. What changes from day to
 * day (dates, the charts' time axes) is hidden by visual.css; the signed-in screens show a
 * portfolio dated relative to today, so its figures stay the same.
 */
const ALL_WIDTHS = [320, 375, 768, 1280] as const
const THEMES = ['light', 'dark'] as const
const STYLE = readFileSync(new URL('./visual.css', import.meta.url), 'utf8')
const TABLE_SCREENS: ReadonlySet<string> = new Set(['portfolio', 'transaction'])
const LEGAL: ReadonlySet<string> = new Set(['privacy', 'terms'])

// Up to eight full-page comparisons a test. The style hiding the dates is applied inline, which
// the site's CSP (tested elsewhere) would refuse.
test.use({ bypassCSP: true })
test.describe.configure({ mode: 'parallel', timeout: 90_000 })

/** Every picture on the page loaded, those below the fold too: a full-page capture shows them. */
async function loadAllImages(page: Page) {
  await page.evaluate(async () => {
    for (const image of document.images) image.loading = 'eager'
    // Two frames: a source chosen anew (another width or theme) has started loading by then.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
  })
  await page.waitForFunction(() => [...document.images].every((image) => image.complete))
  // Decoded too, so the capture paints them.
  await page.evaluate(() =>
    Promise.all([...document.images].map((image) => image.decode().catch(() => undefined))),
  )
}

async function compareEveryWidth(page: Page, screen: string, locale: string) {
  for (const width of ALL_WIDTHS) {
    await page.setViewportSize({ width, height: 800 })
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    )
    expect(overflow, `${screen} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0)
    if (!TABLE_SCREENS.has(screen) && width !== 375 && width !== 1280) continue
    for (const colorScheme of THEMES) {
      await page.emulateMedia({ colorScheme })
      // A picture's source follows the width and the theme: the new one loaded first.
      await loadAllImages(page)
      // One capture, compared with a tolerance (toHaveScreenshot would capture until two agree).
      const shot = await page.screenshot({
        // The legal pages are pages of prose in one layout: their first screen shows that layout.
        fullPage: !LEGAL.has(screen),
        animations: 'disabled',
        caret: 'hide',
        style: STYLE,
        // JPEG keeps the approved files smaller than PNG; the tolerance absorbs its noise.
        type: 'jpeg',
        quality: 75,
      })
      expect(shot).toMatchSnapshot(`${screen}-${locale}-${width}-${colorScheme}.jpg`, {
        maxDiffPixelRatio: 0.01,
      })
    }
  }
}

test.describe('public screens', () => {
  for (const screen of ['home', 'pricing', 'privacy', 'terms'] as const) {
    for (const { code: locale } of LOCALES) {
      test(`${screen} in ${locale}`, async ({ page }) => {
        await page.goto(EXPECTED_URLS[screen][locale])
        await waitForHydration(page)
        await compareEveryWidth(page, screen, locale)
      })
    }
  }
})

test.describe('signed-in screens', () => {
  for (const screen of SIGNED_IN_SCREENS) {
    for (const { code: locale } of LOCALES) {
      signedIn(`${screen} in ${locale}`, async ({ page, context, seeded }) => {
        await openSeeded({ page, context, seeded }, screen, locale)
        await compareEveryWidth(page, screen, locale)
      })
    }
  }
})

/** A German bank's file, whose rows the preview shows as cards on a phone. */
const BANK_FILE = {
  name: 'depot.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(
    [
      'Datum;Typ;Code;Name;Anzahl;Kurs;Gebühr;Steuer;Währung;Notiz',
      '15.03.2024;BUY;SAP;SAP SE;10;150,50;5,00;0;EUR;Erstkauf',
      '20.04.2024;BUY;GRUEN;Grüne Energie AG;1000;12,34;10,00;0;EUR;',
      '31.02.2024;SELL;SAP;SAP SE;4;160,00;2,50;1,25;EUR;Tippfehler',
    ].join('\r\n'),
    'utf8',
  ),
}

// The import preview is a table in a dialog, not a screen: its rows at the phone widths.
test.describe('the import preview', () => {
  for (const [locale, m] of [
    ['tr', tr],
    ['en', en],
    ['de', de],
  ] as const) {
    signedIn(`import preview in ${locale}`, async ({ page, context, seeded }) => {
      await openSeeded({ page, context, seeded }, 'portfolio', locale)
      await page.getByRole('button', { name: m.import.dialog.open }).click()
      const dialog = page.getByRole('dialog', { name: m.import.dialog.heading })
      await dialog.getByLabel(m.import.dialog.upload.choose).setInputFiles(BANK_FILE)
      await dialog.getByRole('button', { name: m.import.dialog.next }).click()
      await dialog.getByRole('button', { name: m.import.dialog.check }).click()
      const preview = dialog.locator('.import-preview')
      await expect(preview).toBeVisible()
      for (const width of [320, 375, 768]) {
        await page.setViewportSize({ width, height: 800 })
        for (const colorScheme of THEMES) {
          await page.emulateMedia({ colorScheme })
          // The dialog scrolls within the screen: its rows as a person scrolls to them.
          await preview.scrollIntoViewIfNeeded()
          const shot = await page.screenshot({
            animations: 'disabled',
            caret: 'hide',
            type: 'jpeg',
            quality: 75,
          })
          expect(shot).toMatchSnapshot(`import-preview-${locale}-${width}-${colorScheme}.jpg`, {
            maxDiffPixelRatio: 0.01,
          })
        }
      }
    })
  }
})
