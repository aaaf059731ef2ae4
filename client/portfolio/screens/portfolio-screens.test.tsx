import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import {
  performanceSchema,
  portfolioListSchema,
  portfolioSchema,
  pricesSchema,
  openLotsSchema,
  reportSchema,
  salePageSchema,
  transactionPageSchema,
} from '../../../shared/api/schemas'
import { collectApiSnapshot, type ApiAnswer } from '../../../shared/api/api-snapshot'
import { I18nContext } from '../../app/i18n-context'
import { SessionContext } from '../../auth/user-store'
import { AUTOMATIC_FORMATS } from '../../../shared/i18n/format-locale'
import { SIGNED_OUT_VIEW } from '../../../shared/auth/viewer'
import type { Locale } from '../../../shared/i18n/locales'
import { loadMessages } from '../../../shared/i18n/messages'
import { createTranslator } from '../../../shared/i18n/translator'
import { loadPage } from '../../pages/page-registry'
import { taxSettingsOf } from '../../../shared/tax/tax-settings'
import { matchRoute } from '../../../shared/routes/match-route'
import { headForState } from '../../seo/page-head'
import { portfolioQueries } from '../data/portfolio-queries'
import * as fixtures from './screen-fixtures'

const id = fixtures.PORTFOLIO_ID
const THYAO_ID = fixtures.report.holdings[0]!.instrument.id

/** The API as the worker's preload would answer, from the fixtures (checked against the schemas). */
const API: Record<string, unknown> = {
  [portfolioQueries.list().queryKey[0]]: portfolioListSchema.parse(fixtures.portfolioList),
  [portfolioQueries.portfolio(id).queryKey[0]]: portfolioSchema.parse(fixtures.portfolio),
  [portfolioQueries.report(id).queryKey[0]]: reportSchema.parse(fixtures.report),
  [portfolioQueries.portfolio(fixtures.EMPTY_PORTFOLIO_ID).queryKey[0]]: portfolioSchema.parse(
    fixtures.emptyPortfolio,
  ),
  [portfolioQueries.report(fixtures.EMPTY_PORTFOLIO_ID).queryKey[0]]: reportSchema.parse(
    fixtures.emptyReport,
  ),
  [portfolioQueries.transactionPage(fixtures.EMPTY_PORTFOLIO_ID, undefined).queryKey[0]]:
    transactionPageSchema.parse({ transactions: [], nextCursor: null }),
  [portfolioQueries.performance(fixtures.EMPTY_PORTFOLIO_ID, '1Y', '2026-05-29').queryKey[0]]:
    performanceSchema.parse({ ...fixtures.performance, points: [], twr: null, mwr: null }),
  [portfolioQueries.performance(id, '1Y', '2026-05-29').queryKey[0]]: performanceSchema.parse(
    fixtures.performance,
  ),
  [portfolioQueries.instrumentTransactions(id, THYAO_ID).queryKey[0]]: transactionPageSchema.parse(
    fixtures.thyaoTransactions,
  ),
  [portfolioQueries.transactionPage(id, undefined).queryKey[0]]: transactionPageSchema.parse(
    fixtures.portfolioTransactions,
  ),
  [portfolioQueries.salePage(id, '2026-05-29', undefined, undefined).queryKey[0]]:
    salePageSchema.parse(fixtures.salePage),
  [portfolioQueries.salePage(id, '2026-05-29', THYAO_ID, undefined).queryKey[0]]:
    salePageSchema.parse(fixtures.salePage),
  [portfolioQueries.salePage(fixtures.EMPTY_PORTFOLIO_ID, '2026-05-29', undefined, undefined)
    .queryKey[0]]: salePageSchema.parse({ sales: [], nextCursor: null }),
  [portfolioQueries.openLots(id, THYAO_ID, '2026-05-29').queryKey[0]]: openLotsSchema.parse({
    lots: fixtures.openLots[THYAO_ID],
  }),
  [portfolioQueries.prices(THYAO_ID, { from: '2026-01-05', to: '2026-05-29' }).queryKey[0]]:
    pricesSchema.parse({
      prices: [
        { date: '2026-01-05', close: '250', source: 'manual' },
        { date: '2026-05-29', close: '300', source: 'manual' },
      ],
    }),
}

async function read(paths: string[]): Promise<Record<string, ApiAnswer>> {
  return Object.fromEntries(
    paths.map((path) => [
      path,
      path in API ? { status: 200, body: API[path] } : { status: 404, body: null },
    ]),
  )
}

/**
 * Renders a screen as the worker does for a signed-in user (with the tax settings of `metadata`),
 * with the answers it declared.
 */
async function render(path: string, metadata: Record<string, unknown> = {}): Promise<string> {
  const match = matchRoute(path)
  if (!match) throw new Error(`no route for ${path}`)
  const page = await loadPage(match.name)
  const collected = await collectApiSnapshot(page.apiSnapshot!, match, read, Date.UTC(2026, 4, 29))
  if (collected.kind !== 'ok') throw new Error(`${path}: not found`)
  const translator = createTranslator(match.locale, await loadMessages(match.locale))
  const viewer = {
    status: 'signed-in' as const,
    mfaDevices: [],
    user: {
      id: 'u',
      email: 'a@example.com',
      name: null,
      locale: null,
      timeZone: null,
      tax: taxSettingsOf(metadata),
      aal: 'aal1' as const,
    },
  }
  return fixtures.withoutCardParts(
    renderToStaticMarkup(
      <I18nContext value={translator}>
        <SessionContext value={{ viewer, dialog: null, error: null }}>
          {page.render(match, undefined, collected.snapshot)}
        </SessionContext>
      </I18nContext>,
    ),
  )
}

/** The document title the worker gives a screen, with or without its API answers. */
async function titleOf(path: string, withAnswers = true): Promise<string> {
  const match = matchRoute(path)
  if (!match) throw new Error(`no route for ${path}`)
  const page = await loadPage(match.name)
  const collected = await collectApiSnapshot(page.apiSnapshot!, match, read, 0)
  if (collected.kind !== 'ok') throw new Error(`${path}: not found`)
  const translator = createTranslator(match.locale, await loadMessages(match.locale))
  const api = withAnswers ? collected.snapshot : null
  const state = {
    locale: match.locale,
    formats: AUTOMATIC_FORMATS,
    translator,
    messageGroups: [],
    screen: { kind: 'page' as const, match, page, data: undefined, api },
    year: 2026,
    session: SIGNED_OUT_VIEW,
    checkout: null,
  }
  return headForState(state, 'https://kiymet.example', path).title
}

const prefix: Record<Locale, string> = {
  tr: '/portfoyum',
  en: '/en/portfolio',
  de: '/de/portfolio',
}

describe('portfolio screens, rendered on the server from the API snapshot', () => {
  it('show each card with its figures in the locale format, its unpriced holdings and the plan limit', async () => {
    const html = await render(prefix.tr)
    expect(html).toContain('Emeklilik')
    expect(html).toContain('₺48.500,00')
    expect(html).toContain('+₺9.700,00')
    expect(html).toContain('+%24,25')
    // The return on the most ever invested, explained.
    expect(html).toContain('<summary>Getiri nasıl hesaplanıyor?</summary>')
    expect(html).toContain('-₺350,50')
    expect(html).toContain('1 varlığın güncel fiyatı yok:')
    expect(html).toContain('href="/fiyatlandirma"')
  })

  it.each([
    ['tr', '₺74.000,00', '+₺10.000,00', '+%18,34'],
    ['en', 'TRY 74,000.00', '+TRY 10,000.00', '+18.34%'],
    ['de', '74.000,00 TRY', '+10.000,00 TRY', '+18,34 %'],
  ] as const)(
    'detail in %s: totals, currency effect, holdings and TWR',
    async (locale, value, effect, twr) => {
      const html = await render(`${prefix[locale]}/${id}`)
      expect(html.replaceAll('\u00a0', ' ')).toContain(value)
      expect(html.replaceAll('\u00a0', ' ')).toContain(effect)
      expect(html.replaceAll('\u00a0', ' ')).toContain(twr)
      // Sortable headers: the value column is sorted, descending, by default.
      expect(html).toMatch(/<th scope="col" aria-sort="descending"><button/)
      expect(html).toContain(`href="${prefix[locale]}/${id}/transaction-THYAO-turk-hava-yollari"`)
    },
  )

  it('leads with the value chart, links its sections, and lists every transaction, cash ones too', async () => {
    const html = await render(`/en/portfolio/${id}`)
    const order = [
      'Value over time',
      'On this page',
      'id="holdings-heading"',
      'id="transactions-heading"',
    ]
    const positions = order.map((text) => html.indexOf(text))
    expect(positions.every((position) => position >= 0)).toBe(true)
    expect(positions).toEqual(positions.toSorted((a, b) => a - b))
    expect(html).toContain('href="#sales-heading"')
    expect(html).toMatch(
      /<td class="text">Deposit<\/td><td class="text instrument-cell">Cash<\/td>/,
    )
    expect(html).toContain('Show older transactions')
  })

  it('names invested capital by the kind of portfolio and warns of no cash below zero it has not', async () => {
    const html = await render(`/en/portfolio/${id}`)
    expect(html).toContain('<dt>Net invested</dt>')
    expect(html).toContain('Realized gain before tax')
    expect(html).not.toContain('Cash below zero')
  })

  it('starts an empty portfolio with its first step, not with figures of nothing', async () => {
    const html = await render(`/de/portfolio/${fixtures.EMPTY_PORTFOLIO_ID}`)
    expect(html).toContain('<h2 id="empty-portfolio-heading">Noch nichts gebucht</h2>')
    expect(html).toContain('>Buchung hinzufügen</button>')
    expect(html).toContain('>Aus Datei importieren</button>')
    // Nothing to add up, chart or download yet.
    expect(html).not.toContain('Summen')
    expect(html).not.toContain('Wertentwicklung')
    expect(html).not.toContain('download')
  })

  it('lists FIFO lots with their purchase date and holding period', async () => {
    const html = await render(`/de/portfolio/${id}`)
    expect(html).toContain('20 gekauft am 05.01.2026, 64 Tage gehalten')
  })

  it('shows an instrument with every transaction and its sale', async () => {
    const html = await render(`/en/portfolio/${id}/transaction-THYAO-turk-hava-yollari`)
    expect(html).toContain('THYAO · Türk Hava Yolları')
    expect(html).toContain('Edit Sell of 03/10/26')
    expect(html).toContain('Delete Buy of 01/05/26')
    // The position's open lot: 100 of the 120 bought, at 250 each, held 144 days.
    expect(html).toContain('Open lots')
    expect(html.replaceAll('\u00a0', ' ')).toContain(
      '<th scope="row">01/05/26</th><td>100</td><td>TRY 250.00</td><td>TRY 25,000.00</td><td>144 days</td>',
    )
  })

  it.each([
    ['tr', 'Emeklilik — Portföy — Kıymet', 'THYAO · Emeklilik — Kıymet'],
    ['en', 'Emeklilik — Portfolio — Kıymet', 'THYAO · Emeklilik — Kıymet'],
    ['de', 'Emeklilik – Portfolio – Kıymet', 'THYAO · Emeklilik – Kıymet'],
  ] as const)(
    'titles in %s name the portfolio and the instrument',
    async (locale, detail, lots) => {
      expect(await titleOf(`${prefix[locale]}/${id}`)).toBe(detail)
      expect(await titleOf(`${prefix[locale]}/${id}/transaction-thyao-turk-hava-yollari`)).toBe(
        lots,
      )
    },
  )

  it('keeps the route’s title while the answers are not known', async () => {
    expect(await titleOf(`/en/portfolio/${id}`, false)).toBe('Portfolio — Kıymet')
  })

  it('offers a price of the report day, typed the German way', async () => {
    const html = await render(`/de/portfolio/${id}/transaction-THYAO-turk-hava-yollari`)
    const input = /<input id="([^"]+)" type="text" inputMode="numeric"[^>]*>/.exec(html)
    expect(input?.[0]).toContain('value="29.05.2026"')
    expect(input?.[0]).toContain('placeholder="TT.MM.JJJJ"')
    expect(html).toContain(`<label for="${input?.[1]}">Datum (TT.MM.JJJJ)</label>`)
  })

  it("shows a Turkish resident a catalog share's market, which the catalog sets", async () => {
    const path = `/portfoyum/${id}/transaction-THYAO-turk-hava-yollari`
    const html = await render(path, { tax_residence: 'TR' })
    expect(html).toContain('<h2 id="tax-details-heading">Vergi bilgileri</h2>')
    expect(html).toContain('<dt>İşlem gördüğü piyasa</dt><dd>Borsa İstanbul</dd>')
    expect(html).toContain('burada değiştirilemez')
    expect(await render(path, { tax_residence: 'DE' })).not.toContain('Vergi bilgileri')
  })

  it('links a Turkish resident’s lira portfolio to its Turkish tax, this year and last', async () => {
    const html = await render(`/portfoyum/${id}`, { tax_residence: 'TR' })
    expect(html).toContain('<h2 id="tax-heading">Vergi</h2>')
    expect(html).toContain(`<a href="/portfoyum/${id}/vergi/2026">2026, bugüne kadar</a>`)
    expect(html).toContain(
      `<a href="/portfoyum/${id}/vergi/2025">2025, Mart 2026 beyannamesi için</a>`,
    )
    expect(await render(`/portfoyum/${id}`, { tax_residence: 'DE' })).not.toContain('tax-heading')
  })

  it("offers the tax details of the user's own instruments only", async () => {
    const path = `/en/portfolio/${id}/transaction-THYAO-turk-hava-yollari`
    expect(await render(path)).not.toContain('Tax details')
    const reportPath = portfolioQueries.report(id).queryKey[0]
    const catalogs = API[reportPath]
    const own = structuredClone(fixtures.report)
    for (const holding of own.holdings) holding.instrument.own = true
    API[reportPath] = reportSchema.parse(own)
    try {
      const html = await render(path)
      expect(html).toContain('<h2 id="tax-details-heading">Tax details</h2>')
      expect(html).toContain('What the tax figures need to know of your instrument.')
    } finally {
      API[reportPath] = catalogs
    }
  })

  it('makes an instrument the portfolio never held a 404', async () => {
    const match = matchRoute(`/en/portfolio/${id}/transaction-SAP-sap-se`)!
    const page = await loadPage(match.name)
    expect(await collectApiSnapshot(page.apiSnapshot!, match, read, 0)).toEqual({
      kind: 'not-found',
    })
  })
})
