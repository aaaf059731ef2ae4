import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Holding } from '../../shared/api/schemas/report'
import { I18nContext } from '../app/i18n-context'
import type { Locale } from '../../shared/i18n/locales'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { allocationSlices, type AllocationReport } from './allocation'
import { AllocationChart } from './allocation-chart'
import type { InstrumentType } from '../../shared/portfolio/portfolio-kinds'

async function render(locale: Locale, node: ReactNode): Promise<string> {
  const translator = createTranslator(locale, await loadMessages(locale))
  return renderToStaticMarkup(<I18nContext value={translator}>{node}</I18nContext>)
}

function holding(
  code: string,
  type: InstrumentType,
  currency: string,
  base: string,
  share: number,
): Holding {
  const instrument = { id: `id-${code}`, code, name: `${code} name`, type, currency }
  return {
    instrument,
    currency,
    marketValue: { instrument: base, base },
    shareOfValue: share,
  } as unknown as Holding
}

const report: AllocationReport = {
  baseCurrency: 'TRY',
  totals: { value: '1000.30', cashBalance: '100.10' } as AllocationReport['totals'],
  holdings: [
    holding('AAA', 'STOCK', 'TRY', '100.10', 0.1),
    holding('BBB', 'ETF', 'USD', '500.05', 0.5),
    holding('CCC', 'STOCK', 'USD', '300.05', 0.3),
  ],
}

describe('allocationSlices', () => {
  it('sums each group exactly and puts the largest first, cash as a part of its own', () => {
    expect(
      allocationSlices(report, 'currency').map(({ key, value, share }) => [key, value, share]),
    ).toEqual([
      ['USD', '800.1', 0.8],
      ['TRY', '100.1', 0.1],
      ['cash', '100.10', 100.1 / 1000.3],
    ])
    expect(allocationSlices(report, 'type').map((slice) => slice.key)).toEqual([
      'ETF',
      'STOCK',
      'cash',
    ])
  })

  it('leaves cash out where the portfolio does not record it', () => {
    const withoutCash = { ...report, totals: { ...report.totals, cashBalance: null } }
    expect(allocationSlices(withoutCash, 'instrument').map((slice) => slice.key)).toEqual([
      'id-BBB',
      'id-CCC',
      'id-AAA',
    ])
  })
})

describe('AllocationChart', () => {
  it('is a table of the parts with their value and share', async () => {
    const html = await render('en', <AllocationChart report={report} initialView="type" />)
    const rows = [
      ...html.matchAll(
        /<tr><th scope="row">.*?<\/span>([^<]+)<\/span>.*?<\/th><td[^>]*>([^<]+)<\/td><td[^>]*>([^<]+)</g,
      ),
    ]
    expect(rows.map((row) => row.slice(1))).toEqual([
      ['ETF', 'TRY\u00a0500', '50.0%'],
      ['Stock', 'TRY\u00a0400', '40.0%'],
      ['Cash', 'TRY\u00a0100', '10.0%'],
    ])
  })

  it('says so when nothing is held', async () => {
    const empty = { ...report, holdings: [], totals: { ...report.totals, cashBalance: null } }
    const html = await render('de', <AllocationChart report={empty} />)
    expect(html).toContain('Keine Positionen vorhanden.')
  })
})
