import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { germanTaxPersonSchema, type GermanTaxPerson } from '../../shared/api/schemas'
import { portfolioQueries } from '../portfolio/data/portfolio-queries'
import { renderTaxPage, tableRowsOf } from './tax-page-render'

const TAXED = '11111111-2222-4333-8444-000000000001'
const SPARED = '11111111-2222-4333-8444-000000000002'

const zeroFigures = {
  income: '0',
  freistellungsauftrag: '0',
  allowanceUsed: '0',
  taxable: '0',
  foreignTaxCredited: '0',
  kapESt: '0',
  soli: '0',
  churchTax: '0',
  carriedOut: { shares: '0', general: '0' },
}

/** Two depots in 2025, church tax at 9 %: the API's answer of tests/worker/api-german-tax-person. */
const person: GermanTaxPerson = germanTaxPersonSchema.parse({
  year: 2025,
  asOf: '2025-12-31',
  churchTaxRate: '0.09',
  jointAssessment: false,
  depots: [
    {
      id: TAXED,
      name: 'Broker A',
      lossCertificate: false,
      income: '1000',
      freistellungsauftrag: '200',
      allowanceUsed: '200',
      taxable: '800',
      foreignTaxCredited: '0',
      kapESt: '195.6',
      soli: '10.75',
      churchTax: '17.6',
      carriedOut: { shares: '0', general: '0' },
    },
    {
      id: SPARED,
      name: 'Broker B',
      lossCertificate: false,
      income: '300',
      freistellungsauftrag: '800',
      allowanceUsed: '300',
      taxable: '0',
      foreignTaxCredited: '0',
      kapESt: '0',
      soli: '0',
      churchTax: '0',
      carriedOut: { shares: '-200', general: '0' },
    },
  ],
  totals: {
    income: '1300',
    freistellungsauftrag: '1000',
    allowanceUsed: '500',
    taxable: '800',
    foreignTaxCredited: '0',
    kapESt: '195.6',
    soli: '10.75',
    churchTax: '17.6',
    carriedOut: { shares: '-200', general: '0' },
  },
  allowance: { sparerPauschbetrag: '1000', given: '1000', used: '500', unused: '500' },
  refund: { base: '500', kapESt: '122.25', soli: '6.72', churchTax: '11', total: '139.97' },
  lossCertificateCandidates: [SPARED],
  notInEuros: [{ id: '11111111-2222-4333-8444-000000000003', name: 'Lira', baseCurrency: 'TRY' }],
})

/** A year with nothing taxed and no church tax: the allowance unused, nothing to claim back. */
const quiet: GermanTaxPerson = {
  ...person,
  year: 2024,
  churchTaxRate: '0',
  depots: [{ ...zeroFigures, id: TAXED, name: 'Broker A', lossCertificate: false }],
  totals: zeroFigures,
  allowance: { sparerPauschbetrag: '1000', given: '0', used: '0', unused: '1000' },
  refund: { base: '0', kapESt: '0', soli: '0', churchTax: '0', total: '0' },
  lossCertificateCandidates: [],
  notInEuros: [],
}

const ANSWERS: Record<string, unknown> = {
  [portfolioQueries.germanTaxPerson(2025).queryKey[0]]: person,
  [portfolioQueries.germanTaxPerson(2024).queryKey[0]]: quiet,
  [portfolioQueries.germanTaxPerson(2009).queryKey[0]]: { ...quiet, year: 2009 },
}

/** The screen as the worker renders it for a user with `metadata`, from the answers it declared. */
const render = (path: string, metadata: Record<string, unknown> = { tax_residence: 'DE' }) =>
  renderTaxPage(
    path,
    Object.fromEntries(Object.entries(ANSWERS).map(([key, body]) => [key, { status: 200, body }])),
    metadata,
    'Europe/Berlin',
  )

const rows = tableRowsOf

describe('a person’s German tax year, rendered on the server', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows a row per depot and the total, the refund estimate and the loss note', async () => {
    const html = (await render('/en/profile/german-tax/2025')) ?? ''
    expect(html).toContain('<h1 id="page-heading" tabindex="-1">Taxes 2025 — all depots</h1>')
    expect(html).toContain('As of 12/31/25 · Church tax 9%')
    expect(rows(html)).toEqual([
      'Depot | Capital income | Exemption order used | Capital gains tax | Solidarity surcharge | Church tax | Losses carried forward',
      'Broker A | €1,000.00 | €200.00 of €200.00 | €195.60 | €10.75 | €17.60 | none',
      'Broker B | €300.00 | €300.00 of €800.00 | €0.00 | €0.00 | €0.00 | Shares -€200.00',
      'Total | €1,300.00 | €500.00 of €1,000.00 | €195.60 | €10.75 | €17.60 | Shares -€200.00',
    ])
    // Each depot's name opens its report of the year.
    expect(html).toContain(`<a href="/en/portfolio/${TAXED}/german-tax/2025">Broker A</a>`)
    expect(html).toContain(
      'In your tax return you could claim about €139.97 back: €500.00 of the Sparer-Pauschbetrag went unused while tax was withheld.',
    )
    expect(html).toContain(
      'covers €500.00 of the taxed income: €122.25 capital gains tax, €6.72 solidarity surcharge and €11.00 church tax.',
    )
    expect(html).toContain(
      'Losses carried into 2026: Broker B, while another depot paid tax in 2025.',
    )
    expect(html).toContain('Not included, as they are not in euros: Lira (TRY).')
    expect(html).toContain('<dt>Left unused</dt><dd><span class="figure">€500.00</span>')
    expect(html).toContain('not tax advice')
    expect(html).not.toContain('does not name Germany')
  })

  it('links the years around it, up to this year where the user lives, none before 2009', async () => {
    const html = (await render('/de/profil/steuern/2025')) ?? ''
    expect(html).toContain('<h1 id="page-heading" tabindex="-1">Steuern 2025 – alle Depots</h1>')
    expect(html).toContain('href="/de/profil/steuern/2024" rel="prev"')
    expect(html).toContain('href="/de/profil/steuern/2026" rel="next"')
    const current = (await render('/de/profil/steuern/2024')) ?? ''
    expect(current).toContain('href="/de/profil/steuern/2025" rel="next"')
    const first = (await render('/profil/almanya-vergisi/2009')) ?? ''
    expect(first).toContain('href="/profil/almanya-vergisi/2010" rel="next"')
    expect(first).not.toContain('rel="prev"')
    // Before the Abgeltungsteuer there is no such screen.
    expect(await render('/profil/almanya-vergisi/2008')).toBeNull()
  })

  it('leaves out church tax and the refund when there is none, and says when the residence is not Germany', async () => {
    const html = (await render('/profil/almanya-vergisi/2024', { tax_residence: null })) ?? ''
    expect(html).toContain('Kilise vergisi yok')
    expect(rows(html)[0]).not.toContain('Kilise vergisi')
    expect(html).not.toContain('geri isteyebilirsiniz')
    expect(html).not.toContain('zarar devreden')
    expect(html).toContain('profilinizde vergi mukimliği olarak Almanya seçili değil')
    expect(html).toContain('href="/profil#taxes"')
  })
})
