import type { Decimal } from '../../shared/decimal/decimal'
import { ONE, ZERO } from '../../shared/decimal/decimal'
import { fail } from './errors'
import type { Ledger, Observation, Position } from './ledger'
import type { MarketData } from './price-series'

/** Where a holding's price came from: a closing price, the last trade, or none (valued at cost). */
export type PriceSource = 'close' | 'trade' | 'cost'

/** An open position valued on a date. */
export interface PositionValue {
  position: Position
  /** The price it is valued at; null when valued at cost. */
  price: Observation | null
  source: PriceSource
  /** Base-currency units per unit of the position's currency: exactly 1 in the base currency. */
  fxRate: Decimal
  marketValue: Decimal
  marketValueBase: Decimal
}

/** The cash in one currency valued on a date: `balance` × `fxRate`, base currency. */
export interface CashValue {
  currency: string
  balance: Decimal
  fxRate: Decimal
  valueBase: Decimal
  /** What it was worth in the base currency when it arrived. */
  costBase: Decimal
}

/** The portfolio valued at the end of one date, in the base currency. */
export interface PortfolioValuation {
  /** Open positions only. */
  positions: PositionValue[]
  securitiesValue: Decimal
  /** Null when the portfolio does not record cash. */
  cashValue: Decimal | null
  /** Each currency's cash, valued (empty when the portfolio does not record cash). */
  cash: CashValue[]
  /** What exchange-rate moves added to cash held in other currencies. */
  cashCurrencyEffect: Decimal
  /** Securities plus cash. */
  value: Decimal
}

/** An FX rate as valuations read it: from the reference series, or from a transaction. */
export interface FxObservation extends Observation {
  origin: 'reference' | 'transaction'
}

/**
 * Base-currency units per unit of `currency` on `date` (not the base currency): the FX series'
 * rate in force (carried forward, no further than its last day in force), else the latest rate
 * recorded on a transaction in that currency.
 */
export function fxObservationOn(
  currency: string,
  date: string,
  market: MarketData,
  ledger: Ledger,
): FxObservation {
  const reference = market.fxSeries(currency)?.at(date) ?? null
  if (reference !== null) return { ...reference, origin: 'reference' }
  const observed = ledger.fxObserved.get(currency)
  if (observed === undefined) missingRate(currency, date, market)
  return { ...observed, origin: 'transaction' }
}

function missingRate(currency: string, date: string, market: MarketData): never {
  fail(
    'missing_fx_rate',
    `No ${currency}/${market.baseCurrency} rate on or before ${date}`,
    null,
    'fxRates',
  )
}

/** Base-currency units per unit of `currency` on `date`: exactly 1 for the base currency. */
export function fxRateOn(
  currency: string,
  date: string,
  market: MarketData,
  ledger: Ledger,
): Decimal {
  if (currency === market.baseCurrency) return ONE
  const rate = market.fxSeries(currency)?.at(date) ?? ledger.fxObserved.get(currency)
  if (rate === undefined) missingRate(currency, date, market)
  return rate.value
}

/**
 * The price a position is valued at on `date`: the latest close on or before it; before the first
 * known close, the price of its latest BUY or SELL; with neither (units only transferred in), none.
 */
export function unitPrice(
  position: Position,
  market: MarketData,
  date: string,
): { price: Observation | null; source: PriceSource } {
  const close = market.priceSeries(position.instrumentCode)?.at(date) ?? null
  if (close !== null) return { price: close, source: 'close' }
  return position.lastTrade === null
    ? { price: null, source: 'cost' }
    : { price: position.lastTrade, source: 'trade' }
}

/**
 * The one valuation rule, used by holdings, totals, year ends and the daily series: a position is
 * worth its units × its {@link unitPrice}, or its cost when it has none; each currency converts at
 * its rate on the date.
 */
export function valuePortfolio(
  ledger: Ledger,
  market: MarketData,
  date: string,
): PortfolioValuation {
  const rates = new Map<string, Decimal>()
  const rateOf = (currency: string): Decimal => {
    let rate = rates.get(currency)
    if (rate === undefined) {
      rate = fxRateOn(currency, date, market, ledger)
      rates.set(currency, rate)
    }
    return rate
  }
  const positions: PositionValue[] = []
  let securitiesValue = ZERO
  for (const position of ledger.positions.values()) {
    const { quantity, cost } = position.basis
    if (quantity.isZero()) continue
    const { price, source } = unitPrice(position, market, date)
    const fxRate = rateOf(position.currency)
    const marketValue = price === null ? cost : quantity.times(price.value)
    const marketValueBase = marketValue.times(fxRate)
    securitiesValue = securitiesValue.plus(marketValueBase)
    positions.push({ position, price, source, fxRate, marketValue, marketValueBase })
  }
  let cashValue: Decimal | null = null
  let cashCurrencyEffect = ZERO
  const cash: CashValue[] = []
  if (ledger.settings.recordsCash) {
    cashValue = ZERO
    for (const [currency, balance] of ledger.cash) {
      const fxRate = rateOf(currency)
      const valueBase = balance.amount.times(fxRate)
      cashValue = cashValue.plus(valueBase)
      cashCurrencyEffect = cashCurrencyEffect.plus(valueBase.minus(balance.costBase))
      cash.push({
        currency,
        balance: balance.amount,
        fxRate,
        valueBase,
        costBase: balance.costBase,
      })
    }
  }
  return {
    positions,
    securitiesValue,
    cashValue,
    cash,
    cashCurrencyEffect,
    value: cashValue === null ? securitiesValue : securitiesValue.plus(cashValue),
  }
}
