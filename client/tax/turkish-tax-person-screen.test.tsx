import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { turkishTaxPersonSchema, type TurkishTaxPerson } from '../../shared/api/schemas'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { portfolioQueries } from '../portfolio/data/portfolio-queries'
import { renderTaxPage, tableRowsOf } from './tax-page-render'
import { turkishPersonCsv } from './turkish-tax-csv'

const FIRST = '11111111-2222-4333-8444-000000000001'
const SECOND = '11111111-2222-4333-8444-000000000002'

const row = {
  fundStopaj: '0',
  foreignGains: '0',
  foreignGainsWithoutIndexation: '0',
  notCovered: 0,
}

/**
 * docs/tax-turkey.md's Example 22, the API's answer of tests/worker/api-tax-turkey-person, with a
 * dollar portfolio beside it (Example 23's sale, which it leaves out of the totals).
 */
const person: TurkishTaxPerson = turkishTaxPersonSchema.parse({
  year: 2025,
  asOf: '2025-12-31',
  portfolios: [
    {
      ...row,
      id: FIRST,
      name: 'Aracı kurum A',
      baseCurrency: 'TRY',
      turkishDividends: '360000',
      turkishDividendStopaj: '54000',
      foreignDividends: '9625',
      foreignTax: '1925',
    },
    {
      ...row,
      id: SECOND,
      name: 'Dolar',
      baseCurrency: 'USD',
      turkishDividends: '320000',
      turkishDividendStopaj: '48000',
      foreignGains: '-800',
      foreignGainsWithoutIndexation: '-800',
      foreignDividends: '12420',
      foreignTax: '2484',
      notCovered: 2,
    },
  ],
  assessment: {
    year: 2025,
    bistShares: { gain: '0' },
    funds: { gain: '0', stopaj: '0' },
    turkishDividends: {
      gross: '680000',
      stopaj: '102000',
      test: { amount: '340000', threshold: '330000', declared: true },
    },
    foreignSales: { gains: '0', losses: '-800', net: '0', netWithoutIndexation: '0' },
    foreignDividends: {
      gross: '22045',
      foreignTax: '4409',
      test: { amount: '22045', threshold: '18000', declared: true },
    },
    declaration: {
      foreignGains: '0',
      foreignDividends: '22045',
      turkishDividends: '340000',
      income: '362045',
      estimate: {
        tax: '66752.15',
        turkishStopajCredited: '102000',
        foreignTaxCredited: '4064.55',
        foreignTaxNotCredited: '344.45',
        balance: '-39312.4',
      },
    },
  },
})

const render = (path: string, metadata: Record<string, unknown> = { tax_residence: 'TR' }) =>
  renderTaxPage(
    path,
    {
      [portfolioQueries.turkishTaxPerson(2025).queryKey[0]]: { status: 200, body: person },
      [portfolioQueries.turkishTaxPerson(2009).queryKey[0]]: {
        status: 200,
        body: { ...person, year: 2009, portfolios: [] },
      },
    },
    metadata,
    'Europe/Istanbul',
  )

describe('a person’s Turkish tax year, rendered on the server', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows a row per portfolio, then the one beyanname of all of them with its refund', async () => {
    const html = (await render('/en/profile/turkish-tax/2025')) ?? ''
    expect(html).toContain(
      '<h1 id="page-heading" tabindex="-1">Turkish tax 2025 — all portfolios</h1>',
    )
    const rows = tableRowsOf(html)
    expect(rows.slice(0, 3)).toEqual([
      'Portfolio | Fund stopaj | Turkish dividends (gross) | Dividend stopaj | Foreign gains (indexed) | Without indexation | Foreign dividends | Tax withheld abroad | Not covered',
      'Aracı kurum A | TRY 0.00 | TRY 360,000.00 | TRY 54,000.00 | TRY 0.00 | TRY 0.00 | TRY 9,625.00 | TRY 1,925.00 | none',
      'Dolarin USD, converted at the TCMB rates | TRY 0.00 | TRY 320,000.00 | TRY 48,000.00 | -TRY 800.00 | -TRY 800.00 | TRY 12,420.00 | TRY 2,484.00 | 2 entries',
    ])
    // Each name opens the portfolio's own year.
    expect(html).toContain(`<a href="/en/portfolio/${FIRST}/turkish-tax/2025">Aracı kurum A</a>`)
    expect(rows).toContain('declared | yes, above the amount')
    expect(rows).toContain('Income declared | TRY 362,045.00')
    expect(rows).toContain('less foreign tax credited | TRY 4,064.55')
    expect(rows).toContain('Refunded | TRY 39,312.40')
    expect(html).toContain('as if your portfolios were your only income')
    expect(html).not.toContain('tax resident in Türkiye;')
  })

  it('links the years around it, none before 2009, and says when the residence is not Türkiye', async () => {
    const html = (await render('/profil/vergi/2025', { tax_residence: 'DE' })) ?? ''
    expect(html).toContain('href="/profil/vergi/2024" rel="prev"')
    expect(html).toContain('href="/profil/vergi/2026" rel="next"')
    expect(html).toContain('vergi mukimliği Türkiye olarak görünmüyor')
    const first = (await render('/de/profil/tuerkische-steuer/2009')) ?? ''
    expect(first).toContain('Sie haben noch kein Portfolio.')
    expect(first).not.toContain('rel="prev"')
    expect(await render('/profil/vergi/2008')).toBeNull()
  })
})

describe('turkishPersonCsv', () => {
  it('writes a row per portfolio and the beyanname, in German as a German spreadsheet reads it', async () => {
    const csv = turkishPersonCsv(person, createTranslator('de', await loadMessages('de')))
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe('\uFEFFTürkische Steuer 2025 – alle Portfolios')
    expect(lines[3]).toBe(
      'Portfolio;Währung;Stopaj auf Fonds;Türkische Dividenden (brutto);Stopaj auf Dividenden;Auslandsgewinne (indexiert);Ohne Indexierung;Auslandsdividenden;Im Ausland einbehaltene Steuer;Nicht erfasst',
    )
    expect(lines[5]).toBe('Dolar;USD;0,00;320000,00;48000,00;-800,00;-800,00;12420,00;2484,00;2')
    expect(lines).toContain('Erstattung;39312,40')
    expect(lines.at(-2)).toMatch(
      /^Eine Schätzung aus den erfassten Umsätzen, als wären Ihre Portfolios/,
    )
  })
})
