import type { Decimal } from '../../shared/decimal/decimal'
import { ZERO, sum } from '../../shared/decimal/decimal'
import { fractionOf } from './fraction'
import type { Fraction } from './fraction'
import type { Holding } from './holdings'
import type { Ledger } from './ledger'
import type { PortfolioValuation } from './valuation'

/** Sums over the whole history so far, all in the base currency. */
interface LedgerTotals {
  /** Money in minus money out (external flows; transfers at their cost basis). */
  investedCapital: Decimal
  realizedGain: Decimal
  realizedCurrencyEffect: Decimal
  /** Net of withholding tax and charges. */
  dividends: Decimal
  interest: Decimal
  /** Every fee and tax paid, wherever it is counted. */
  fees: Decimal
  taxes: Decimal
  /** Fees and taxes not inside a cost basis, a sale or an income: FEE, TAX, deposit charges. */
  otherCosts: Decimal
}

function ledgerTotals(ledger: Ledger): LedgerTotals {
  const bookings = ledger.allBookings()
  const positions = [...ledger.positions.values()]
  return {
    investedCapital: ledger.investedCapital,
    realizedGain: sum(positions.map((position) => position.realizedGain.base)),
    realizedCurrencyEffect: sum(positions.map((position) => position.realizedCurrencyEffect)),
    dividends: sum(bookings.map((booking) => booking.dividends.base)),
    interest: sum(bookings.map((booking) => booking.interest.base)),
    fees: sum(bookings.map((booking) => booking.fees.base)),
    taxes: sum(bookings.map((booking) => booking.taxes.base)),
    otherCosts: sum(bookings.map((booking) => booking.otherCosts)),
  }
}

/**
 * The whole portfolio, in the base currency. `totalGain` = `value` − `investedCapital`, and it
 * breaks down exactly as `unrealizedGain` + `realizedGain` + `dividends` + `interest` −
 * `otherCosts` + `cashCurrencyEffect`; each gain is its price effect plus its currency effect.
 */
export interface PortfolioTotals extends LedgerTotals {
  /** Securities plus cash. */
  value: Decimal
  securitiesValue: Decimal
  /** Null when the portfolio does not record cash. */
  cashBalance: Decimal | null
  /** What the units held cost. */
  costBasis: Decimal
  totalGain: Decimal
  /** Total gain ÷ invested capital; null while nothing (or less) is invested. */
  totalReturn: Fraction | null
  unrealizedGain: Decimal
  /** The parts of unrealized gain, realized gain and cash value that came from exchange rates. */
  unrealizedCurrencyEffect: Decimal
  unrealizedPriceEffect: Decimal
  realizedPriceEffect: Decimal
  cashCurrencyEffect: Decimal
}

/** Totals from the ledger's state, its valuation on the as-of date and its open holdings. */
export function portfolioTotals(
  ledger: Ledger,
  valuation: PortfolioValuation,
  holdings: readonly Holding[],
): PortfolioTotals {
  const totals = ledgerTotals(ledger)
  const totalGain = valuation.value.minus(totals.investedCapital)
  return {
    ...totals,
    value: valuation.value,
    securitiesValue: valuation.securitiesValue,
    cashBalance: valuation.cashValue,
    costBasis: sum(holdings.map((holding) => holding.costBasis.base)),
    totalGain,
    totalReturn: fractionOf(totalGain, totals.investedCapital),
    unrealizedGain: sum(holdings.map((holding) => holding.unrealizedGain.base)),
    unrealizedCurrencyEffect: sum(holdings.map((holding) => holding.unrealizedCurrencyEffect)),
    unrealizedPriceEffect: sum(holdings.map((holding) => holding.unrealizedPriceEffect)),
    realizedPriceEffect: totals.realizedGain.minus(totals.realizedCurrencyEffect),
    cashCurrencyEffect: valuation.cashCurrencyEffect,
  }
}

/** The portfolio at the end of a day, kept to tell one year's figures from the next. */
export interface TotalsSnapshot {
  date: string
  value: Decimal
  cashBalance: Decimal | null
  totals: LedgerTotals
}

export function totalsSnapshot(
  ledger: Ledger,
  valuation: PortfolioValuation,
  date: string,
): TotalsSnapshot {
  return {
    date,
    value: valuation.value,
    cashBalance: valuation.cashValue,
    totals: ledgerTotals(ledger),
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
  let previous: LedgerTotals | null = null
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
