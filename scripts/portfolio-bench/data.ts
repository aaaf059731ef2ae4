// The portfolio engine's benchmark data: a given number of transactions across 100 instruments
// with 5 years of daily prices, generated from a fixed seed, so every run sees the same portfolio.
import type { PortfolioInput, SeriesPoint, TransactionInput } from '../../worker/portfolio'

/** The date every analysis of the benchmark is as of: the last day of the prices. */
export const AS_OF = '2024-12-31'

export const INSTRUMENTS = 100
const YEARS = 5
const FIRST_DAY = Date.UTC(2025 - YEARS, 0, 1)
export const BASE = 'TRY'
const MILLISECONDS_PER_DAY = 86_400_000

/** mulberry32: a small seeded generator, so every run sees the same data. */
function seededRandom(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state)
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296
  }
}

interface Instrument {
  code: string
  currency: string
  closes: number[]
}

/** The benchmark's portfolio, its transactions in trade-date and sequence order. */
export function generatePortfolio(transactionCount: number): PortfolioInput {
  const random = seededRandom(20261122)
  const dates: string[] = []
  const lastDay = Date.UTC(2025, 0, 1)
  for (let time = FIRST_DAY; time < lastDay; time += MILLISECONDS_PER_DAY) {
    const weekday = new Date(time).getUTCDay()
    if (weekday !== 0 && weekday !== 6) dates.push(new Date(time).toISOString().slice(0, 10))
  }

  const walk = (start: number, volatility: number, drift: number): number[] => {
    const values: number[] = []
    let value = start
    for (let index = 0; index < dates.length; index++) {
      value *= 1 + drift + (random() - 0.5) * volatility
      values.push(value)
    }
    return values
  }
  const fx: Record<string, number[]> = {
    USD: walk(2.3, 0.01, 0.0012),
    EUR: walk(2.8, 0.01, 0.0011),
  }
  const fxRates: Record<string, SeriesPoint[]> = {}
  for (const [currency, values] of Object.entries(fx)) {
    fxRates[`${currency}/${BASE}`] = values.map((value, index) => ({
      date: dates[index] ?? '',
      value: value.toFixed(4),
    }))
  }

  const instruments: Instrument[] = []
  const prices: Record<string, SeriesPoint[]> = {}
  for (let index = 0; index < INSTRUMENTS; index++) {
    const draw = random()
    const currency = draw < 0.6 ? BASE : draw < 0.9 ? 'USD' : 'EUR'
    const closes = walk(5 + random() * 200, 0.04, 0.0003)
    const code = `I${String(index).padStart(3, '0')}`
    instruments.push({ code, currency, closes })
    // Series share their date strings, as when built from one trading calendar.
    prices[code] = closes.map((close, day) => ({ date: dates[day] ?? '', value: close.toFixed(2) }))
  }

  const held = new Map<string, number>()
  const transactions: TransactionInput[] = []
  const tradeDays = Array.from({ length: transactionCount }, () =>
    Math.floor(random() * dates.length),
  ).sort((a, b) => a - b)
  for (let sequence = 0; sequence < transactionCount; sequence++) {
    const day = tradeDays[sequence] ?? 0
    const instrument = instruments[Math.floor(random() * INSTRUMENTS)] as Instrument
    const currency = instrument.currency
    const common = {
      id: `t${sequence}`,
      sequence,
      tradeDate: dates[day] ?? '',
      currency,
      fxRate: currency === BASE ? null : (fx[currency]?.[day] ?? 1).toFixed(4),
    }
    const price = ((instrument.closes[day] ?? 1) * (0.99 + random() * 0.02)).toFixed(2)
    const quantity = held.get(instrument.code) ?? 0
    const draw = random()
    if (sequence % 50 === 0) {
      transactions.push({
        ...common,
        type: 'DEPOSIT',
        amount: (1000 + random() * 50_000).toFixed(2),
      })
    } else if (quantity > 0 && draw < 0.3) {
      const sold = draw < 0.05 ? quantity : Math.max(1, Math.floor(quantity * random()))
      held.set(instrument.code, quantity - sold)
      transactions.push({
        ...common,
        type: 'SELL',
        instrumentCode: instrument.code,
        quantity: String(sold),
        unitPrice: price,
        fee: (random() * 5).toFixed(2),
      })
    } else if (quantity > 0 && draw < 0.38) {
      transactions.push({
        ...common,
        type: 'DIVIDEND',
        instrumentCode: instrument.code,
        amount: (quantity * random() * 0.5 + 0.01).toFixed(2),
        tax: (random() * 0.5).toFixed(2),
      })
    } else if (draw < 0.385) {
      transactions.push({ ...common, type: 'FEE', amount: (random() * 20 + 0.01).toFixed(2) })
    } else {
      const bought = 1 + Math.floor(random() * 100)
      held.set(instrument.code, quantity + bought)
      transactions.push({
        ...common,
        type: 'BUY',
        instrumentCode: instrument.code,
        quantity: String(bought),
        unitPrice: price,
        fee: (random() * 5).toFixed(2),
      })
    }
  }
  return {
    portfolio: { baseCurrency: BASE, costBasisMethod: 'AVERAGE', recordsCash: true },
    transactions: received(transactions),
    prices,
    fxRates,
  }
}

/**
 * Rows as the worker receives them: parsed from JSON in the order given, so their objects and
 * strings lie in memory as a real response's do.
 */
function received<T>(rows: readonly T[]): T[] {
  const parsed: T[] = []
  // In pieces, so no one large JSON text inflates the peak memory the benchmark reports.
  for (let start = 0; start < rows.length; start += 5_000) {
    parsed.push(...(JSON.parse(JSON.stringify(rows.slice(start, start + 5_000))) as T[]))
  }
  return parsed
}
