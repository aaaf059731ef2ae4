import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { Locale } from '../../../shared/i18n/locales'
import { InvestedCapital, TotalReturnHelp } from './invested-capital'
import { renderInLocale, report } from './screen-fixtures'

function render(locale: Locale, node: ReactNode): Promise<string> {
  return renderInLocale(locale, <dl>{node}</dl>)
}

/** Each part's name and amount, from the breakdown. */
function parts(html: string): [string, string][] {
  const list = html.slice(html.indexOf('figure-help__parts'))
  return [...list.matchAll(/<dt>([^<]+)<\/dt><dd class="figure">([^<]+)<\/dd>/g)].map((match) => [
    match[1] ?? '',
    match[2] ?? '',
  ])
}

// The fixture portfolio records no cash: 60,000 paid for purchases, 6,200 back from a sale,
// 276.80 of dividends: 53,523.20 net invested; a total gain of 20,476.80 on a peak of 60,000.
const withoutCash = report.totals
const withCash = {
  ...report.totals,
  cashBalance: '1500',
  investedCapital: '9000',
  investedCapitalParts: {
    ...report.totals.investedCapitalParts,
    deposits: '10000',
    withdrawals: '-1000',
    purchases: '0',
    sales: '0',
    income: '0',
  },
  peakInvestedCapital: '10000',
  totalReturn: null,
}

describe('InvestedCapital', () => {
  it('without cash: names it net invested and shows what it is made of, and the return on its peak', async () => {
    const html = await render(
      'en',
      <InvestedCapital totals={withoutCash} currency="TRY" asOf="2024-12-31" />,
    )
    expect(html).toContain('<dt>Net invested</dt>')
    expect(html).toContain('TRY 53,523.20')
    expect(html).toContain('<summary>How it adds up</summary>')
    expect(html).toContain('It is not what your holdings cost')
    expect(parts(html)).toEqual([
      ['Paid for purchases', '+TRY 60,000.00'],
      ['Received from sales', '-TRY 6,200.00'],
      ['Dividends and interest received', '-TRY 276.80'],
      ['Fees and taxes paid on their own', 'TRY 0.00'],
    ])
    expect(html).toContain(
      'Total return: +34.13%. The total gain divided by the most that was invested at the end of any day, TRY 60,000.00,',
    )
  })

  it('with cash: names it net deposits, from deposits and withdrawals, in Turkish and German', async () => {
    const turkish = await render(
      'tr',
      <InvestedCapital totals={withCash} currency="TRY" asOf="2024-12-31" />,
    )
    expect(turkish).toContain('<dt>Net yatırılan para</dt>')
    expect(parts(turkish)).toEqual([
      ['Yatırılan para', '+₺10.000,00'],
      ['Çekilen para', '-₺1.000,00'],
    ])
    // No return while nothing says how much was at work: the sentence is left out.
    expect(turkish).not.toContain('Toplam getiri')
    const german = await render(
      'de',
      <InvestedCapital totals={withCash} currency="EUR" asOf="2024-12-31" />,
    )
    expect(german).toContain('<dt>Nettoeinzahlungen</dt>')
    expect(german).toContain('<summary>Wie es sich zusammensetzt</summary>')
  })

  it('lists transfers only when there were some', async () => {
    const moved = {
      ...withoutCash,
      investedCapitalParts: { ...withoutCash.investedCapitalParts, transfersOut: '-400' },
    }
    const html = await render(
      'en',
      <InvestedCapital totals={moved} currency="TRY" asOf="2024-12-31" />,
    )
    expect(parts(html).map(([name]) => name)).toContain('Shares transferred out, at cost')
    expect(parts(html).map(([name]) => name)).not.toContain('Shares transferred in, at cost')
  })
})

describe('TotalReturnHelp', () => {
  it('says what the return divides by', async () => {
    const html = await render('de', <TotalReturnHelp peakInvestedCapital="60000" currency="TRY" />)
    expect(html).toContain('<summary>Wie wird die Rendite berechnet?</summary>')
    expect(html).toContain('am Ende eines Tages investiert war (60.000,00 TRY)')
  })
})
