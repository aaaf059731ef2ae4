import type { Decimal } from './decimal'
import { DecimalSum, ONE, ZERO, toBase } from './decimal'
import { fail } from './errors'
import type { Ledger, Position } from './ledger'
import type { MarketData, Observation } from './price-series'

/** Where a holding's price came from: a closing price, the last trade, or none (valued at cost). */
export type PriceSource = 'close' | 'trade' | 'cost'

export interface PricedUnit {
  price: Observation | null
  source: PriceSource
}

/**
 * The price a position is valued at: the latest close on or before the date; before the first
 * known close, the price of the latest BUY or SELL; with neither (units only transferred in), none.
 */
function pricedUnit(position: Position, close: Observation | null): PricedUnit {
  if (close !== null) return { price: close, source: 'close' }
  if (position.lastTradePrice !== null) return { price: position.lastTradePrice, source: 'trade' }
  return { price: null, source: 'cost' }
}

/** Market value in the instrument's currency; at cost when no price is known. */
function marketValue(position: Position, price: Observation | null): Decimal {
  const quantity = position.basis.quantity
  if (quantity.isZero()) return ZERO
  return price === null ? position.basis.cost : quantity.times(price.value)
}

/**
 * Base-currency units per unit of `currency` on `date`: the FX series carried forward, else the
 * latest rate recorded on a transaction in that currency.
 */
function fxRateOn(currency: string, date: string, market: MarketData, ledger: Ledger): Decimal {
  if (currency === market.baseCurrency) return ONE
  const rate = market.fxSeries(currency)?.at(date) ?? ledger.fxObserved.get(currency)
  if (rate === undefined) {
    fail(
      'missing_fx_rate',
      `No ${currency}/${market.baseCurrency} rate on or before ${date}`,
      null,
      'fxRates',
    )
  }
  return rate.value
}

export interface PositionValue extends PricedUnit {
  position: Position
  fxRate: Decimal
  marketValue: Decimal
  marketValueBase: Decimal
}

export interface PortfolioValuation {
  positions: PositionValue[]
  /** Base currency. */
  securitiesValue: Decimal
  /** Base currency; null when the portfolio does not record cash. */
  cashValue: Decimal | null
  /** Base currency: what exchange-rate moves added to cash held in other currencies. */
  cashCurrencyEffect: Decimal
  /** Securities plus cash, base currency. */
  value: Decimal
}

/** The FX rate of each currency on `date`, read and parsed once per currency. */
function ratesOn(ledger: Ledger, market: MarketData, date: string): (currency: string) => Decimal {
  const rates = new Map<string, Decimal>()
  return (currency) => {
    let rate = rates.get(currency)
    if (rate === undefined) {
      rate = fxRateOn(currency, date, market, ledger)
      rates.set(currency, rate)
    }
    return rate
  }
}

/** Values the ledger's current state at the end of `date`. */
export function valuePortfolio(
  ledger: Ledger,
  market: MarketData,
  date: string,
): PortfolioValuation {
  const rateOf = ratesOn(ledger, market, date)
  const positions: PositionValue[] = []
  let securitiesValue = ZERO
  for (const position of ledger.positions.values()) {
    const close = market.priceSeries(position.instrumentCode)?.at(date) ?? null
    const unit = pricedUnit(position, close)
    const fxRate = rateOf(position.currency)
    const value = marketValue(position, unit.price)
    const valueBase = toBase(value, fxRate)
    securitiesValue = securitiesValue.plus(valueBase)
    positions.push({ ...unit, position, fxRate, marketValue: value, marketValueBase: valueBase })
  }
  let cashValue: Decimal | null = null
  let cashCurrencyEffect = ZERO
  if (ledger.settings.recordsCash) {
    cashValue = ZERO
    for (const [currency, balance] of ledger.cash) {
      const valueBase = toBase(balance.amount, rateOf(currency))
      cashValue = cashValue.plus(valueBase)
      cashCurrencyEffect = cashCurrencyEffect.plus(valueBase.minus(balance.costBase))
    }
  }
  return {
    positions,
    securitiesValue,
    cashValue,
    cashCurrencyEffect,
    value: cashValue === null ? securitiesValue : securitiesValue.plus(cashValue),
  }
}

/** What the portfolio is worth at the end of a date: a year's figures need no more. */
export interface PortfolioValue {
  /** Securities plus cash, base currency. */
  value: Decimal
  /** Base currency; null when the portfolio does not record cash. */
  cashValue: Decimal | null
}

/**
 * {@link valuePortfolio}'s `value` and `cashValue`, without the detail of each holding: the
 * market values of one currency are summed and converted once, which is exact, so the figures are
 * the same. Prices and rates are read as {@link valuePortfolio} reads them, in the same order, so
 * bad market data is reported alike.
 */
export function portfolioValue(ledger: Ledger, market: MarketData, date: string): PortfolioValue {
  const rateOf = ratesOn(ledger, market, date)
  const local = new Map<string, DecimalSum>()
  for (const position of ledger.positions.values()) {
    const close = market.priceSeries(position.instrumentCode)?.at(date) ?? null
    rateOf(position.currency)
    if (position.basis.quantity.isZero()) continue
    let sum = local.get(position.currency)
    if (sum === undefined) {
      sum = new DecimalSum()
      local.set(position.currency, sum)
    }
    sum.add(marketValue(position, pricedUnit(position, close).price))
  }
  let securitiesValue = ZERO
  for (const [currency, sum] of local) {
    securitiesValue = securitiesValue.plus(toBase(sum.value, rateOf(currency)))
  }
  if (!ledger.settings.recordsCash) return { value: securitiesValue, cashValue: null }
  let cashValue = ZERO
  for (const [currency, balance] of ledger.cash) {
    cashValue = cashValue.plus(toBase(balance.amount, rateOf(currency)))
  }
  return { value: securitiesValue.plus(cashValue), cashValue }
}
