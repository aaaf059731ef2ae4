import type { Decimal } from './decimal'
import { ZERO } from './decimal'
import type { Ledger, LedgerTotals } from './ledger'
import { currencyEffect } from './realized-gains'
import type { PortfolioValuation, PortfolioValue } from './valuation'

/**
 * The whole portfolio, in the base currency. `totalGain` = `value` − `investedCapital`, and it
 * breaks down exactly as `unrealizedGain` + `realizedGain` + `dividends` + `interest` −
 * `otherCosts` + `cashCurrencyEffect`.
 */
export interface PortfolioTotals {
  /** Securities plus cash. */
  value: Decimal
  securitiesValue: Decimal
  /** Null when the portfolio does not record cash. */
  cashBalance: Decimal | null
  /** What the units held cost. */
  costBasis: Decimal
  /** Money put in minus money taken out (transfers at their cost basis). */
  investedCapital: Decimal
  totalGain: Decimal
  unrealizedGain: Decimal
  realizedGain: Decimal
  dividends: Decimal
  interest: Decimal
  /** Fees and taxes not already inside a cost basis, a sale or an income. */
  otherCosts: Decimal
  /** The parts of unrealized gain, realized gain and cash value that came from exchange rates. */
  unrealizedCurrencyEffect: Decimal
  realizedCurrencyEffect: Decimal
  cashCurrencyEffect: Decimal
  /** Every fee and every tax paid, for information: each is already counted above. */
  fees: Decimal
  taxes: Decimal
}

/** Totals from the ledger's state and its valuation on the as-of date. */
export function portfolioTotals(ledger: Ledger, valuation: PortfolioValuation): PortfolioTotals {
  let costBasis = ZERO
  let unrealizedGain = ZERO
  let unrealizedCurrencyEffect = ZERO
  for (const { position, fxRate, marketValueBase } of valuation.positions) {
    const { cost, costBase } = position.basis
    costBasis = costBasis.plus(costBase)
    unrealizedGain = unrealizedGain.plus(marketValueBase.minus(costBase))
    unrealizedCurrencyEffect = unrealizedCurrencyEffect.plus(currencyEffect(cost, costBase, fxRate))
  }
  const totals = ledger.totals()
  return {
    value: valuation.value,
    securitiesValue: valuation.securitiesValue,
    cashBalance: valuation.cashValue,
    costBasis,
    investedCapital: totals.investedCapital,
    totalGain: valuation.value.minus(totals.investedCapital),
    unrealizedGain,
    realizedGain: totals.realizedGain,
    dividends: totals.dividends,
    interest: totals.interest,
    otherCosts: totals.otherCosts,
    unrealizedCurrencyEffect,
    realizedCurrencyEffect: totals.realizedCurrencyEffect,
    cashCurrencyEffect: valuation.cashCurrencyEffect,
    fees: totals.fees,
    taxes: totals.taxes,
  }
}

/** The portfolio at the end of a day, kept to tell one year's figures from the next. */
export interface TotalsSnapshot {
  date: string
  value: Decimal
  cashBalance: Decimal | null
  totals: Readonly<LedgerTotals>
}

/** Takes a snapshot of the ledger and its valuation on `date`. */
export function totalsSnapshot(
  ledger: Ledger,
  valuation: PortfolioValue,
  date: string,
): TotalsSnapshot {
  return {
    date,
    value: valuation.value,
    cashBalance: valuation.cashValue,
    totals: ledger.totals(),
  }
}

/** One calendar year. Balances are at its end; flows and gains are within it. Base currency. */
export interface YearTotals {
  year: number
  /** 31 December, or the as-of date in the current year. */
  endDate: string
  value: Decimal
  investedCapital: Decimal
  cashBalance: Decimal | null
  /** Value − invested capital at the year's end. */
  totalGain: Decimal
  /** Invested capital added during the year (negative when more was taken out). */
  netInflow: Decimal
  /** Value at the end − value at the start − net inflow. */
  gain: Decimal
  realizedGain: Decimal
  dividends: Decimal
  interest: Decimal
  otherCosts: Decimal
  fees: Decimal
  taxes: Decimal
}

/** Year-by-year figures from consecutive year-end snapshots (the first year starts from nothing). */
export function yearTotals(snapshots: readonly TotalsSnapshot[]): YearTotals[] {
  let previousValue = ZERO
  let previous: Readonly<LedgerTotals> | null = null
  return snapshots.map((snapshot) => {
    const totals = snapshot.totals
    const change = (field: keyof LedgerTotals): Decimal =>
      previous === null ? totals[field] : totals[field].minus(previous[field])
    const netInflow = change('investedCapital')
    const year: YearTotals = {
      year: Number(snapshot.date.slice(0, 4)),
      endDate: snapshot.date,
      value: snapshot.value,
      investedCapital: totals.investedCapital,
      cashBalance: snapshot.cashBalance,
      totalGain: snapshot.value.minus(totals.investedCapital),
      netInflow,
      gain: snapshot.value.minus(previousValue).minus(netInflow),
      realizedGain: change('realizedGain'),
      dividends: change('dividends'),
      interest: change('interest'),
      otherCosts: change('otherCosts'),
      fees: change('fees'),
      taxes: change('taxes'),
    }
    previousValue = snapshot.value
    previous = totals
    return year
  })
}
