import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { LookupCandidate } from '../../shared/api/schemas'
import { I18nContext } from '../app/i18n-context'
import type { Locale } from '../../shared/i18n/locales'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { InstrumentLookup, LookupCandidates } from './instrument-lookup'

// The app's cache asks the API by the query's path; here nothing is ever asked.
const client = new QueryClient({
  defaultOptions: { queries: { queryFn: () => new Promise<never>(() => {}) } },
})

async function render(locale: Locale, node: ReactNode): Promise<string> {
  const translator = createTranslator(locale, await loadMessages(locale))
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <I18nContext value={translator}>{node}</I18nContext>
    </QueryClientProvider>,
  )
}

const vwra: LookupCandidate = {
  provider: 'yahoo',
  symbol: 'VWRA.L',
  code: 'VWRA',
  name: 'Vanguard FTSE All-World UCITS ETF USD Accumulation',
  type: 'ETF',
  currency: 'USD',
  exchange: 'LONDON',
  isin: 'IE00BK5BQT80',
}

const bitcoin: LookupCandidate = {
  provider: 'coingecko',
  symbol: 'bitcoin',
  code: 'BTC',
  name: 'Bitcoin',
  type: 'CRYPTO',
  currency: 'USD',
  exchange: null,
  isin: null,
}

describe('InstrumentLookup', () => {
  it('offers to ask the price services about what was typed, as a button', async () => {
    const html = await render('en', <InstrumentLookup query="vwra" onAdded={() => {}} />)
    expect(html).toContain(
      '<button type="button" class="button button--link">Not listed? Look it up at the price services</button>',
    )
    expect(html).toContain(
      'Yahoo Finance (shares, ETFs, funds) and CoinGecko (crypto) are asked about “vwra”.',
    )
  })

  it('speaks Turkish and German', async () => {
    const turkish = await render('tr', <InstrumentLookup query="thyao" onAdded={() => {}} />)
    expect(turkish).toContain('Listede yok mu? Fiyat servislerinde arayın')
    const german = await render('de', <InstrumentLookup query="vwce" onAdded={() => {}} />)
    expect(german).toContain('Nicht dabei? Bei den Kursdiensten suchen')
    expect(german).toContain('werden nach „vwce“ gefragt.')
  })
})

describe('LookupCandidates', () => {
  it('lists each with its code, name, exchange, currency and service, and an Add button', async () => {
    const html = await render(
      'en',
      <LookupCandidates candidates={[vwra, bitcoin]} adding={null} onAdd={() => {}} />,
    )
    expect(html).toContain('<span class="combobox__code">VWRA</span>')
    expect(html).toContain(
      '<span class="combobox__name">Vanguard FTSE All-World UCITS ETF USD Accumulation</span>',
    )
    expect(html).toContain('<span class="combobox__meta">LONDON · USD · Yahoo Finance</span>')
    // A coin has no exchange.
    expect(html).toContain('<span class="combobox__meta">USD · CoinGecko</span>')
    expect(html).toContain(
      '<button type="button" class="button button--small" aria-label="Add VWRA (LONDON · USD · Yahoo Finance)">Add</button>',
    )
  })

  it('keeps the buttons focusable but inert while one is added', async () => {
    const html = await render(
      'de',
      <LookupCandidates candidates={[vwra, bitcoin]} adding={vwra} onAdd={() => {}} />,
    )
    expect(html.match(/aria-disabled="true"/g)).toHaveLength(2)
    expect(html).toContain('aria-label="BTC hinzufügen (USD · CoinGecko)" aria-disabled="true">')
  })
})
