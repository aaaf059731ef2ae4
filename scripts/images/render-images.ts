/**
 * Renders the social preview images (public/og-image-<locale>.png, 1200×630), one per language
 * with that language's tagline, using headless Chromium. Run with `npm run images` when the
 * brand or the tagline changes; the PNGs are committed.
 */
import { readFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { LOCALES } from '../../client/i18n/locales.ts'
import { SITE, ogImagePath } from '../../client/site/site.ts'
import { findChromium } from '../../tests/e2e/find-chromium.ts'

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')

const html = (tagline: string) => `<!doctype html><html><head><meta charset="utf-8"><style>
  body { margin: 0; width: 1200px; height: 630px; display: flex; flex-direction: column;
    justify-content: center; padding: 0 96px; box-sizing: border-box; background: #0f161d;
    color: #e8eef3; font-family: system-ui, sans-serif; }
  .brand { display: flex; align-items: center; gap: 28px; font-size: 84px; font-weight: 800; }
  svg { width: 120px; height: 120px; }
  p { font-size: 40px; line-height: 1.35; color: #a9b6c2; margin: 40px 0 0; max-width: 980px; }
  .langs { margin-top: 36px; font-size: 30px; color: #3ccf9a; font-weight: 600; }
</style></head><body>
  <div class="brand"><svg viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3ccf9a"/>
  <path d="M8 22 L14 14 L18 18 L24 9" fill="none" stroke="#06241a" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>${escape(SITE.brand)}</div>
  <p>${escape(tagline)}</p>
  <div class="langs">${LOCALES.map((locale) => locale.name).join(' · ')}</div>
</body></html>`

const found = await findChromium()
const browser = await chromium.launch({ executablePath: found.executablePath, args: found.args })
try {
  const page = await browser.newPage({
    viewport: { width: SITE.ogImageWidth, height: SITE.ogImageHeight },
  })
  for (const locale of LOCALES) {
    const messages = JSON.parse(readFileSync(`locales/${locale.code}.json`, 'utf8')) as {
      layout: { footerTagline: string }
    }
    await page.setContent(html(messages.layout.footerTagline))
    const path = `public${ogImagePath(locale.code)}`
    await page.screenshot({ path })
    console.log(`wrote ${path}`)
  }
} finally {
  await browser.close()
}
