import { localeInfo, type Locale } from '../../shared/i18n/locales'
import type { Messages } from '../../shared/i18n/messages'
import { buildPath } from '../../shared/routes/build-path'

/** One manifest per language, all with the same id and scope, so they describe one app. */
export function webManifestPath(locale: Locale): string {
  return `/manifest-${locale}.webmanifest`
}

/** Colours of the light theme; the page's theme-color meta follows the dark theme too. */
export const THEME_COLORS = { light: '#0b6b4f', dark: '#0f161d', background: '#ffffff' } as const

export const SCREENSHOTS = {
  wide: { width: 1280, height: 800 },
  narrow: { width: 390, height: 844 },
} as const

export function screenshotPath(formFactor: keyof typeof SCREENSHOTS, locale: Locale): string {
  return `/screenshots/${formFactor}-${locale}.png`
}

export const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const

/** The web app manifest of one language. */
export function webManifest(locale: Locale, messages: Messages) {
  const size = (form: keyof typeof SCREENSHOTS) =>
    `${SCREENSHOTS[form].width}x${SCREENSHOTS[form].height}`
  return {
    id: '/',
    scope: '/',
    start_url: buildPath('home', locale),
    lang: localeInfo(locale).iso,
    dir: 'ltr',
    name: messages.pwa.name,
    short_name: messages.pwa.shortName,
    description: messages.pages.home.description,
    display: 'standalone',
    theme_color: THEME_COLORS.light,
    background_color: THEME_COLORS.background,
    categories: ['finance', 'productivity'],
    icons: ICONS,
    screenshots: [
      {
        src: screenshotPath('wide', locale),
        sizes: size('wide'),
        type: 'image/png',
        form_factor: 'wide',
        label: messages.pwa.screenshotWide,
      },
      {
        src: screenshotPath('narrow', locale),
        sizes: size('narrow'),
        type: 'image/png',
        form_factor: 'narrow',
        label: messages.pwa.screenshotNarrow,
      },
    ],
  }
}
