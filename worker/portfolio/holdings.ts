import type { Amounts } from './amounts'
import type { Decimal } from '../../shared/decimal/decimal'
import { fractionOf } from './fraction'
import type { Fraction } from './fraction'
import type { Ledger, Position } from './ledger'
import { currencyEffect, lotRecord } from './realized-gains'
import type { LotRecord } from './realized-gains'
import type { PortfolioValuation, PriceSource } from './valuation'

/** What a position realized and earned, open or closed. */
export interface PositionIncome {
  instrumentCode: string
  currency: string
  realizedGain: Amounts
  /** Base currency: the part of `realizedGain.base` that came from the exchange rate. */
  realizedCurrencyEffect: Decimal
  /** Base currency: the rest of `realizedGain.base`, from prices. */
  realizedPriceEffect: Decimal
  /** Net of withholding tax and charges. */
  dividends: Amounts
  interest: Amounts
  /** Every fee and tax paid on this instrument; already counted in the figures above. */
  fees: Amounts
  taxes: Amounts
}

/** A position the portfolio holds units of. */
export interface Holding extends PositionIncome {
  quantity: Decimal
  /** Cost basis per unit, instrument currency, by the portfolio's method. */
  averageCost: Decimal
  /** The price the holding is valued at; null when valued at cost. */
  price: Decimal | null
  priceDate: string | null
  priceSource: PriceSource
  /** Base-currency units per unit of the instrument's currency, as used for the base figures. */
  fxRate: Decimal
  costBasis: Amounts
  marketValue: Amounts
  unrealizedGain: Amounts
  /** Unrealized gain ÷ cost basis; null without a positive cost basis. */
  unrealizedReturn: { instrument: Fraction | null; base: Fraction | null }
  /** Base currency: the part of `unrealizedGain.base` that came from the exchange rate. */
  unrealizedCurrencyEffect: Decimal
  /** Base currency: the rest of `unrealizedGain.base`, from the price. */
  unrealizedPriceEffect: Decimal
  /** Market value ÷ the portfolio's value (cash included); null when it is worth ≤ 0. */
  shareOfValue: Fraction | null
  /**
   * The units held and where they came from, holding periods counted to the report date. FIFO:
   * the lots still open, oldest first, after sales and splits. Average: the one pool.
   */
  openLots: LotRecord[]
}

/** A position whose units were all sold or transferred (or that only ever had income). */
export type ClosedPosition = PositionIncome

function byCode(a: { instrumentCode: string }, b: { instrumentCode: string }): number {
  return a.instrumentCode < b.instrumentCode ? -1 : a.instrumentCode > b.instrumentCode ? 1 : 0
}

function income(position: Position): PositionIncome {
  const { instrumentCode, currency, realizedGain, realizedCurrencyEffect } = position
  return {
    instrumentCode,
    currency,
    realizedGain,
    realizedCurrencyEffect,
    realizedPriceEffect: realizedGain.base.minus(realizedCurrencyEffect),
    dividends: position.dividends,
    interest: position.interest,
    fees: position.fees,
    taxes: position.taxes,
  }
}

/** Open holdings from a valuation on day `asOfDay`, by instrument code. */
export function buildHoldings(
  valuation: PortfolioValuation,
  baseCurrency: string,
  asOfDay: number,
): Holding[] {
  return valuation.positions
    .map(({ position, price, source, fxRate, marketValue, marketValueBase }): Holding => {
      const { quantity, cost, costBase } = position.basis
      const unrealized = marketValue.minus(cost)
      const unrealizedBase = marketValueBase.minus(costBase)
      const effect = currencyEffect(
        cost,
        costBase,
        position.currency === baseCurrency ? null : fxRate,
      )
      return {
        ...income(position),
        quantity,
        averageCost: cost.div(quantity),
        price: price?.value ?? null,
        priceDate: price?.date ?? null,
        priceSource: source,
        fxRate,
        costBasis: { instrument: cost, base: costBase },
        marketValue: { instrument: marketValue, base: marketValueBase },
        unrealizedGain: { instrument: unrealized, base: unrealizedBase },
        unrealizedReturn: {
          instrument: fractionOf(unrealized, cost),
          base: fractionOf(unrealizedBase, costBase),
        },
        unrealizedCurrencyEffect: effect,
        unrealizedPriceEffect: unrealizedBase.minus(effect),
        shareOfValue: fractionOf(marketValueBase, valuation.value),
        openLots: position.basis.lots.map((lot) => lotRecord(lot, asOfDay)),
      }
    })
    .sort(byCode)
}

/** Positions holding no units, by instrument code. */
export function closedPositions(ledger: Ledger): ClosedPosition[] {
  return [...ledger.positions.values()]
    .filter((position) => position.basis.quantity.isZero())
    .map(income)
    .sort(byCode)
}
