import { describe, expect, it } from 'vitest'
import { renderInLocale } from '../portfolio/screens/screen-fixtures'
import { InYearPanel } from './in-year-panel'
import { statementOf } from './statement'
import { StatementTable } from './statement-table'
import { DEPOT_ID, year2026, year2025 } from './tax-fixtures'
import { TaxItemsTable } from './tax-items-table'

const statement = (
  <StatementTable
    sections={statementOf(year2025)}
    year={2025}
    asOf={year2025.asOf}
    currency="EUR"
    caption="2025"
  />
)

/** Each row of the statement as its cells' text. */
const rowsOf = (html: string) =>
  [...html.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) =>
      (cell[1] ?? '').replace(/<[^>]+>/g, ''),
    ),
  )

describe('StatementTable', () => {
  it('reads in German as the Jahressteuerbescheinigung does, a heading per part', async () => {
    const rows = rowsOf(await renderInLocale('de', statement))
    expect(rows.slice(0, 3)).toEqual([
      ['Kapitalerträge'],
      ['Gewinne aus Aktienveräußerungen', '1.500,00 €'],
      ['Verluste aus Aktienveräußerungen', '-400,00 €'],
    ])
    expect(rows).toContainEqual(['Kapitalerträge nach Verlustverrechnung', '1.440,00 €'])
    expect(rows).toContainEqual(['Nicht ausgeglichene Verluste Ende 2025'])
    expect(rows).toContainEqual(['Einbehaltene Steuern insgesamt', '100,22 €'])
  })

  it('reads in Turkish and English too', async () => {
    expect(rowsOf(await renderInLocale('tr', statement))).toContainEqual([
      'Kapitalertragsteuer (sermaye kazancı vergisi)',
      '€95,00',
    ])
    expect(rowsOf(await renderInLocale('en', statement))).toContainEqual([
      'thereof interest',
      '€30.00',
    ])
  })
})

describe('TaxItemsTable', () => {
  it('lists every item with its pot, before and after the Teilfreistellung', async () => {
    const html = await renderInLocale(
      'en',
      <TaxItemsTable view={year2025} portfolioId={DEPOT_ID} />,
    )
    const rows = rowsOf(html).slice(1)
    expect(rows[0]).toEqual([
      'Vorabpauschale · EUNL',
      '01/02/25',
      'General pot',
      '+€100.00',
      '+€70.00',
      '€0.00',
    ])
    expect(rows[3]?.[0]).toBe('Interest')
    expect(html).toContain(`href="/en/portfolio/${DEPOT_ID}/transaction-EUNL-eunl"`)
  })
})

describe('InYearPanel', () => {
  it('shows the order used and left, and the Vorabpauschale expected in January', async () => {
    const html = await renderInLocale('de', <InYearPanel view={year2026} portfolioId={DEPOT_ID} />)
    expect(html).toContain('200,00 € von Ihrem Freistellungsauftrag über 800,00 € genutzt')
    expect(html).toContain('<meter')
    expect(html).toContain('Erwartete Vorabpauschale im Januar 2027')
    expect(rowsOf(html).slice(1)[0]).toEqual([
      'EUNL iShares Core MSCI World UCITS ETF',
      '12,5',
      '112,35 €',
      '78,64 €',
      '04.01.2027',
    ])
  })

  it('asks for a Freistellungsauftrag when none is recorded', async () => {
    const html = await renderInLocale(
      'en',
      <InYearPanel view={{ ...year2026, freistellungsauftrag: '0.00' }} portfolioId={DEPOT_ID} />,
    )
    expect(html).toContain('No Freistellungsauftrag is recorded for this depot this year')
    expect(html).toContain('href="/en/profile#taxes"')
  })
})
