import { describe, expect, it } from 'vitest'
import type { MeasuredGains } from '../../../shared/api/schemas'
import { portfolioQueries } from '../data/portfolio-queries'
import { ExplainHost } from '../explain/explained-figure'
import { PORTFOLIO_ID, renderInLocale, report, withAnswers } from './screen-fixtures'
import { TotalsPanel } from './totals-panel'

const text = (html: string) =>
  html.replace(/<span id="[^"]*" hidden="">[^<]*<\/span>/g, '').replace(/<[^>]+>/g, '')

// The fixture's report measured (illustrative): in the money of 29 May 2026 by TÜFE, April's
// value carried forward; and in dollars at the day's rate.
const real: MeasuredGains = {
  measure: 'real',
  asOf: report.asOf,
  currency: 'TRY',
  value: '74000',
  investedCapital: '66000',
  peakInvestedCapital: '66000',
  totalGain: '8000',
  totalReturn: 8000 / 66000,
  index: { code: 'TR-TUFE', month: '2026-04' },
  rate: null,
  provisional: true,
}
const usd: MeasuredGains = {
  ...real,
  measure: 'USD',
  currency: 'USD',
  value: '1850',
  investedCapital: '1500',
  peakInvestedCapital: '1500',
  totalGain: '350',
  totalReturn: 350 / 1500,
  index: null,
  rate: { value: '0.025', date: report.asOf },
  provisional: false,
}

function panel(measure: 'real' | 'USD' | 'nominal', gains?: MeasuredGains) {
  const answers =
    measure === 'nominal' || gains === undefined
      ? {}
      : { [portfolioQueries.gains(PORTFOLIO_ID, measure, report.asOf).queryKey[0]]: gains }
  return withAnswers(
    answers,
    <ExplainHost portfolioId={PORTFOLIO_ID}>
      <TotalsPanel report={report} portfolioId={PORTFOLIO_ID} measure={measure} />
    </ExplainHost>,
  )
}

describe('TotalsPanel, measured', () => {
  it('shows only the nominal totals when nominal', async () => {
    const html = await renderInLocale('en', panel('nominal'))
    expect(html).not.toContain('measured-heading')
  })

  it('shows the real gains beside the nominal ones, the index and its month named (tr)', async () => {
    const shown = text(await renderInLocale('tr', panel('real', real)))
    expect(shown).toContain('Bugünün parasıyla (TÜFE)')
    expect(shown).toContain(
      'Yatırılan ve çekilen her tutar, 29.05.2026 tarihindeki alım gücüyle sayılır (TÜFE, Nisan 2026).',
    )
    expect(shown).toContain('sonraki aylar yayımlandıkça değişecek.')
    expect(shown).toContain('Yatırılan sermaye₺66.000,00')
    expect(shown).toContain('Toplam kazanç+₺8.000,00')
    expect(shown).toContain('Toplam getiri+%12,12')
  })

  it('shows the gains in another currency, each opening its explanation (en, de)', async () => {
    const html = await renderInLocale('en', panel('USD', usd))
    const shown = text(html)
    expect(shown).toContain('In USD')
    expect(shown).toContain('Value$1,850.00')
    expect(html).toContain('aria-haspopup="dialog"')
    expect(shown).toContain('Invested capital$1,500.00')
    expect(shown).toContain('Total gain+$350.00')
    expect(shown).toContain('Total return+23.33%')
    const german = text(await renderInLocale('de', panel('USD', usd)))
    expect(german).toContain('Gesamtgewinn+350,00 $')
  })

  it('says it is loading before the gains arrive', async () => {
    const shown = text(await renderInLocale('en', panel('real')))
    expect(shown).toContain('Loading…')
  })
})
