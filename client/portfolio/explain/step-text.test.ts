import { describe, expect, it } from 'vitest'
import type { Explanation, ExplanationStep } from '../../../shared/api/schemas'
import { loadMessages } from '../../../shared/i18n/messages'
import { createTranslator } from '../../../shared/i18n/translator'
import { labelText, noteText, valueText } from './step-text'

const THYAO = '11111111-1111-4111-8111-111111111111'

const explanation: Explanation = {
  figure: 'totals.dividends',
  formula: 'totals.dividends',
  arithmetic: 'decimal',
  value: '1234.5',
  kind: 'amount',
  currency: 'TRY',
  baseCurrency: 'TRY',
  steps: [],
  notes: [],
  instruments: {
    [THYAO]: {
      id: THYAO,
      code: 'THYAO',
      name: 'Türk Hava Yolları',
      slug: 'turk-hava-yollari',
      type: 'STOCK',
      currency: 'TRY',
      exchange: 'BIST',
      isin: null,
      priceProvider: null,
      priceSymbol: null,
      owned: false,
    } as unknown as Explanation['instruments'][string],
  },
}

function step(changes: Partial<ExplanationStep>): ExplanationStep {
  return {
    op: null,
    kind: 'amount',
    label: 'transaction',
    params: {},
    value: '0',
    currency: 'TRY',
    source: null,
    figure: null,
    parts: null,
    ...changes,
  }
}

async function translators(locale: 'tr' | 'en' | 'de') {
  const messages = await loadMessages(locale)
  const app = createTranslator(locale, messages)
  return { app, texts: app }
}

describe('the words of an explanation step', () => {
  it('name a transaction by its type and date, and a foreign amount in its currency', async () => {
    const { app, texts } = await translators('de')
    const dividend = step({
      params: { amount: '12.5', amountCurrency: 'USD' },
      source: {
        kind: 'transaction',
        transactionId: '22222222-2222-4222-8222-222222222222',
        type: 'DIVIDEND',
        date: '2024-05-15',
        instrumentId: THYAO,
      },
    })
    expect(labelText(app, texts, dividend, explanation)).toBe(
      'Dividende, 15.05.2024 (12,50\u00a0$)',
    )
  })

  it('fill a lot with its date and units, and a holding with its code', async () => {
    const { app, texts } = await translators('tr')
    const lot = step({ label: 'lot', params: { quantity: '1250.5', acquired: '2023-03-01' } })
    expect(labelText(app, texts, lot, explanation)).toContain('01.03.2023')
    expect(labelText(app, texts, lot, explanation)).toContain('1.250,5')
    const holding = step({ label: 'holding', params: { instrument: THYAO } })
    expect(labelText(app, texts, holding, explanation)).toBe('THYAO')
  })

  it('write values as the page does: money, units, rates and returns', async () => {
    const { app } = await translators('en')
    expect(valueText(app, '31380', 'amount', 'TRY')).toBe('TRY\u00a031,380.00')
    expect(valueText(app, '600', 'quantity', null)).toBe('600')
    expect(valueText(app, '32.25', 'fxRate', null)).toBe('32.25')
    expect(valueText(app, 0.1677, 'fraction', null)).toBe('+16.77%')
    expect(valueText(app, -1845.11, 'cashFlow', 'TRY')).toBe('-TRY\u00a01,845.11')
    expect(valueText(app, null, 'fraction', null)).toBe('–')
  })

  it('count the holdings left out in the plural the language needs', async () => {
    const { app, texts } = await translators('en')
    const note = (count: number) =>
      noteText(app, texts, { label: 'staleLeftOut', params: { count } }, 'TRY')
    expect(note(1)).toMatch(/^1 holding with/)
    expect(note(3)).toMatch(/^3 holdings with/)
    const rate = noteText(app, texts, { label: 'balancingRate', params: { rate: -0.5557 } }, 'TRY')
    expect(rate).toContain('-55.57%')
    const flow = noteText(app, texts, { label: 'netFlow', params: { amount: 1500.5 } }, 'EUR')
    expect(flow).toContain('€1,500.50')
  })
})

describe('the words of a rate the law sets', () => {
  it('write it with its own digits, unsigned', async () => {
    const { app } = await translators('de')
    expect(valueText(app, '0.0253', 'rate', null)).toBe('2,53\u00a0%')
    expect(valueText(app, '0.7', 'rate', null)).toBe('70\u00a0%')
    expect(valueText(app, '0.055', 'rate', null)).toBe('5,5\u00a0%')
  })
})

describe('the words of a German tax explanation', () => {
  it('write a percentage with its own digits, and a year without grouping', async () => {
    const { app, texts } = await translators('de')
    const part = step({ label: 'germanTax.taxablePart', params: { percent: '0.3' } })
    expect(labelText(app, texts, part, explanation)).toBe(
      'Steuerpflichtig nach 30\u00a0% Teilfreistellung',
    )
    const basiszins = step({
      label: 'germanTax.basiszins',
      params: { year: 2025 },
      source: { kind: 'basiszins', year: 2025 },
    })
    expect(labelText(app, texts, basiszins, explanation)).toBe('Basiszins 2025')
    const received = noteText(
      app,
      texts,
      { label: 'germanTax.receivedOn', params: { year: 2025, date: '2026-01-02' } },
      'EUR',
    )
    expect(received).toBe(
      'Die Vorabpauschale für 2025 gilt am 02.01.2026 als zugeflossen: Sie ist Ertrag dieses Jahres.',
    )
    const credit = noteText(
      app,
      texts,
      { label: 'germanTax.creditable', params: { amount: '2.7', percent: '0.15' } },
      'EUR',
    )
    expect(credit).toMatch(/^2,70\u00a0€ der im Ausland .* höchstens 15\u00a0% des Bruttobetrags/)
  })
})

describe('the words of a Turkish tax explanation', () => {
  it('write a Yİ-ÜFE month by name, a bracket’s bounds in figures, and a test’s amounts in lira', async () => {
    const { app, texts } = await translators('tr')
    const indexed = step({
      label: 'turkishTax.indexedCost',
      params: { fromMonth: '2024-02', toMonth: '2025-05', percent: '0.375' },
    })
    expect(labelText(app, texts, indexed, explanation)).toBe(
      'Endekslenmiş maliyet: Yİ-ÜFE Şubat 2024 ile Mayıs 2025 arasında %37,5 arttı, en az %10',
    )
    const bracket = step({
      label: 'turkishTax.bracket',
      params: { below: '158000', top: '330000', percent: '0.2' },
    })
    expect(labelText(app, texts, bracket, explanation)).toBe('158.000 – 330.000 dilimi, %20')
    const { app: english, texts: words } = await translators('en')
    expect(
      noteText(
        english,
        words,
        {
          label: 'turkishTax.turkishDividendsTest.declared',
          params: { amount: '350000', threshold: '330000', year: 2025 },
        },
        'TRY',
      ),
    ).toBe(
      'TRY\u00a0350,000.00 exceeds TRY\u00a0330,000.00, the amount of 2025 (GVK 86/1-c): the half is declared and the whole stopaj credited.',
    )
  })
})

describe('the words of a measure’s steps and notes', () => {
  it('name the index and its month, and the rate’s currencies and dates, in each language', async () => {
    const index = step({
      kind: 'factor',
      label: 'priceIndex',
      params: { index: 'TR-TUFE', month: '2024-12', date: '2024-12-31' },
      value: '150',
      currency: null,
    })
    const rate = step({
      kind: 'fxRate',
      label: 'measureRate',
      params: { base: 'TRY', currency: 'USD', date: '2023-12-31', rateDate: '2023-12-29' },
      value: '0.03571428571428571429',
      currency: null,
    })
    const expected = {
      en: ['TÜFE of December 2024, in force on 12/31/24', '1 TRY in USD on 12/31/23'],
      tr: ['TÜFE, Aralık 2024; 31.12.2024 tarihinde geçerli', '31.12.2023 tarihinde 1 TRY kaç USD'],
      de: ['TÜFE für Dezember 2024, gültig am 31.12.2024', '1 TRY in USD am 31.12.2023'],
    } as const
    for (const locale of ['en', 'tr', 'de'] as const) {
      const { app, texts } = await translators(locale)
      expect(labelText(app, texts, index, explanation)).toBe(expected[locale][0])
      expect(labelText(app, texts, rate, explanation)).toContain(expected[locale][1])
      const note = noteText(
        app,
        texts,
        { label: 'measureReal', params: { index: 'EA-HICP-2025', date: '2024-12-31' } },
        'EUR',
      )
      expect(note).not.toContain('NaN')
      expect(note).toContain(app.t('portfolio.measure.indexes.EA-HICP-2025'))
    }
  })
})
