import { describe, expect, it } from 'vitest'
import { IncomeTable } from './income-table'
import { renderInLocale, report, tableRows } from './screen-fixtures'

/** The text of each body row's cells, a note after ` | `. */
const rows = (html: string) => tableRows(html, /<span class="cell-note">/g)

describe('IncomeTable', () => {
  it('gives every column in the base currency, a dollar dividend’s own amounts under them', async () => {
    const html = await renderInLocale('tr', <IncomeTable report={report} />)
    expect(html).toContain(
      'Temettü ve faiz gelirleri, en yenisi başta, TRY cinsinden; başka para birimindeki ödemeler kendi para birimiyle de',
    )
    // 5.20 USD gross, 0.78 withheld, 4.42 net, at 40 TRY per USD; no fee column, as none was taken.
    expect(rows(html)).toEqual([
      ['15.05.2026', 'Temettü · AAPL', '₺208,00 | $5,20', '₺31,20 | $0,78', '+₺176,80 | $4,42'],
      ['15.04.2026', 'Temettü · THYAO', '₺111,11', '₺11,11', '+₺100,00'],
    ])
  })

  it('adds a column for the charges when a payment had some', async () => {
    const charged = {
      ...report,
      income: report.income.map((item) =>
        item.currency === 'USD'
          ? {
              ...item,
              fee: { instrument: '0.5', base: '20' },
              net: { instrument: '3.92', base: '156.8' },
            }
          : item,
      ),
    }
    const html = await renderInLocale('en', <IncomeTable report={charged} />)
    expect(html).toContain('<th scope="col">Fee</th>')
    expect(rows(html)[0]).toEqual([
      '05/15/26',
      'Dividend · AAPL',
      'TRY 208.00 | $5.20',
      'TRY 31.20 | $0.78',
      'TRY 20.00 | $0.50',
      '+TRY 156.80 | $3.92',
    ])
  })
})
