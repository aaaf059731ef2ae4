/**
 * The landing page's product images (client/pages/landing-images.ts): the demo account's screens
 * as the built app shows them, in every language and theme, at a phone's and a desktop's width.
 *
 * The built worker runs against a temporary local backend, exactly as the browser suite's
 * (dev/testing/serve-with-backend.ts); the demo account is written into it as `npm run dev` writes
 * it (dev/demo), and each image is the viewport of a signed-in browser scrolled to its panel.
 * Everything but the demo's figures is fixed: viewports, pixel density, fonts (pinned-fonts.ts),
 * no animations, no caret. The demo's history always ends on the day it is written (the worker
 * counts with the real date), so its figures and dates are those of the day of rendering.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import postgres from 'postgres'
import type { Browser, Page } from 'playwright-core'
import { waitForHttp } from '../../dev/app-server.ts'
import { DEMO_ACCOUNT, ensureDemoAccount } from '../../dev/demo/demo-account.ts'
import { findFreePort } from '../../dev/ports.ts'
import {
  LANDING_FORMS,
  LANDING_SHOTS,
  LANDING_THEMES,
  landingImageHeight,
  landingImagePath,
  type LandingForm,
  type LandingShot,
} from '../../client/pages/landing-images.ts'
import { LOCALE_CODES, type Locale } from '../../shared/i18n/locales.ts'
import { buildPath } from '../../shared/routes/build-path.ts'
import { signInContext } from '../../tests/e2e/backend.ts'
import { readBackendInfo, REPO_ROOT, type BackendInfo } from '../../dev/testing/backend-info.ts'
import { pngToWebp } from './webp.ts'

const OUT_DIR = 'public/landing'

/** The demo's portfolios by name (dev/demo/demo-portfolios.ts). */
const BIST = 'BIST ve ABD'
const XETRA = 'XETRA'

interface ShotPlan {
  /** Which demo portfolio each language shows. */
  portfolio: Record<Locale, string>
  /** The element the image starts at (the page is scrolled to it); the top of the screen if none. */
  target?: string
}

/** Borsa Istanbul and a US share in lira for Turkish and English, Xetra in euro for German. */
const EACH_MARKET = { tr: BIST, en: BIST, de: XETRA }

/** What each image shows. Change a target here when the screen it shows changes. */
const PLANS: Record<LandingShot, ShotPlan> = {
  overview: { portfolio: EACH_MARKET },
  holdings: { portfolio: EACH_MARKET, target: '.panel:has(#holdings-heading)' },
  performance: { portfolio: EACH_MARKET, target: '.panel:has(.value-chart)' },
  // FIFO: a sale across two lots, each with its holding period; then dividends and their tax.
  sales: { portfolio: { tr: XETRA, en: XETRA, de: XETRA }, target: '.panel:has(#sales-heading)' },
}

/** The built worker with a temporary backend (dev/testing/serve-with-backend.ts), on a free port. */
async function startServer(): Promise<{ backend: BackendInfo; stop: () => Promise<void> }> {
  const port = await findFreePort()
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'dev/testing/serve-with-backend.ts', String(port)],
    // Its request log stays out of the way; its errors do not.
    { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  try {
    await waitForHttp(`http://127.0.0.1:${port}/robots.txt`, 120_000, exited)
    return { backend: readBackendInfo(port), stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** The path each shot opens in each language: its demo portfolio's screen. */
async function shotPaths(
  backend: BackendInfo,
): Promise<Record<LandingShot, Record<Locale, string>>> {
  const sql = postgres(backend.databaseUrl, { max: 1, onnotice: () => undefined })
  try {
    const portfolios = await sql<{ id: string; name: string }[]>`
      select p.id, p.name from public.portfolios p
      join auth.users u on u.id = p.user_id where u.email = ${DEMO_ACCOUNT.email}`
    const idOf = (name: string) => {
      const found = portfolios.find((portfolio) => portfolio.name === name)
      if (!found) throw new Error(`The demo account has no portfolio "${name}"`)
      return found.id
    }
    const paths = {} as Record<LandingShot, Record<Locale, string>>
    for (const shot of LANDING_SHOTS) {
      const { portfolio } = PLANS[shot]
      paths[shot] = {} as Record<Locale, string>
      for (const locale of LOCALE_CODES) {
        paths[shot][locale] = buildPath('portfolio', locale, { id: idOf(portfolio[locale]) })
      }
    }
    return paths
  } finally {
    await sql.end()
  }
}

/** Waits until the screen is whole: hydrated, its data and charts loaded, its fonts in. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await page.waitForLoadState('networkidle')
  await page.evaluate(async () => {
    await document.fonts.ready
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  })
}

async function capture(page: Page, path: string, target: string | undefined): Promise<Buffer> {
  await page.goto(path)
  await settle(page)
  if (target) {
    const element = page.locator(target).first()
    await element.waitFor()
    await element.evaluate((node) => {
      window.scrollTo(0, Math.max(0, node.getBoundingClientRect().top + window.scrollY - 16))
    })
    await settle(page)
  }
  return page.screenshot({ animations: 'disabled', caret: 'hide' })
}

/** Renders every landing image into public/landing (emptied first: no stale files stay). */
export async function renderLanding(browser: Browser): Promise<void> {
  const server = await startServer()
  try {
    const { backend } = server
    await ensureDemoAccount({
      databaseUrl: backend.databaseUrl,
      supabaseUrl: backend.supabaseUrl,
      serviceRoleKey: backend.serviceRoleKey,
    })
    const paths = await shotPaths(backend)
    rmSync(OUT_DIR, { recursive: true, force: true })
    mkdirSync(OUT_DIR, { recursive: true })
    const encoder = await browser.newPage()
    for (const theme of LANDING_THEMES) {
      for (const form of Object.keys(LANDING_FORMS) as LandingForm[]) {
        const { viewport, scale, widths } = LANDING_FORMS[form]
        const context = await browser.newContext({
          baseURL: backend.appUrl,
          viewport,
          deviceScaleFactor: scale,
          isMobile: form === 'phone',
          hasTouch: form === 'phone',
          colorScheme: theme,
          reducedMotion: 'reduce',
          serviceWorkers: 'block',
        })
        await signInContext(backend, context, DEMO_ACCOUNT)
        const page = await context.newPage()
        for (const shot of LANDING_SHOTS) {
          for (const locale of LOCALE_CODES) {
            const png = await capture(page, paths[shot][locale], PLANS[shot].target)
            for (const width of widths) {
              const image = { shot, form, locale, theme }
              const height = landingImageHeight(form, width)
              const webp = await pngToWebp(encoder, png, width, height)
              writeFileSync(`public${landingImagePath(image, width)}`, webp)
            }
            console.log(`landing: ${shot} ${form} ${locale} ${theme}`)
          }
        }
        await context.close()
      }
    }
  } finally {
    await server.stop()
  }
}
