/**
 * Renders the images the product ships, with headless Chromium; the files are committed.
 *   tsx scripts/images/render-images.ts brand        social previews and app icons
 *   tsx scripts/images/render-images.ts landing      the landing page's product images of the
 *                                                    built app (landing-shots.ts)
 *   tsx scripts/images/render-images.ts screenshots  install-sheet screenshots of the built app
 * `npm run images` runs all three, building before the landing images and again after them (the
 * install-sheet screenshots show the landing page with its images).
 */
import { mkdirSync, readFileSync } from 'node:fs'
import { chromium, type Page } from 'playwright-core'
import { preview } from 'vite'
import { LOCALES } from '../../shared/i18n/locales.ts'
import { SCREENSHOTS, screenshotPath } from '../../worker/pwa/web-manifest.ts'
import { buildPath } from '../../shared/routes/build-path.ts'
import { SITE, ogImagePath } from '../../shared/site/site.ts'
import { findChromium } from '../../tests/e2e/find-chromium.ts'
import { renderLanding } from './landing-shots.ts'
import { pinnedFonts } from './pinned-fonts.ts'

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')

const MARK = (fill: string, stroke: string) =>
  `<svg viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${fill}"/><path d="M8 22 L14 14 L18 18 L24 9" fill="none" stroke="${stroke}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>`

const socialPreview = (tagline: string) => `<!doctype html><html><head><meta charset="utf-8"><style>
  body { margin: 0; width: ${SITE.ogImageWidth}px; height: ${SITE.ogImageHeight}px; display: flex;
    flex-direction: column; justify-content: center; padding: 0 96px; box-sizing: border-box;
    background: #0f161d; color: #e8eef3; font-family: system-ui, sans-serif; }
  .brand { display: flex; align-items: center; gap: 28px; font-size: 84px; font-weight: 800; }
  svg { width: 120px; height: 120px; }
  p { font-size: 40px; line-height: 1.35; color: #a9b6c2; margin: 40px 0 0; max-width: 980px; }
  .langs { margin-top: 36px; font-size: 30px; color: #3ccf9a; font-weight: 600; }
</style></head><body>
  <div class="brand">${MARK('#3ccf9a', '#06241a')}${escape(SITE.brand)}</div>
  <p>${escape(tagline)}</p>
  <div class="langs">${LOCALES.map((locale) => locale.name).join(' · ')}</div>
</body></html>`

/** An icon: the mark on the brand colour; maskable icons keep it inside the 80 % safe zone. */
const icon = (
  size: number,
  padding: number,
  rounded: boolean,
) => `<!doctype html><html><head><style>
  body { margin: 0; width: ${size}px; height: ${size}px; display: grid; place-items: center;
    background: ${rounded ? 'transparent' : '#0b6b4f'}; }
  svg { width: ${size - 2 * padding}px; height: ${size - 2 * padding}px; }
</style></head><body>${MARK('#0b6b4f', '#ffffff')}</body></html>`

const ICONS = [
  { file: 'icons/icon-192.png', size: 192, padding: 0, rounded: true },
  { file: 'icons/icon-512.png', size: 512, padding: 0, rounded: true },
  { file: 'icons/icon-maskable-512.png', size: 512, padding: 56, rounded: false },
  { file: 'icons/apple-touch-icon.png', size: 180, padding: 0, rounded: false },
]

async function renderBrand(page: Page): Promise<void> {
  for (const locale of LOCALES) {
    const messages = JSON.parse(readFileSync(`locales/${locale.code}.json`, 'utf8')) as {
      layout: { footerTagline: string }
    }
    await page.setViewportSize({ width: SITE.ogImageWidth, height: SITE.ogImageHeight })
    await page.setContent(socialPreview(messages.layout.footerTagline))
    await page.screenshot({ path: `public${ogImagePath(locale.code)}` })
  }
  mkdirSync('public/icons', { recursive: true })
  for (const { file, size, padding, rounded } of ICONS) {
    await page.setViewportSize({ width: size, height: size })
    await page.setContent(icon(size, padding, rounded))
    await page.screenshot({ path: `public/${file}`, omitBackground: rounded })
  }
}

async function renderScreenshots(page: Page): Promise<void> {
  const server = await preview({ preview: { host: '127.0.0.1', port: 0 }, logLevel: 'warn' })
  try {
    const base = server.resolvedUrls?.local[0]?.replace(/\/$/, '')
    if (!base) throw new Error('vite preview did not start')
    mkdirSync('public/screenshots', { recursive: true })
    for (const locale of LOCALES) {
      for (const form of ['wide', 'narrow'] as const) {
        await page.setViewportSize(SCREENSHOTS[form])
        await page.goto(`${base}${buildPath('home', locale.code)}`)
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
        await page.screenshot({ path: `public${screenshotPath(form, locale.code)}` })
      }
    }
  } finally {
    await server.close()
  }
}

const what = process.argv[2]
if (what !== 'brand' && what !== 'landing' && what !== 'screenshots') {
  console.error('usage: render-images.ts brand|landing|screenshots')
  process.exit(2)
}
const found = await findChromium()
// The product's own screens are rendered with fonts of the lockfile, not of the machine.
const fonts = what === 'landing' ? pinnedFonts() : null
const browser = await chromium.launch({
  executablePath: found.executablePath,
  args: found.args,
  ...(fonts ? { env: fonts.env } : {}),
})
try {
  if (what === 'landing') {
    await renderLanding(browser)
  } else {
    const page = await browser.newPage({ colorScheme: 'light' })
    await (what === 'brand' ? renderBrand(page) : renderScreenshots(page))
  }
  console.log(`rendered ${what}`)
} finally {
  await browser.close()
  fonts?.remove()
}
