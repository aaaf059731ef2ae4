import { describe, expect, it } from 'vitest'
import { matchRoute } from '../../shared/routes/match-route'
import { SAMPLE_ID } from '../../shared/routes/route-fixtures'
import { buildHead } from './head'

const origin = 'https://kiymet.app'

function headFor(path: string, indexable = true) {
  const match = matchRoute(path)
  if (!match) throw new Error(`no route for ${path}`)
  return buildHead({
    match,
    locale: match.locale,
    path,
    origin,
    title: 'T',
    description: 'D',
    indexable,
  })
}

describe('buildHead', () => {
  it('describes the German pricing page exactly', () => {
    expect(headFor('/de/preise')).toEqual({
      lang: 'de-DE',
      title: 'T',
      links: [
        { rel: 'canonical', href: 'https://kiymet.app/de/preise' },
        { rel: 'alternate', hreflang: 'x-default', href: 'https://kiymet.app/fiyatlandirma' },
        { rel: 'alternate', hreflang: 'tr', href: 'https://kiymet.app/fiyatlandirma' },
        { rel: 'alternate', hreflang: 'en', href: 'https://kiymet.app/en/pricing' },
        { rel: 'alternate', hreflang: 'de', href: 'https://kiymet.app/de/preise' },
        { rel: 'alternate', hreflang: 'tr-TR', href: 'https://kiymet.app/fiyatlandirma' },
        { rel: 'alternate', hreflang: 'en-US', href: 'https://kiymet.app/en/pricing' },
        { rel: 'alternate', hreflang: 'de-DE', href: 'https://kiymet.app/de/preise' },
      ],
      meta: [
        { key: 'name', id: 'description', content: 'D' },
        { key: 'property', id: 'og:type', content: 'website' },
        { key: 'property', id: 'og:site_name', content: 'Kıymet' },
        { key: 'property', id: 'og:title', content: 'T' },
        { key: 'property', id: 'og:description', content: 'D' },
        { key: 'property', id: 'og:url', content: 'https://kiymet.app/de/preise' },
        { key: 'property', id: 'og:image', content: 'https://kiymet.app/og-image-de.png' },
        { key: 'property', id: 'og:image:width', content: '1200' },
        { key: 'property', id: 'og:image:height', content: '630' },
        { key: 'property', id: 'og:locale', content: 'de_DE' },
        { key: 'property', id: 'og:locale:alternate', content: 'tr_TR' },
        { key: 'property', id: 'og:locale:alternate', content: 'en_US' },
        { key: 'name', id: 'twitter:card', content: 'summary_large_image' },
      ],
    })
  })

  it('keeps parameters in every alternate', () => {
    const head = headFor(`/portfoyum/${SAMPLE_ID}/transaction-THYAO-turk-hava-yollari`, false)
    const hrefs = head.links.filter((l) => l.rel === 'alternate').map((l) => l.href)
    expect(hrefs).toContain(
      `${origin}/en/portfolio/${SAMPLE_ID}/transaction-THYAO-turk-hava-yollari`,
    )
    expect(hrefs).toContain(
      `${origin}/de/portfolio/${SAMPLE_ID}/transaction-THYAO-turk-hava-yollari`,
    )
    expect(head.meta).toContainEqual({ key: 'name', id: 'robots', content: 'noindex' })
  })

  it('gives an error screen a canonical but no alternates, and noindex', () => {
    const head = buildHead({
      match: null,
      locale: 'en',
      path: '/en/nope',
      origin,
      title: 'T',
      description: 'D',
      indexable: false,
    })
    expect(head.lang).toBe('en-US')
    expect(head.links).toEqual([{ rel: 'canonical', href: 'https://kiymet.app/en/nope' }])
    expect(head.meta).toContainEqual({ key: 'name', id: 'robots', content: 'noindex' })
  })
})
