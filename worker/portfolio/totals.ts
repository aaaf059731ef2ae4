import type { Big } from 'big.js'
import { toBig } from './big-output'
import type { Decimal } from './decimal'
import { ZERO } from './decimal'
import type { Ledger, LedgerTotals } from './ledger'
import { currencyEffect } from './realized-gains'
import type { PortfolioValuation } from './valuation'

/**
 * The whole portfolio, in the base currency. `totalGain` = `value` − `investedCapital`, and it
 * breaks down exactly as `unrealizedGain` + `realizedGain` + `dividends` + `interest` −
 * `otherCosts` + `cashCurrencyEffect`.
 */
export interface PortfolioTotals {
  /** Securities plus cash. */
  value: Big
  securitiesValue: Big
  /** Null when the portfolio does not record cash. */
  cashBalance: Big | null
  /** What the units held cost. */
  costBasis: Big
  /** Money put in minus money taken out (transfers at their cost basis). */
  investedCapital: Big
  totalGain: Big
  unrealizedGain: Big
  realizedGain: Big
  dividends: Big
  interest: Big
  /** Fees and taxes not already inside a cost basis, a sale or an income. */
  otherCosts: Big
  /** The parts of unrealized gain, realized gain and cash value that came from exchange rates. */
  unrealizedCurrencyEffect: Big
  realizedCurrencyEffect: Big
  cashCurrencyEffect: Big
  /** Every fee and every tax paid, for information: each is already counted above. */
  fees: Big
  taxes: Big
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
    value: toBig(valuation.value),
    securitiesValue: toBig(valuation.securitiesValue),
    cashBalance: valuation.cashValue === null ? null : toBig(valuation.cashValue),
    costBasis: toBig(costBasis),
    investedCapital: toBig(totals.investedCapital),
    totalGain: toBig(valuation.value.minus(totals.investedCapital)),
    unrealizedGain: toBig(unrealizedGain),
    realizedGain: toBig(totals.realizedGain),
    dividends: toBig(totals.dividends),
    interest: toBig(totals.interest),
    otherCosts: toBig(totals.otherCosts),
    unrealizedCurrencyEffect: toBig(unrealizedCurrencyEffect),
    realizedCurrencyEffect: toBig(totals.realizedCurrencyEffect),
    cashCurrencyEffect: toBig(valuation.cashCurrencyEffect),
    fees: toBig(totals.fees),
    taxes: toBig(totals.taxes),
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
  valuation: PortfolioValuation,
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
  value: Big
  investedCapital: Big
  cashBalance: Big | null
  /** Value − invested capital at the year's end. */
  totalGain: Big
  /** Invested capital added during the year (negative when more was taken out). */
  netInflow: Big
  /** Value at the end − value at the start − net inflow. */
  gain: Big
  realizedGain: Big
  dividends: Big
  interest: Big
  otherCosts: Big
  fees: Big
  taxes: Big
}

/** Year-by-year figures from consecutive year-end snapshots (the first year starts from nothing). */
export function yearTotals(snapshots: readonly TotalsSnapshot[]): YearTotals[] {
  let previousValue = ZERO
  let previous: Readonly<LedgerTotals> | null = null
  return snapshots.map((snapshot) => {
    const totals = snapshot.totals
    const change = (field: keyof LedgerTotals): Big =>
      toBig(previous === null ? totals[field] : totals[field].minus(previous[field]))
    const netInflow =
      previous === null
        ? totals.investedCapital
        : totals.investedCapital.minus(previous.investedCapital)
    const year: YearTotals = {
      year: Number(snapshot.date.slice(0, 4)),
      endDate: snapshot.date,
      value: toBig(snapshot.value),
      investedCapital: toBig(totals.investedCapital),
      cashBalance: snapshot.cashBalance === null ? null : toBig(snapshot.cashBalance),
      totalGain: toBig(snapshot.value.minus(totals.investedCapital)),
      netInflow: toBig(netInflow),
      gain: toBig(snapshot.value.minus(previousValue).minus(netInflow)),
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
