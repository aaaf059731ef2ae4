import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { I18nContext } from '../app/i18n-context'
import { LOCALE_CODES } from '../../shared/i18n/locales'
import { loadMessages } from '../../shared/i18n/messages'
import { matchRoute } from '../../shared/routes/match-route'
import { buildPath } from '../../shared/routes/build-path'
import { createTranslator } from '../../shared/i18n/translator'
import homePage from './home-page'

async function renderHome(locale: (typeof LOCALE_CODES)[number]) {
  const messages = await loadMessages(locale)
  const match = matchRoute(buildPath('home', locale))
  if (!match) throw new Error('no home route')
  const html = renderToStaticMarkup(
    <I18nContext value={createTranslator(locale, messages)}>
      {homePage.render(match, undefined, null)}
    </I18nContext>,
  )
  return { html, messages }
}

const pictures = (html: string) =>
  [...html.matchAll(/<picture>(.*?)<\/picture>/g)].map((m) => m[1] ?? '')
/** An attribute's value in a tag React rendered, its entities decoded. */
const attribute = (tag: string, name: string) =>
  new RegExp(` ${name}="([^"]*)"`)
    .exec(tag)?.[1]
    ?.replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')

describe('the home page', () => {
  it.each(LOCALE_CODES)(
    'shows the product in %s: each screen in its language, theme and alt text',
    async (locale) => {
      const { html, messages } = await renderHome(locale)
      const shown = pictures(html)
      const alts = shown.map((picture) => attribute(/<img [^>]*>/.exec(picture)?.[0] ?? '', 'alt'))
      const { shots } = messages.home
      expect(alts).toEqual([
        shots.overviewDesktop,
        shots.overviewPhone,
        shots.holdings,
        shots.performance,
        shots.sales,
      ])
      for (const [index, picture] of shown.entries()) {
        const img = /<img [^>]*>/.exec(picture)?.[0] ?? ''
        // The hero is above the fold; the rest load as they near the viewport.
        expect(attribute(img, 'loading')).toBe(index < 2 ? 'eager' : 'lazy')
        expect(Number(attribute(img, 'width'))).toBeGreaterThan(0)
        expect(Number(attribute(img, 'height'))).toBeGreaterThan(0)
        expect(attribute(img, 'src')).toMatch(
          new RegExp(`^/landing/[a-z]+-[a-z]+-${locale}-light-\\d+w\\.webp$`),
        )
        const dark = [...picture.matchAll(/<source [^>]*>/g)]
          .map((m) => m[0])
          .filter((source) => attribute(source, 'media')?.includes('(prefers-color-scheme: dark)'))
        expect(dark.length, 'a dark source').toBeGreaterThan(0)
        for (const source of dark) {
          expect(attribute(source, 'srcSet') ?? attribute(source, 'srcset')).toContain(
            `-${locale}-dark-`,
          )
          expect(Number(attribute(source, 'width'))).toBeGreaterThan(0)
          expect(Number(attribute(source, 'height'))).toBeGreaterThan(0)
        }
      }
    },
  )

  // The product computes no inflation-adjusted return (yet): the page and its description say so.
  it.each(LOCALE_CODES)('promises no real return in %s', async (locale) => {
    const { html, messages } = await renderHome(locale)
    const text = `${html} ${messages.pages.home.description}`
    expect(text).not.toMatch(/real return|inflation|gerçek getiri|enflasyon|echte rendite/i)
  })
})
