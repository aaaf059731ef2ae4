import { describe, expect, it } from 'vitest'
import { parseCoinGeckoChart } from '../../worker/quotes/coingecko-json'
import { coinGeckoChart } from './coingecko-chart'

const NOW = new Date('2026-03-08T10:15:00Z')
const query = (vs_currency: string, days: string) =>
  new URLSearchParams({ vs_currency, days, interval: 'daily' })

describe('coinGeckoChart', () => {
  it.each(['bitcoin', 'ethereum', 'some-new-coin'])(
    'answers %s every day up to yesterday, and the price now last',
    (id) => {
      const answer = coinGeckoChart(id, query('usd', '30'), NOW)
      expect(answer.status).toBe(200)
      const closes = parseCoinGeckoChart(answer.body, id, 'USD')
      expect(closes).toHaveLength(31)
      expect(closes.at(-1)?.date).toBe('2026-03-07')
      expect(closes[0]?.date).toBe('2026-02-05')
      const prices = JSON.parse(answer.body).prices as [number, number][]
      expect(prices.at(-1)?.[0]).toBe(NOW.getTime())
      expect(prices.at(-2)?.[0]).toBe(Date.parse('2026-03-08T00:00:00Z'))
      expect(prices.every(([, price]) => price > 0)).toBe(true)
    },
  )

  it('has bitcoin near its level, in the currency asked', () => {
    const usd = parseCoinGeckoChart(
      coinGeckoChart('bitcoin', query('usd', '5'), NOW).body,
      'bitcoin',
      'USD',
    )
    const eur = parseCoinGeckoChart(
      coinGeckoChart('bitcoin', query('eur', '5'), NOW).body,
      'bitcoin',
      'EUR',
    )
    const tl = parseCoinGeckoChart(
      coinGeckoChart('bitcoin', query('try', '5'), NOW).body,
      'bitcoin',
      'TRY',
    )
    const last = (closes: { close: string }[]) => Number(closes.at(-1)?.close)
    expect(last(usd)).toBeGreaterThan(50_000)
    expect(last(usd)).toBeLessThan(200_000)
    expect(last(eur) / last(usd)).toBeGreaterThan(0.7)
    expect(last(eur) / last(usd)).toBeLessThan(1)
    expect(last(tl) / last(usd)).toBeGreaterThan(25)
  })

  it('reaches a year back at most', () => {
    const closes = parseCoinGeckoChart(
      coinGeckoChart('bitcoin', query('usd', '365'), NOW).body,
      'bitcoin',
      'USD',
    )
    expect(closes.length).toBeGreaterThanOrEqual(364)
  })

  it('answers as CoinGecko does for an unknown coin or currency', () => {
    expect(coinGeckoChart('Bit Coin', query('usd', '5'), NOW)).toEqual({
      status: 404,
      body: '{"error":"coin not found"}',
    })
    expect(coinGeckoChart('bitcoin', query('xyz', '5'), NOW).status).toBe(400)
  })
})
