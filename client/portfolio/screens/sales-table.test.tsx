import { describe, expect, it } from 'vitest'
import { portfolioQueries } from '../data/portfolio-queries'
import { Sales, SalesTable } from './sales-table'
import { PORTFOLIO_ID, renderInLocale, salePage, withAnswers } from './screen-fixtures'

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
      const html = await renderInLocale(
        locale,
        <SalesTable
          sales={salePage.sales}
          portfolioId={PORTFOLIO_ID}
          baseCurrency="TRY"
          method="FIFO"
          asOf="2024-12-31"
          instrumentId={salePage.sales[0]!.instrument.id}
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

describe('Sales', () => {
  const of = { asOf: '2026-05-29', baseCurrency: 'TRY', costBasisMethod: 'FIFO' as const }
  const firstPage = portfolioQueries.salePage(PORTFOLIO_ID, of.asOf, undefined, undefined)

  it('shows the first page and offers the older sales while there are more', async () => {
    const html = await renderInLocale(
      'en',
      withAnswers(
        { [firstPage.queryKey[0]]: { ...salePage, nextCursor: '50' } },
        <Sales portfolioId={PORTFOLIO_ID} report={of} />,
      ),
    )
    expect(html).toContain('+TRY 1,300.00')
    expect(html).toContain('Show older sales')
  })

  it('offers nothing more after the last page, and says when nothing was sold', async () => {
    const last = await renderInLocale(
      'de',
      withAnswers(
        { [firstPage.queryKey[0]]: salePage },
        <Sales portfolioId={PORTFOLIO_ID} report={of} />,
      ),
    )
    expect(last).not.toContain('Ältere Verkäufe zeigen')
    const none = await renderInLocale(
      'tr',
      withAnswers(
        { [firstPage.queryKey[0]]: { sales: [], nextCursor: null } },
        <Sales portfolioId={PORTFOLIO_ID} report={of} />,
      ),
    )
    expect(none).toContain('<p class="muted">')
    expect(none).not.toContain('<table')
  })
})
