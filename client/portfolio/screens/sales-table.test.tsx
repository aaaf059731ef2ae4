import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { I18nContext } from '../../app/i18n-context'
import type { Locale } from '../../../shared/i18n/locales'
import { loadMessages } from '../../../shared/i18n/messages'
import { createTranslator } from '../../../shared/i18n/translator'
import { SalesTable } from './sales-table'
import { PORTFOLIO_ID, report, withoutCardParts } from './screen-fixtures'

async function render(locale: Locale, node: ReactNode): Promise<string> {
  const translator = createTranslator(locale, await loadMessages(locale))
  const html = withoutCardParts(
    renderToStaticMarkup(<I18nContext value={translator}>{node}</I18nContext>),
  )
  return html.replaceAll('\u00a0', ' ')
}

const headers = (html: string) =>
  [...html.matchAll(/<th scope="col"[^>]*>([^<]+)<\/th>/g)].map((match) => match[1])

describe('SalesTable', () => {
  it.each([
    ['en', ['Gain before tax', 'Tax withheld', 'Gain after tax'], '+TRY 1,300.00', 'TRY 100.00'],
    [
      'tr',
      ['Vergi öncesi kazanç', 'Kesilen vergi', 'Vergi sonrası kazanç'],
      '+₺1.300,00',
      '₺100,00',
    ],
    [
      'de',
      ['Gewinn vor Steuern', 'Einbehaltene Steuer', 'Gewinn nach Steuern'],
      '+1.300,00 TRY',
      '100,00 TRY',
    ],
  ] as const)(
    'in %s: the gain before the tax withheld, the tax, and the gain after it',
    async (locale, columns, before, tax) => {
      const html = await render(
        locale,
        <SalesTable
          report={report}
          portfolioId={PORTFOLIO_ID}
          instrumentId={report.sales[0]!.instrument.id}
        />,
      )
      expect(headers(html).slice(4, 7)).toEqual(columns)
      // Net proceeds 6,200 − cost 5,000 = 1,200 after the 100 of tax; 1,300 before it.
      expect(html).toContain(
        `<td><span class="figure figure--gain">${before}</span></td><td>${tax}</td><td><span class="figure figure--gain">`,
      )
    },
  )
})
