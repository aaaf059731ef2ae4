import { describe, expect, it } from 'vitest'
import { buildPath } from '../../../shared/routes/build-path'
import { PortfolioCard } from './portfolio-card'
import { portfolioList, renderInLocale, report } from './screen-fixtures'

/** The card's text as seen: tags, and what is hidden, dropped. */
function text(html: string): string {
  return html.replace(/<span id="[^"]*" hidden="">[^<]*<\/span>/g, '').replace(/<[^>]+>/g, '')
}

const listed = portfolioList.portfolios[0]!
const summary = listed.summary!
const [thyao, aapl] = report.holdings.map((holding) => holding.instrument)

function card(changes: Partial<typeof summary>) {
  const portfolio = { ...listed, summary: { ...summary, ...changes } }
  return <PortfolioCard portfolio={portfolio} online onDelete={() => {}} />
}

describe('a portfolio card', () => {
  it('leads with value, the last trading day’s change by its date and the total return (tr)', async () => {
    const html = await renderInLocale('tr', card({}))
    const shown = text(html)
    expect(shown).toContain('Değer₺48.500,00')
    // Friday before the close: Thursday's change, a fund's last move on Wednesday.
    expect(shown).toContain('28 May Per değişimi-₺350,50 -%0,72')
    expect(shown).toContain('Her varlığın kendi son hareketi; en eskisi 27 May Çar')
    expect(shown).toContain('Toplam getiri+₺9.700,00 +%24,25')
    // Invested capital is the portfolio screen's, not the card's.
    expect(shown).not.toContain('Yatırılan')
    // Each figure opens how it was calculated, and is described so to a screen reader.
    const hint = /<span id="([^"]+)" hidden="">Bu nasıl hesaplanıyor\?<\/span>/.exec(html)?.[1]
    expect(hint).toBeDefined()
    expect(
      html.match(
        new RegExp(
          `<button type="button" class="explained" aria-haspopup="dialog" aria-describedby="${hint}">`,
          'g',
        ),
      ),
    ).toHaveLength(7)
  })

  it('shows the real return beside the nominal one, its index named, provisional marked (tr)', async () => {
    const html = await renderInLocale('tr', card({}))
    // 4,500 ÷ 44,000 by TÜFE; May not yet published, April carried forward.
    expect(text(html)).toContain(
      'Reel getiri (TÜFE)+₺4.500,00 +%10,23geçici: Son yayımlanan Nisan 2026 TÜFE değerine göre; sonraki aylar yayımlandıkça değişecek.',
    )
    expect(html).toContain('<span class="visually-hidden">: Son yayımlanan Nisan 2026 TÜFE')
  })

  it('names the index in English and German, and says why a real return is missing', async () => {
    const published = { ...summary.real.gains!, provisional: false }
    const en = text(
      await renderInLocale('en', card({ real: { ...summary.real, gains: published } })),
    )
    expect(en).toContain('Real return (TÜFE)+TRY 4,500.00 +10.23%')
    expect(en).not.toContain('provisional')
    const missing = { index: 'EA-HICP-2025', gains: null, reason: 'missing_price_index' as const }
    const de = text(await renderInLocale('de', card({ real: missing })))
    expect(de).toContain(
      'Realrendite (HVPI Euroraum)Nicht verfügbar: Für einen benötigten Monat fehlt ein Wert des HVPI Euroraum.',
    )
  })

  it('shows no real return for a currency without an index', async () => {
    const none = { index: null, gains: null, reason: 'no_index' as const }
    const html = await renderInLocale('en', card({ real: none }))
    expect(text(html)).not.toContain('Real return')
  })

  it('names each holding without a current price, linked, instead of dating the portfolio (tr)', async () => {
    const html = await renderInLocale('tr', card({}))
    expect(text(html)).toContain('1 varlığın güncel fiyatı yok: AAPL Apple Inc.')
    const href = buildPath('transaction', 'tr', { id: listed.id, code: 'AAPL', name: 'apple-inc' })
    expect(html).toContain(`href="${href}"`)
    expect(html).not.toContain('itibarıyla')
  })

  it('says “Today” once today’s closes are in, and counts the holdings without a price (en)', async () => {
    const html = await renderInLocale(
      'en',
      card({
        dayChange: {
          change: '1195',
          return: 0.00816,
          date: '2026-05-29',
          earliestDate: '2026-05-29',
        },
        staleHoldings: [
          { instrument: aapl!, priceDate: '2026-05-20' },
          { instrument: thyao!, priceDate: null },
        ],
      }),
    )
    const shown = text(html)
    expect(shown).toContain('Today+TRY 1,195.00 +0.82%')
    expect(shown).not.toContain('earliest')
    expect(shown).toContain(
      '2 holdings have no current price: AAPL Apple Inc., THYAO Türk Hava Yolları',
    )
  })

  it('shows a dash when nothing has moved, and no price note when every price is current (de)', async () => {
    const html = await renderInLocale(
      'de',
      card({
        dayChange: { change: '0', return: null, date: null, earliestDate: null },
        staleHoldings: [],
      }),
    )
    const shown = text(html)
    expect(shown).toContain('Heute–')
    expect(shown).toContain('Gesamtrendite+9.700,00 TRY +24,25 %')
    expect(html).not.toContain('price-date')
  })

  it('dates the change in German when it is not today’s', async () => {
    const html = await renderInLocale('de', card({}))
    expect(text(html)).toContain('Veränderung am Do., 28. Mai-350,50 TRY -0,72 %')
    expect(text(html)).toContain('Für 1 Position fehlt ein aktueller Kurs: AAPL Apple Inc.')
  })
})
