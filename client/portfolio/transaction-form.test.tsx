import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Transaction } from '../../shared/api/schemas/transaction'
import { SIGNED_OUT_VIEW, type ViewerUser } from '../../shared/auth/viewer'
import { I18nContext } from '../app/i18n-context'
import { SessionContext } from '../auth/user-store'
import type { Locale } from '../../shared/i18n/locales'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { taxSettingsOf } from '../../shared/tax/tax-settings'
import { TransactionForm, type TransactionFormProps } from './transaction-form'

async function render(locale: Locale, node: ReactNode, user?: ViewerUser): Promise<string> {
  const translator = createTranslator(locale, await loadMessages(locale))
  const session = user
    ? { ...SIGNED_OUT_VIEW, viewer: { status: 'signed-in' as const, user, mfaDevices: [] } }
    : SIGNED_OUT_VIEW
  return renderToStaticMarkup(
    <I18nContext value={translator}>
      <SessionContext value={session}>{node}</SessionContext>
    </I18nContext>,
  )
}

// The form starts on the user's day when it opens.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-03-02T12:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
})

const PORTFOLIO = '0b8f3c1e-6f1d-4a57-9a0e-3c2d1b4a5e6f'
const never = () => new Promise<never>(() => {})
const callbacks: Omit<TransactionFormProps, 'portfolio'> = {
  onSubmit: never,
  onCancel: () => {},
  searchInstruments: never,
  createInstrument: never,
  lookupFx: never,
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
      <TransactionForm
        portfolio={{ id: PORTFOLIO, baseCurrency: 'TRY', recordsCash: false }}
        {...callbacks}
      />,
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

  describe("starts on the user's day in their time zone", () => {
    const user = (settings: Pick<ViewerUser, 'locale' | 'timeZone'>): ViewerUser => ({
      id: 'u',
      email: 'a@example.com',
      name: null,
      tax: taxSettingsOf({}),
      aal: 'aal1',
      ...settings,
    })
    const portfolio = { id: PORTFOLIO, baseCurrency: 'TRY', recordsCash: false }
    const startDate = (html: string) => /name="tradeDate"[^>]*value="([^"]+)"/.exec(html)?.[1]

    // 22:30 UTC on New Year's Day is 01:30 on 2 January in Istanbul.
    beforeEach(() => vi.setSystemTime(new Date('2026-01-01T22:30:00Z')))

    it('the zone chosen in the profile', async () => {
      const chosen = user({ locale: 'en', timeZone: 'Europe/Istanbul' })
      const html = await render(
        'en',
        <TransactionForm portfolio={portfolio} {...callbacks} />,
        chosen,
      )
      expect(startDate(html)).toBe('01/02/2026')
    })

    it('else the zone of their language', async () => {
      const turkish = user({ locale: 'tr', timeZone: null })
      const html = await render(
        'tr',
        <TransactionForm portfolio={portfolio} {...callbacks} />,
        turkish,
      )
      expect(startDate(html)).toBe('02.01.2026')
      const english = user({ locale: 'en', timeZone: null })
      expect(
        startDate(
          await render('en', <TransactionForm portfolio={portfolio} {...callbacks} />, english),
        ),
      ).toBe('01/01/2026')
    })
  })

  it('offers deposits and withdrawals where the portfolio records cash', async () => {
    const html = await render(
      'de',
      <TransactionForm
        portfolio={{ id: PORTFOLIO, baseCurrency: 'EUR', recordsCash: true }}
        {...callbacks}
      />,
    )
    expect(html).toContain('<option value="DEPOSIT">Einzahlung</option>')
    expect(html).toContain('<option value="WITHDRAWAL">Auszahlung</option>')
  })

  it('edits a foreign dividend with its amounts in the locale format', async () => {
    const html = await render(
      'de',
      <TransactionForm
        portfolio={{ id: PORTFOLIO, baseCurrency: 'TRY', recordsCash: false }}
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
      <TransactionForm
        portfolio={{ id: PORTFOLIO, baseCurrency: 'TRY', recordsCash: false }}
        {...callbacks}
      />,
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
      <TransactionForm
        portfolio={{ id: PORTFOLIO, baseCurrency: 'TRY', recordsCash: true }}
        {...callbacks}
      />,
    )
    const targets = [...html.matchAll(/<label for="([^"]+)"/g)].map((match) => match[1])
    expect(targets.length).toBeGreaterThan(5)
    for (const id of targets) expect(html).toContain(`id="${id}"`)
    expect(html).toContain('role="combobox"')
  })
})
