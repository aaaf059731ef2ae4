import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { I18nContext } from '../app/i18n-context'
import type { Locale } from '../../shared/i18n/locales'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { PriceChart, priceChartData, type PricePoint, type Trade } from './price-chart'

async function render(locale: Locale, node: ReactNode): Promise<string> {
  const translator = createTranslator(locale, await loadMessages(locale))
  return renderToStaticMarkup(<I18nContext value={translator}>{node}</I18nContext>)
}

const prices: PricePoint[] = [
  { date: '2026-01-05', close: '10.5', source: 'manual' },
  { date: '2026-01-06', close: '11', source: 'manual' },
  { date: '2026-01-08', close: '0.123456', source: 'manual' },
]
const trades: Trade[] = [
  {
    id: 'b',
    type: 'BUY',
    tradeDate: '2026-01-05',
    quantity: '10',
    unitPrice: '10.4',
    splitRatio: null,
  },
  {
    id: 's',
    type: 'SELL',
    tradeDate: '2026-01-07',
    quantity: '2.5',
    unitPrice: '11.2',
    splitRatio: null,
  },
  {
    id: 'd',
    type: 'DIVIDEND',
    tradeDate: '2026-01-08',
    quantity: null,
    unitPrice: null,
    splitRatio: null,
  },
]
const instrument = { code: 'XYZ', name: 'Xyz AG', currency: 'EUR', priceProvider: null }

describe('priceChartData', () => {
  it('aligns closes, buys and sells on the dates of either', () => {
    const { dates, data, trades: marked } = priceChartData(prices, trades)
    expect(dates).toEqual(['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08'])
    expect(data.slice(1)).toEqual([
      [10.5, 11, null, 0.123456],
      [10.4, null, null, null],
      [null, null, 11.2, null],
    ])
    expect(marked.map((trade) => trade.id)).toEqual(['b', 's'])
  })

  it('draws prices before a split divided by its ratio, and from its date as published', () => {
    const split: Trade = {
      id: 'x',
      type: 'SPLIT',
      tradeDate: '2026-01-06',
      quantity: null,
      unitPrice: null,
      splitRatio: '2:1',
    }
    const { data, adjusted } = priceChartData(prices, [...trades, split])
    expect(adjusted).toBe(true)
    expect(data.slice(1)).toEqual([
      [5.25, 11, null, 0.123456],
      [5.2, null, null, null],
      [null, null, 11.2, null],
    ])
    expect(priceChartData(prices, trades).adjusted).toBe(false)
  })
})

describe('PriceChart', () => {
  it('lists the trades and every close, prices with all their decimals', async () => {
    const html = await render(
      'de',
      <PriceChart instrument={instrument} prices={prices} transactions={trades} />,
    )
    const rows = [
      ...html.matchAll(/<tr><th scope="row">([^<]+)<\/th>((?:<td[^>]*>[^<]+<\/td>)+)/g),
    ].map((row) => [row[1], ...[...(row[2] ?? '').matchAll(/>([^<]+)</g)].map((cell) => cell[1])])
    expect(rows).toEqual([
      ['05.01.2026', 'Kauf', '10', '10,40\u00a0€'],
      ['07.01.2026', 'Verkauf', '2,5', '11,20\u00a0€'],
      ['05.01.2026', '10,50\u00a0€'],
      ['06.01.2026', '11,00\u00a0€'],
      ['08.01.2026', '0,123456\u00a0€'],
    ])
    expect(html).toContain('Kurs von Xyz AG')
  })

  it('says so when there are no prices and no trades', async () => {
    const html = await render(
      'tr',
      <PriceChart instrument={instrument} prices={[]} transactions={[]} />,
    )
    expect(html).toContain('Bu menkul kıymet için henüz fiyat yok.')
    expect(html).not.toContain('<table')
  })
})
