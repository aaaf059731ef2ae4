import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Performance } from '../../shared/api/schemas/report'
import { I18nContext } from '../app/i18n-context'
import type { Locale } from '../../shared/i18n/locales'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { ValueChart } from './value-chart'

async function render(locale: Locale, node: ReactNode): Promise<string> {
  const translator = createTranslator(locale, await loadMessages(locale))
  return renderToStaticMarkup(<I18nContext value={translator}>{node}</I18nContext>)
}

const performance: Performance = {
  baseCurrency: 'EUR',
  from: '2026-02-01',
  to: '2026-02-03',
  points: [
    { date: '2026-02-01', value: 1000, investedCapital: 1000 },
    { date: '2026-02-02', value: 1012.5, investedCapital: 1000 },
    { date: '2026-02-03', value: 2050.25, investedCapital: 2000 },
  ],
  valueChange: 1050.25,
  twr: { cumulative: 0.0125, annualized: null },
  mwr: { rate: null, reason: 'no_solution' },
}

describe('ValueChart', () => {
  it('gives every point as a table row in the locale format', async () => {
    const html = await render(
      'de',
      <ValueChart performance={performance} range="1M" onRangeChange={() => {}} />,
    )
    const rows = [
      ...html.matchAll(/<tr><th scope="row">([^<]+)<\/th><td[^>]*>([^<]+)<\/td><td[^>]*>([^<]+)</g),
    ]
    expect(rows.map((row) => row.slice(1))).toEqual([
      ['01.02.2026', '1.000,00\u00a0€', '1.000,00\u00a0€'],
      ['02.02.2026', '1.012,50\u00a0€', '1.000,00\u00a0€'],
      ['03.02.2026', '2.050,25\u00a0€', '2.000,00\u00a0€'],
    ])
    expect(html).toContain('vom 01.02.2026 bis 03.02.2026, in EUR.')
  })

  it('shows the returns signed, and why a money-weighted return is missing', async () => {
    const html = await render(
      'en',
      <ValueChart performance={performance} range="1M" onRangeChange={() => {}} />,
    )
    expect(html).toContain('<span class="gain">+1.25%</span>')
    expect(html).toContain('No rate fits these payments.')
  })

  it.each([
    ['en', '<span class="gain">+25.11% per year</span>', '>per year<'],
    ['tr', '<span class="gain">Yıllık +%25,11</span>', '>Yıllık<'],
    ['de', '<span class="gain">+25,11\u00a0% pro Jahr</span>', '>pro Jahr<'],
  ] as const)(
    'in %s reads the money-weighted return as a yearly rate, with no label standing alone',
    async (locale, rate, alone) => {
      const withRate = { ...performance, mwr: { rate: 0.2511, reason: null } }
      const html = await render(
        locale,
        <ValueChart performance={withRate} range="1M" onRangeChange={() => {}} />,
      )
      expect(html).toContain(rate)
      expect(html).not.toContain(alone)
      const without = await render(
        locale,
        <ValueChart performance={performance} range="1M" onRangeChange={() => {}} />,
      )
      expect(without).not.toContain(alone)
    },
  )

  it('marks the range shown as pressed', async () => {
    const html = await render(
      'tr',
      <ValueChart performance={performance} range="YTD" onRangeChange={() => {}} />,
    )
    expect(html.match(/aria-pressed="true"[^>]*>([^<]+)</)?.[1]).toBe('YBB')
    expect(html.match(/aria-pressed="true"/g)).toHaveLength(1)
  })

  it('says so when the range has no values, with no table', async () => {
    const empty = { ...performance, points: [], twr: null, mwr: null }
    const html = await render(
      'en',
      <ValueChart performance={empty} range="1M" onRangeChange={() => {}} />,
    )
    expect(html).toContain('No values for this period yet.')
    expect(html).not.toContain('<table')
  })
})

describe('ValueChart in a measure', () => {
  const real: Performance = {
    ...performance,
    baseCurrency: 'TRY',
    from: '2024-01-01',
    to: '2024-12-31',
    twr: { cumulative: 1.4 / 1.5 - 1, annualized: null },
    mwr: { rate: 1.4 / 1.5 - 1, reason: null },
    measure: {
      kind: 'real',
      measure: 'real',
      index: 'TR-TUFE',
      start: { month: '2023-12', valueMonth: '2023-12', value: '100', provisional: false },
      end: { month: '2024-12', valueMonth: '2024-10', value: '150', provisional: true },
      provisional: true,
      nominal: {
        twr: { cumulative: 0.4, annualized: null },
        mwr: { rate: 0.4, reason: null },
      },
    },
  }

  it('shows the real return with the nominal beside it, the index used and its provisional month', async () => {
    const html = await render(
      'en',
      <ValueChart performance={real} range="1Y" onRangeChange={() => {}} />,
    )
    expect(html).toContain('<span class="loss">-6.67%</span>')
    expect(html).toContain('nominal +40.00%')
    expect(html).toContain('Real: amounts in the money of 12/31/24, deflated by TÜFE.')
    expect(html).toContain('TÜFE December 2023: 100, October 2024: 150 (+50.00%).')
    expect(html).toContain('Provisional: December 2024 is not published yet')
  })

  it('names the rates of a return in another currency, in German', async () => {
    const dollars: Performance = {
      ...real,
      baseCurrency: 'USD',
      twr: { cumulative: -0.02, annualized: null },
      measure: {
        kind: 'currency',
        measure: 'USD',
        portfolioCurrency: 'TRY',
        start: { date: '2023-12-31', value: '0.03571428571' },
        end: { date: '2024-12-31', value: '0.025' },
        nominal: { twr: { cumulative: 0.4, annualized: null }, mwr: null },
      },
    }
    const html = await render(
      'de',
      <ValueChart performance={dollars} range="1Y" onRangeChange={() => {}} />,
    )
    expect(html).toContain('nominal +40,00\u00a0%')
    expect(html).toContain(
      '1 TRY = 0,0357143 USD am 31.12.2023, 0,025 USD am 31.12.2024 (-30,00\u00a0%).',
    )
  })
})
