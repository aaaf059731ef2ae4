import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Transaction } from '../../shared/api/schemas/transaction'
import { I18nContext } from '../app/i18n-context'
import type { Locale } from '../../shared/i18n/locales'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { TransactionForm, type TransactionFormProps } from './transaction-form'

async function render(locale: Locale, node: ReactNode): Promise<string> {
  const translator = createTranslator(locale, await loadMessages(locale))
  return renderToStaticMarkup(<I18nContext value={translator}>{node}</I18nContext>)
}

const never = () => new Promise<never>(() => {})
const callbacks: Omit<TransactionFormProps, 'portfolio'> = {
  onSubmit: never,
  onCancel: () => {},
  searchInstruments: never,
  createInstrument: never,
  lookupFx: never,
  today: '2026-03-02',
}

/** The visible labels, in order. */
function labels(html: string): string[] {
  return [...html.matchAll(/<label for="[^"]+">([^<]+)<\/label>/g)].map((match) => match[1] ?? '')
}

const dividend = {
  id: '7d1b0c3e-45a6-4c8e-9a36-0f1e2d3c4b5a',
  type: 'DIVIDEND',
  tradeDate: '2025-06-10',
  instrument: {
    id: '5b0f5f6e-9a4e-4d43-8f59-0c7b7b1f2a10',
    code: 'AAPL',
    name: 'Apple Inc.',
    type: 'STOCK',
    currency: 'USD',
    exchange: 'NASDAQ',
    isin: 'US0378331005',
    slug: 'apple',
    own: false,
  },
  currency: 'USD',
  fxRate: '32.5',
  quantity: null,
  unitPrice: null,
  amount: '1234.5',
  fee: '0',
  tax: '185.18',
  splitRatio: null,
  acquiredDate: null,
  acquisitionFxRate: null,
  note: null,
} as unknown as Transaction

describe('TransactionForm', () => {
  it('starts as a purchase of today with the fields a purchase needs', async () => {
    const html = await render(
      'en',
      <TransactionForm portfolio={{ baseCurrency: 'TRY', recordsCash: false }} {...callbacks} />,
    )
    expect(labels(html)).toEqual([
      'Type',
      'Date',
      'Instrument',
      'Currency',
      'Quantity',
      'Price per unit (TRY)',
      'Fee (TRY)',
      'Tax (TRY)',
      'Note (optional)',
    ])
    expect(html).toContain('value="03/02/2026"')
    expect(html).not.toContain('value="DEPOSIT"')
    expect(html).toContain('>Add transaction<')
  })

  it('offers deposits and withdrawals where the portfolio records cash', async () => {
    const html = await render(
      'de',
      <TransactionForm portfolio={{ baseCurrency: 'EUR', recordsCash: true }} {...callbacks} />,
    )
    expect(html).toContain('<option value="DEPOSIT">Einzahlung</option>')
    expect(html).toContain('<option value="WITHDRAWAL">Auszahlung</option>')
  })

  it('edits a foreign dividend with its amounts in the locale format', async () => {
    const html = await render(
      'de',
      <TransactionForm
        portfolio={{ baseCurrency: 'TRY', recordsCash: false }}
        initial={dividend}
        {...callbacks}
      />,
    )
    expect(labels(html)).toEqual([
      'Art',
      'Datum',
      'Wertpapier',
      'Wechselkurs (TRY je 1 USD)',
      'Bruttodividende (USD)',
      'Gebühren (USD)',
      'Quellensteuer (USD)',
      'Notiz (optional)',
    ])
    expect(html).toContain('value="AAPL — Apple Inc."')
    expect(html).toContain('value="1.234,5"')
    expect(html).toContain('value="185,18"')
    expect(html).toContain('value="32,5"')
    expect(html).toContain('name="tradeDate" value="10.06.2025"')
    expect(html).toContain('>Änderungen speichern<')
  })

  it('takes the date as text in the locale pattern, which its hint names', async () => {
    const html = await render(
      'tr',
      <TransactionForm portfolio={{ baseCurrency: 'TRY', recordsCash: false }} {...callbacks} />,
    )
    const input = /<input id="([^"]+)" aria-describedby="([^"]+)"[^>]*name="tradeDate"[^>]*>/.exec(
      html,
    )
    expect(input?.[0]).toContain('type="text"')
    expect(input?.[0]).toContain('inputMode="numeric"')
    expect(input?.[0]).toContain('placeholder="GG.AA.YYYY"')
    expect(input?.[0]).toContain('value="02.03.2026"')
    expect(html).toContain(`<p id="${input?.[2]}" class="field__hint">GG.AA.YYYY biçiminde</p>`)
    expect(html).not.toContain('type="date"')
  })

  it('ties every label to its control', async () => {
    const html = await render(
      'tr',
      <TransactionForm portfolio={{ baseCurrency: 'TRY', recordsCash: true }} {...callbacks} />,
    )
    const targets = [...html.matchAll(/<label for="([^"]+)"/g)].map((match) => match[1])
    expect(targets.length).toBeGreaterThan(5)
    for (const id of targets) expect(html).toContain(`id="${id}"`)
    expect(html).toContain('role="combobox"')
  })
})
