import type { Amounts } from './amounts'
import type { Decimal } from './decimal'
import { divide } from './decimal'
import { currencyEffect } from './realized-gains'
import type { PortfolioValuation, PriceSource } from './valuation'

/** One instrument the portfolio holds or has held. */
export interface Holding {
  instrumentCode: string
  currency: string
  quantity: Decimal
  /** Cost basis per unit, instrument currency, by the portfolio's method; null when none held. */
  averageCost: Decimal | null
  /** The price the holding is valued at; null when valued at cost. */
  price: Decimal | null
  priceDate: string | null
  priceSource: PriceSource
  /** Base-currency units per unit of the instrument's currency, as used for the base figures. */
  fxRate: Decimal
  costBasis: Amounts
  marketValue: Amounts
  unrealizedGain: Amounts
  /** Unrealized gain ÷ cost basis as a fraction (0.125 = 12.5 %); null without a cost basis. */
  unrealizedReturn: { instrument: number | null; base: number | null }
  /** Base currency: the part of `unrealizedGain.base` that came from the exchange rate. */
  unrealizedCurrencyEffect: Decimal
  realizedGain: Amounts
  /** Base currency: the part of `realizedGain.base` that came from the exchange rate. */
  realizedCurrencyEffect: Decimal
  /** Net of withholding tax and charges. */
  dividends: Amounts
  interest: Amounts
  /** Every fee and tax paid on this instrument; already counted in the figures above. */
  fees: Amounts
  taxes: Amounts
  /** Market value ÷ the portfolio's value (cash included); null when the portfolio is worth ≤ 0. */
  shareOfValue: number | null
}

function fraction(part: Decimal, whole: Decimal): number | null {
  return whole.sign() > 0 ? part.toNumber() / whole.toNumber() : null
}

/** Holdings from a valuation, ordered by instrument code. */
export function buildHoldings(valuation: PortfolioValuation): Holding[] {
  return valuation.positions
    .map(({ position, price, source, fxRate, marketValue, marketValueBase }): Holding => {
      const { quantity, cost, costBase } = position.basis
      const unrealized = marketValue.minus(cost)
      const unrealizedBase = marketValueBase.minus(costBase)
      const realized = position.realized.figures()
      return {
        instrumentCode: position.instrumentCode,
        currency: position.currency,
        quantity,
        averageCost: quantity.sign() > 0 ? divide(cost, quantity) : null,
        price: price?.value ?? null,
        priceDate: price?.date ?? null,
        priceSource: source,
        fxRate,
        costBasis: { instrument: cost, base: costBase },
        marketValue: { instrument: marketValue, base: marketValueBase },
        unrealizedGain: { instrument: unrealized, base: unrealizedBase },
        unrealizedReturn: {
          instrument: fraction(unrealized, cost),
          base: fraction(unrealizedBase, costBase),
        },
        unrealizedCurrencyEffect: currencyEffect(cost, costBase, fxRate),
        realizedGain: realized.gain,
        realizedCurrencyEffect: realized.currencyEffect,
        dividends: position.dividends.snapshot(),
        interest: position.interest.snapshot(),
        fees: position.fees.snapshot(),
        taxes: position.taxes.snapshot(),
        shareOfValue: fraction(marketValueBase, valuation.value),
      }
    })
    .sort((a, b) =>
      a.instrumentCode < b.instrumentCode ? -1 : a.instrumentCode > b.instrumentCode ? 1 : 0,
    )
}
