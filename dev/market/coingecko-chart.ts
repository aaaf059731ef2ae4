import {
  PRICE_PROVIDER_RULES,
  PRICE_SYMBOL_MAX_LENGTH,
} from '../../shared/portfolio/price-providers'
import { fxSeriesOf } from './fx-series'
import { coinSeries } from './instrument-series'
import { HISTORY_DAYS } from './market-series'

const DAY_MS = 86_400_000

export interface CoinGeckoAnswer {
  status: number
  body: string
}

/** A price as CoinGecko writes it: a float of about twelve significant digits. */
const written = (value: number) => String(Number(value.toPrecision(12)))

/**
 * CoinGecko's `GET /coins/{id}/market_chart?vs_currency=&days=&interval=daily` for any coin id:
 * a point at 00:00 UTC of each of the last `days` days and today (each the price the day before
 * ended on) and the price now as the last point, in `vs_currency` (converted from dollars at the
 * day's reference rate), with `market_caps` and `total_volumes` beside. An id that is no coin id
 * answers 404 `{"error":"coin not found"}`, a currency not known here 400.
 */
export function coinGeckoChart(id: string, search: URLSearchParams, now: Date): CoinGeckoAnswer {
  if (id.length > PRICE_SYMBOL_MAX_LENGTH || !PRICE_PROVIDER_RULES.coingecko.symbol.test(id)) {
    return { status: 404, body: '{"error":"coin not found"}' }
  }
  const currency = (search.get('vs_currency') ?? '').toUpperCase()
  const asked = search.get('days') ?? ''
  const days = asked === 'max' ? HISTORY_DAYS : Math.floor(Number(asked))
  if (!Number.isFinite(days) || days < 1) {
    return { status: 400, body: '{"error":"invalid days"}' }
  }
  const today = now.toISOString().slice(0, 10)
  const rates = fxSeriesOf(today)
  if (rates.unitsPerUsdOn(currency, today) === null) {
    return { status: 400, body: '{"error":"invalid vs_currency"}' }
  }
  const series = coinSeries(id, today)
  const midnight = Date.parse(`${today}T00:00:00Z`)
  const first = midnight - Math.min(days, HISTORY_DAYS) * DAY_MS
  const points: [number, number][] = []
  series.dates.forEach((date, index) => {
    const perUsd = rates.unitsPerUsdOn(currency, date) ?? Number.NaN
    const price = (series.levels[index] ?? Number.NaN) * perUsd
    // The price a day ended on is the point at the next day's 00:00 UTC; today's is now's.
    const time = date === today ? now.getTime() : Date.parse(`${date}T00:00:00Z`) + DAY_MS
    if (time >= first) points.push([time, price])
  })
  const list = (scale: number) =>
    `[${points.map(([time, price]) => `[${time},${written(price * scale)}]`).join(',')}]`
  const supply = 1e6 + (id.length * 7_919_000) / 3
  return {
    status: 200,
    body: `{"prices":${list(1)},"market_caps":${list(supply)},"total_volumes":${list(supply / 40)}}`,
  }
}
