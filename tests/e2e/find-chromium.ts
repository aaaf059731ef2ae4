import { existsSync } from 'node:fs'
import { chromium } from 'playwright-core'

export interface ChromiumLaunch {
  executablePath: string
  args: string[]
  source: string
}

/** Flags for a sandboxed CI machine with no network beyond loopback (see README). */
export const HEADLESS_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
]

/**
 * Finds a Chromium without downloading one: CHROMIUM_PATH, then a browser Playwright installed,
 * then the system's, then the one inside the npm package @sparticuz/chromium (Linux only).
 */
export async function findChromium(): Promise<ChromiumLaunch> {
  const configured = process.env.CHROMIUM_PATH
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH=${configured} does not exist`)
    return { executablePath: configured, args: HEADLESS_ARGS, source: 'CHROMIUM_PATH' }
  }
  const playwrightOwn = chromium.executablePath()
  if (playwrightOwn && existsSync(playwrightOwn)) {
    return { executablePath: playwrightOwn, args: HEADLESS_ARGS, source: 'playwright' }
  }
  const system = SYSTEM_PATHS.find((path) => existsSync(path))
  if (system) return { executablePath: system, args: HEADLESS_ARGS, source: 'system' }
  if (process.platform === 'linux') {
    const { default: packaged } = await import('@sparticuz/chromium')
    const executablePath = await packaged.executablePath()
    const args = [
      ...new Set([
        ...packaged.args.filter((a) => !a.startsWith('--single-process')),
        ...HEADLESS_ARGS,
      ]),
    ]
    return { executablePath, args, source: '@sparticuz/chromium' }
  }
  throw new Error('No Chromium found: install one or set CHROMIUM_PATH')
}
