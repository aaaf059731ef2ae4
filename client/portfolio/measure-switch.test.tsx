import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { I18nContext } from '../app/i18n-context'
import type { Locale } from '../../shared/i18n/locales'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { MeasureSwitch } from './measure-switch'

async function render(locale: Locale, node: ReactNode): Promise<string> {
  const translator = createTranslator(locale, await loadMessages(locale))
  return renderToStaticMarkup(<I18nContext value={translator}>{node}</I18nContext>)
}

/** The options of the rendered select: [value, label]. */
const options = (html: string) =>
  [...html.matchAll(/<option value="([^"]+)"[^>]*>([^<]+)<\/option>/g)].map((match) => [
    match[1],
    match[2],
  ])

describe('MeasureSwitch', () => {
  it.each([
    [
      'en',
      'TRY',
      [
        ['nominal', 'Nominal'],
        ['real', 'Real (TÜFE)'],
        ['USD', 'In US dollars'],
        ['EUR', 'In euros'],
      ],
    ],
    [
      'de',
      'EUR',
      [
        ['nominal', 'Nominal'],
        ['real', 'Real (HVPI Euroraum)'],
        ['real-vpi', 'Real (VPI Deutschland)'],
        ['USD', 'In US-Dollar'],
        ['TRY', 'In Türkischer Lira'],
      ],
    ],
    [
      'tr',
      'USD',
      [
        ['nominal', 'Nominal'],
        ['real', 'Reel (ABD TÜFE)'],
        ['EUR', 'Avro cinsinden'],
        ['TRY', 'Türk lirası cinsinden'],
      ],
    ],
    [
      'en',
      'CHF',
      [
        ['nominal', 'Nominal'],
        ['USD', 'In US dollars'],
        ['EUR', 'In euros'],
        ['TRY', 'In Turkish lira'],
      ],
    ],
  ] as const)('in %s offers a %s portfolio its measures', async (locale, base, expected) => {
    const html = await render(
      locale,
      <MeasureSwitch baseCurrency={base} measure="nominal" onChange={() => {}} />,
    )
    expect(options(html)).toEqual(expected)
  })

  it('labels the select and marks the chosen measure', async () => {
    const html = await render(
      'en',
      <MeasureSwitch baseCurrency="TRY" measure="USD" onChange={() => {}} />,
    )
    const id = /<label for="([^"]+)">Measure in<\/label>/.exec(html)?.[1]
    expect(id).toBeTruthy()
    expect(html).toContain(`<select id="${id}">`)
    expect(html).toContain('<option value="USD" selected="">In US dollars</option>')
  })
})
