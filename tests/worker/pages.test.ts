import { describe, expect, it } from 'vitest'
import english from '../../locales/en.json'
import german from '../../locales/de.json'
import turkish from '../../locales/tr.json'
import { formatNumber } from '../../shared/i18n/format'
import { LOCALES, type Locale } from '../../shared/i18n/locales'
import { planLimitParams } from '../../shared/pricing/plans'
import { EXPECTED_URLS } from '../../shared/routes/route-fixtures'
import { ROUTE_NAMES, routeAccess } from '../../shared/routes/route-table'
import { LEGAL_DOCUMENTS } from '../../client/legal/legal-documents'
import { fetchPage } from './fetch-page'

const ORIGIN = 'https://kiymet.app'
const MESSAGES = { tr: turkish, en: english, de: german } as const

function escapeHtmlText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

describe('every screen in every language', () => {
  for (const name of ROUTE_NAMES) {
    for (const locale of LOCALES) {
      const path = EXPECTED_URLS[name][locale.code]
      it(`${path} renders ${name} in ${locale.code}`, async () => {
        const response = await fetchPage(path)
        expect(response.status).toBe(200)
        expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
        const html = await response.text()
        const messages = MESSAGES[locale.code as Locale]

        expect(html).toMatch(new RegExp(`^<!doctype html><html lang="${locale.iso}">`))
        expect(html).toContain(`<title>${escapeHtmlText(messages.pages[name].title)}</title>`)
        // The pricing page's names the plans' limits.
        const limits = planLimitParams((value) => formatNumber(locale.iso, value))
        const description = messages.pages[name].description.replace(
          /\{\{(\w+)\}\}/g,
          (_, key: string) => limits[key] ?? '',
        )
        expect(html).toContain(`<meta name="description" content="${escapeHtmlText(description)}"`)
        expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${path}"`)

        const hreflangs = [
          ...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g),
        ]
        expect(Object.fromEntries(hreflangs.map((m) => [m[1], m[2]]))).toEqual({
          'x-default': `${ORIGIN}${EXPECTED_URLS[name].tr}`,
          tr: `${ORIGIN}${EXPECTED_URLS[name].tr}`,
          en: `${ORIGIN}${EXPECTED_URLS[name].en}`,
          de: `${ORIGIN}${EXPECTED_URLS[name].de}`,
          'tr-TR': `${ORIGIN}${EXPECTED_URLS[name].tr}`,
          'en-US': `${ORIGIN}${EXPECTED_URLS[name].en}`,
          'de-DE': `${ORIGIN}${EXPECTED_URLS[name].de}`,
        })

        expect(html).toContain(`<meta property="og:url" content="${ORIGIN}${path}"`)
        expect(html).toContain(`<meta property="og:locale" content="${locale.ogLocale}"`)
        const alternates = [
          ...html.matchAll(/property="og:locale:alternate" content="([^"]+)"/g),
        ].map((m) => m[1])
        expect(alternates.sort()).toEqual(
          LOCALES.filter((l) => l !== locale)
            .map((l) => l.ogLocale)
            .sort(),
        )
        for (const property of ['og:title', 'og:description', 'og:type', 'og:image']) {
          expect(html).toMatch(new RegExp(`<meta property="${property}" content="[^"]+"`))
        }
        expect(html).toContain(
          `<meta property="og:image" content="${ORIGIN}/og-image-${locale.code}.png"`,
        )

        const isPrivate = routeAccess(name) === 'private'
        expect(html.includes('<meta name="robots" content="noindex"')).toBe(isPrivate)
        expect(response.headers.get('X-Robots-Tag')).toBe(isPrivate ? 'noindex' : null)
        expect(response.headers.get('Cache-Control')).toBe(
          isPrivate ? 'private, no-store' : 'private, no-cache',
        )
        expect(html).toContain('id="page-heading"')
        expect(html.endsWith('</body></html>')).toBe(true)
      })
    }
  }
})

describe('page content', () => {
  it('renders the Turkish legal text with its tokens filled', async () => {
    const html = await (await fetchPage('/legal/gizlilik-politikasi')).text()
    expect(html).toContain('Gizlilik politikası</h1>')
    expect(html).toContain('Son güncelleme: 28.11.2026')
    expect(html).toContain('hello@kiymet.app')
    expect(html).not.toMatch(/\{\{\w+\}\}/)
  })

  it('preloads exactly the chunks a screen needs: its page, its language and its text', async () => {
    const html = await (await fetchPage('/de/legal/nutzungsbedingungen')).text()
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="\/assets\/([^"]+)"/g)].map(
      (m) => m[1] ?? '',
    )
    expect(preloads.some((file) => file.startsWith('terms.de-'))).toBe(true)
    expect(preloads.some((file) => file.startsWith('legal-page-'))).toBe(true)
    expect(preloads.some((file) => /^de-.*\.js$/.test(file))).toBe(true)
    expect(
      preloads.some((file) => file.startsWith('terms.en-') || file.startsWith('privacy.')),
    ).toBe(false)
    expect(preloads.some((file) => /^(tr|en)-.*\.js$/.test(file))).toBe(false)
  })

  it('inlines only the CSS rules a public page uses, and links the whole stylesheet at its end', async () => {
    const inlineCss = (html: string) => /<style nonce="[^"]+">([\s\S]*?)<\/style>/.exec(html)?.[1]
    const home = await (await fetchPage('/en')).text()
    const inline = inlineCss(home) ?? ''
    expect(inline).toContain('.site-header')
    // Turkish text (its "İ") is read as well as English.
    expect(inlineCss(await (await fetchPage('/')).text())).toBe(inline)
    expect(inline).toContain('prefers-color-scheme:dark')
    // The portfolio screens' rules are not in the home page's head…
    expect(inline).not.toContain('.portfolio-card')
    // …but in the stylesheet it links after its content, for the screens a visitor goes on to.
    expect(home).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css"><\/body><\/html>$/)
    // A screen rendered for one request inlines the whole stylesheet.
    const gate = await (await fetchPage('/en/portfolio')).text()
    expect(inlineCss(gate)).toContain('.portfolio-card')
    expect(gate).not.toContain('rel="stylesheet"')
  })

  it('prices Pro in the locale currency', async () => {
    expect(await (await fetchPage('/fiyatlandirma')).text()).toContain('₺149')
    expect(await (await fetchPage('/de/preise')).text()).toContain('4,99\u00a0€')
    expect(await (await fetchPage('/en/pricing')).text()).toContain('$4.99')
  })

  it('links the language switcher to the same screen with the same params', async () => {
    const path = EXPECTED_URLS.transaction.en
    const html = await (await fetchPage(path)).text()
    expect(html).toContain(
      `<a href="${EXPECTED_URLS.transaction.de}" hrefLang="de-DE" lang="de-DE">Deutsch</a>`,
    )
    expect(html).toContain(
      `<a href="${EXPECTED_URLS.transaction.tr}" hrefLang="tr-TR" lang="tr-TR">Türkçe</a>`,
    )
  })

  it('hands the browser its boot data in a JSON script', async () => {
    const html = await (await fetchPage('/de/preise')).text()
    const boot =
      /<script type="application\/json" id="boot-data" nonce="[^"]+">(.*?)<\/script>/.exec(html)
    expect(JSON.parse(boot?.[1] ?? 'null')).toMatchObject({
      locale: 'de',
      screen: { kind: 'page', match: { name: 'pricing', locale: 'de', params: {} } },
    })
  })
})

describe('English pages in the reader’s formats', () => {
  const path = EXPECTED_URLS.privacy.en
  const [year = '', month = '', day = ''] = LEGAL_DOCUMENTS.privacy.lastUpdated.split('-')
  const british = `${day}/${month}/${year}`
  const american = `${month}/${day}/${year.slice(2)}`

  function bootOf(html: string): unknown {
    const boot = /<script type="application\/json" id="boot-data"[^>]*>(.*?)<\/script>/.exec(html)
    return JSON.parse(boot?.[1] ?? 'null')
  }

  async function page(headers: Record<string, string>, at = path) {
    const response = await fetchPage(at, { headers })
    return { html: await response.text(), vary: response.headers.get('Vary') ?? '' }
  }

  it('writes dates day first for an en-GB browser, and tells the browser so', async () => {
    const { html, vary } = await page({ 'Accept-Language': 'en-GB,en;q=0.9' })
    expect(html).toContain(british)
    expect(html).not.toContain(american)
    expect(bootOf(html)).toMatchObject({ formats: { english: 'en-GB', chosen: false } })
    expect(vary).toMatch(/Accept-Language/)
    expect(vary).toMatch(/Cookie/)
  })

  it('keeps US dates for a plain `en` browser, though the same page was just rendered en-GB', async () => {
    await page({ 'Accept-Language': 'en-GB' })
    const { html } = await page({ 'Accept-Language': 'en' })
    expect(html).toContain(american)
    expect(bootOf(html)).toMatchObject({ formats: { english: 'en-US', chosen: false } })
  })

  it('follows the profile’s choice over the browser, and ignores a choice it does not know', async () => {
    const chosen = await page({ 'Accept-Language': 'en-GB', Cookie: 'kiymet-format=en-US' })
    expect(chosen.html).toContain(american)
    expect(bootOf(chosen.html)).toMatchObject({ formats: { english: 'en-US', chosen: true } })
    const unknown = await page({ 'Accept-Language': 'en-GB', Cookie: 'kiymet-format=en-XX' })
    expect(unknown.html).toContain(british)
    expect(bootOf(unknown.html)).toMatchObject({ formats: { english: 'en-GB', chosen: false } })
  })

  it('leaves Turkish and German pages in their own formats, handing English’s on', async () => {
    const { html } = await page({ 'Accept-Language': 'en-GB' }, EXPECTED_URLS.privacy.de)
    expect(html).toContain(`${day}.${month}.${year}`)
    expect(bootOf(html)).toMatchObject({ formats: { english: 'en-GB' } })
  })
})
