import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApiAnswer } from '../../shared/api/api-snapshot'
import { portfolioQueries } from '../portfolio/data/portfolio-queries'
import { renderTaxPage, tableRowsOf } from './tax-page-render'
import { PORTFOLIO_ID, turkish2025 } from './turkish-tax-fixtures'

const portfolio = {
  id: PORTFOLIO_ID,
  name: 'Emeklilik',
  baseCurrency: 'TRY',
  costBasisMethod: 'FIFO',
  recordsCash: false,
  transactionCount: 6,
  createdAt: '2025-01-02T10:00:00Z',
  updatedAt: '2025-10-01T10:00:00Z',
}

const ANSWERS: Record<string, ApiAnswer> = {
  [portfolioQueries.portfolio(PORTFOLIO_ID).queryKey[0]]: { status: 200, body: portfolio },
  [portfolioQueries.turkishTax(PORTFOLIO_ID, 2025).queryKey[0]]: { status: 200, body: turkish2025 },
}

/** The screen as the worker renders it for a user with `metadata`, from the answers it declared. */
const render = (path: string, metadata: Record<string, unknown> = { tax_residence: 'TR' }) =>
  renderTaxPage(path, ANSWERS, metadata, 'Europe/Istanbul')

const rows = tableRowsOf

describe('a lira portfolio’s Turkish tax year, rendered on the server', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows the summary and every item in Turkish, with the honesty notice first', async () => {
    const html = (await render(`/portfoyum/${PORTFOLIO_ID}/vergi/2025`)) ?? ''
    expect(html).toContain('<h1 id="page-heading" tabindex="-1">Vergi 2025</h1>')
    expect(html).toContain('Emeklilik · yılın tamamı')
    expect(html).toContain('vergi danışmanlığı ya da beyanname değildir')
    expect(html).toContain('Türev ürünler: VİOP')
    const table = rows(html)
    expect(table).toContain('Borsa İstanbul hisse kazançları | ₺7.052,36')
    expect(table).toContain('vergilenen kısmı | vergilenmez (%0 stopaj)')
    expect(table).toContain('Kesilen stopaj toplamı | ₺6.292,50')
    expect(table).toContain('beyan edilir mi | hayır, tutarı aşmıyor')
    expect(table).toContain('Mart 2026 beyannamesi')
    expect(table).toContain('Ödenecek | ₺2.435,52')
    const fundSale = table.find((row) => row.startsWith('Fon satışı · TTE'))
    expect(fundSale).toContain('+₺2.650,00')
    expect(fundSale).toContain('₺292,50')
    expect(fundSale).toContain(
      '20.01.2025 tarihinde alınan 3.000 pay: kazanç ₺2.100,00, oran %10 (diğer fonlar; CK 9075), stopaj ₺210,00',
    )
    const foreignSale = table.find((row) => row.startsWith('Yurt dışı satış · AAPL'))
    expect(foreignSale).toContain('+₺34.248,80 | +₺16.236,80')
    expect(foreignSale).toContain('Yİ-ÜFE Şubat 2024 3.000 → Mayıs 2025 4.125, en az %10 arttı')
    expect(table.find((row) => row.startsWith('Borsa İstanbul satışı · THYAO'))).toContain(
      'Vergilenmez',
    )
    expect(table.find((row) => row.startsWith('Kapsam dışı'))).toContain('Faiz:')
    expect(html).toContain(`href="/portfoyum/${PORTFOLIO_ID}/vergi/2024" rel="prev"`)
    // The beyanname is the person's: the year across all portfolios.
    expect(html).toContain('<a href="/profil/vergi/2025">2025 yılı, tüm portföyler</a>')
    expect(html).not.toContain('vergi mukimi olduğunuz belirtilmemiş')
  })

  it('reads in English and German, and says when the residence is not Türkiye', async () => {
    const en = (await render(`/en/portfolio/${PORTFOLIO_ID}/turkish-tax/2025`)) ?? ''
    expect(en).toContain('<h1 id="page-heading" tabindex="-1">Turkish tax 2025</h1>')
    expect(rows(en).find((row) => row.startsWith('Net gain (değer artış kazancı) |'))).toContain(
      '16,236.80',
    )
    const de = (await render(`/de/portfolio/${PORTFOLIO_ID}/tuerkische-steuer/2025`, {})) ?? ''
    expect(de).toContain('<h1 id="page-heading" tabindex="-1">Türkische Steuer 2025</h1>')
    expect(rows(de).find((row) => row.startsWith('Einbehaltene Stopaj insgesamt |'))).toContain(
      '6.292,50',
    )
    expect(de).toContain('nicht an, dass Sie in der Türkei steuerlich ansässig sind')
  })

  it('has no screen before 2009', async () => {
    expect(await render(`/en/portfolio/${PORTFOLIO_ID}/turkish-tax/2008`)).toBeNull()
  })
})
