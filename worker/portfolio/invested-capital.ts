import type { Decimal } from '../../shared/decimal/decimal'
import { ZERO } from '../../shared/decimal/decimal'

/**
 * Invested capital by where it came from, base currency, each part signed as it counts (money
 * put in positive, money taken out negative), so the parts add up to the whole. A portfolio that
 * records cash fills only deposits, withdrawals and transfers; one without cash all but the first
 * two (docs/portfolio-math.md, "Portfolio totals").
 */
export interface InvestedCapitalParts {
  deposits: Decimal
  withdrawals: Decimal
  /** BUYs: quantity × price + fee + tax. */
  purchases: Decimal
  /** SELLs' net proceeds and cash in lieu. */
  sales: Decimal
  /** Dividends and interest, net. */
  income: Decimal
  /** FEE and TAX paid on their own, less FEE_REFUND and TAX_REFUND received. */
  costs: Decimal
  /** Shares transferred in and out, at their carried cost. */
  transfersIn: Decimal
  transfersOut: Decimal
}

export type CapitalPart = keyof InvestedCapitalParts

/** Invested capital at the end of a day it changed on, base currency. */
export interface CapitalDay {
  date: string
  investedCapital: Decimal
}

/**
 * Money in minus money out so far, with its parts and the highest it has stood at the end of a
 * day: the most of the investor's own money that was in the portfolio at one time, which total
 * return divides by. Days end when the ledger says so (`closeDay`).
 */
export class InvestedCapital {
  total = ZERO
  readonly parts: InvestedCapitalParts = {
    deposits: ZERO,
    withdrawals: ZERO,
    purchases: ZERO,
    sales: ZERO,
    income: ZERO,
    costs: ZERO,
    transfersIn: ZERO,
    transfersOut: ZERO,
  }
  /** The highest total at the end of a day so far (zero before anything was put in). */
  peak = ZERO
  /** The day it was reached; null while nothing was put in. */
  peakDate: string | null = null
  /** The total at the end of each day it changed on, oldest first: what measured totals read. */
  readonly days: CapitalDay[] = []

  /** Adds `amount` (signed: negative takes money out) to `part` and to the total. */
  add(part: CapitalPart, amount: Decimal): void {
    this.parts[part] = this.parts[part].plus(amount)
    this.total = this.total.plus(amount)
  }

  /** Ends the day `date` (null when no transaction was applied). */
  closeDay(date: string | null): void {
    const last = this.days.at(-1)
    // Closing a day again (a report reads it twice) replaces its entry.
    if (last !== undefined && last.date === date) last.investedCapital = this.total
    else if (date !== null && !this.total.eq(last?.investedCapital ?? ZERO)) {
      this.days.push({ date, investedCapital: this.total })
    }
    if (!this.total.gt(this.peak)) return
    this.peak = this.total
    this.peakDate = date
  }
}
