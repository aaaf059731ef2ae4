import { ZERO, decimal } from '../../../shared/decimal/decimal'
import type { Decimal } from '../../../shared/decimal/decimal'
import { isMarketOpen } from '../../../shared/markets/market-calendar'
import { BASISZINS } from './tax-rules'

/** 70 % of the Basiszins makes the Basisertrag (§ 18 Abs. 1 Satz 2 InvStG). */
export const BASISERTRAG_SHARE = decimal('0.7')

/** One lot of fund units at the end of a year, with the year's prices and distributions. */
export interface FundYear {
  year: number
  units: Decimal
  /** The first and last redemption (or exchange) price of the year. */
  firstPrice: Decimal
  lastPrice: Decimal
  /** The year's distributions per unit. */
  distributionsPerUnit: Decimal
  /** When the units were bought in this year (their trade date); null when held all year. */
  boughtOn: string | null
}

export interface Vorabpauschale {
  basisertrag: Decimal
  /** The year's rise with distributions: the Basisertrag is at most this. */
  cap: Decimal
  distributions: Decimal
  /** Twelfths kept in the year of purchase (12 when held all year). */
  twelfths: number
  amount: Decimal
  /** The first working day of the next year, when it counts as received (§ 18 Abs. 3 InvStG). */
  receivedOn: string
}

const min = (a: Decimal, b: Decimal): Decimal => (a.lt(b) ? a : b)

/**
 * The first working day of `year`: 1 January is a holiday everywhere in Germany, and a weekend
 * day is no working day.
 */
export function firstWorkingDay(year: number): string {
  for (let day = 2; ; day++) {
    const date = `${year}-01-${String(day).padStart(2, '0')}`
    if (isMarketOpen('weekdays', date)) return date
  }
}

/**
 * A lot's Vorabpauschale for a year (docs/tax-germany.md, rule 9): units × first price ×
 * Basiszins × 70 %, at most the year's rise with distributions, less the distributions, never
 * below zero; in the year of purchase one twelfth less for each full month before its month.
 * Null for a year without a Basiszins (none is known yet, or it was negative: no Vorabpauschale).
 *
 * @example vorabpauschale({ year: 2025, units: decimal('100'), firstPrice: decimal('100'), … })
 */
export function vorabpauschale(lot: FundYear): Vorabpauschale | null {
  const basiszins = BASISZINS[lot.year]
  if (basiszins === undefined) return null
  const basisertrag = lot.units
    .times(lot.firstPrice)
    .times(decimal(basiszins))
    .times(BASISERTRAG_SHARE)
  const distributions = lot.units.times(lot.distributionsPerUnit)
  const cap = lot.units.times(lot.lastPrice.minus(lot.firstPrice).plus(lot.distributionsPerUnit))
  const beforeMonths = min(basisertrag, cap).minus(distributions)
  const twelfths = lot.boughtOn === null ? 12 : 13 - Number(lot.boughtOn.slice(5, 7))
  const amount =
    beforeMonths.sign() <= 0
      ? ZERO
      : beforeMonths.times(decimal(String(twelfths))).div(decimal('12'))
  return {
    basisertrag,
    cap,
    distributions,
    twelfths,
    amount,
    receivedOn: firstWorkingDay(lot.year + 1),
  }
}

/**
 * The gain or loss of selling fund units, before the Teilfreistellung: proceeds − cost − the
 * Vorabpauschalen of the units sold while they were held, deducted in full (§ 19 Abs. 1 Satz 3
 * InvStG).
 */
export function fundSaleGain(
  proceeds: Decimal,
  cost: Decimal,
  vorabpauschalen: readonly Decimal[],
): Decimal {
  return vorabpauschalen.reduce((gain, paid) => gain.minus(paid), proceeds.minus(cost))
}
