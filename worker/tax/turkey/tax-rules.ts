import { ZERO, decimal } from '../../../shared/decimal/decimal'
import type { Decimal } from '../../../shared/decimal/decimal'
import type { FundRateReason, TefasFundClass } from '../../../shared/portfolio/portfolio-kinds'
import { addMonths, monthOfDay } from '../../indices/months'
import { formatIsoDate, parseIsoDate } from '../../portfolio/iso-date'

// The figures of Turkish capital-income tax (docs/tax-turkey.md, "Rules and sources"). Each dated
// table gains one line per decision or year: a new one closes the open one the day before.

/** Stopaj on a sale of Borsa İstanbul shares by a resident individual (rule 2). */
export const BIST_SHARE_RATE = ZERO

/** A purchase band of fund stopaj (rule 3): the rates of units bought from `from` to `through`. */
export interface FundBand {
  from: string
  /** The last purchase day of the band; null for the band in force. */
  through: string | null
  otherFunds: Decimal
  excludedGroup: Decimal
  /** The Cumhurbaşkanı Kararı that set the band. */
  decision: string
}

/**
 * Fund stopaj by the day the units were bought, one line per decision (BKK 2006/10731 as amended;
 * sources in docs/tax-turkey.md under "Fund stopaj by purchase date"). CK 8775 only extended CK
 * 8434's window, at the same rates. Units bought before the first line are not covered.
 */
const FUND_BANDS: readonly (readonly [
  from: string,
  otherFunds: string,
  excludedGroup: string,
  decision: string,
])[] = [
  ['2020-12-23', '0', '0.1', 'CK 3321 (RG 22.12.2020)'],
  ['2024-05-01', '0.075', '0.1', 'CK 8434 (RG 01.05.2024)'],
  ['2024-08-01', '0.075', '0.1', 'CK 8775 (RG 01.08.2024)'],
  ['2024-11-01', '0.1', '0.1', 'CK 9075'],
  ['2025-02-01', '0.15', '0.15', 'CK 9487 (RG 31.01.2025)'],
  ['2025-07-09', '0.175', '0.175', 'CK 10041 (RG 09.07.2025, no. 32951)'],
]

/** The funds the reduced rates of 2020–2024 left at the base rate (rule 3, the excluded group). */
const EXCLUDED_GROUP: ReadonlySet<TefasFundClass> = new Set([
  'variable',
  'mixed',
  'eurobond',
  'externalDebt',
  'foreign',
  'hedge',
  'fx',
])

/** The day before an ISO date. */
function dayBefore(date: string): string {
  const day = parseIsoDate(date)
  if (day === null) throw new RangeError(`"${date}" is not a date`)
  return formatIsoDate(day - 1)
}

/** The purchase band of units bought on `boughtOn`; null before the table. */
export function fundBandOf(boughtOn: string): FundBand | null {
  const index = FUND_BANDS.findLastIndex(([from]) => from <= boughtOn)
  const band = FUND_BANDS[index]
  if (band === undefined) return null
  const [from, otherFunds, excludedGroup, decision] = band
  const next = FUND_BANDS[index + 1]
  return {
    from,
    through: next === undefined ? null : dayBefore(next[0]),
    otherFunds: decimal(otherFunds),
    excludedGroup: decimal(excludedGroup),
    decision,
  }
}

export type { FundRateReason }

export interface FundRate {
  rate: Decimal
  reason: FundRateReason
  band: FundBand
}

/**
 * Whether units bought on `boughtOn` and sold on `soldOn` were held more than two years: sold
 * after the second anniversary (on it is not more). A purchase on 29 February has its anniversary
 * on 28 February, the last day of that month, as periods in years end.
 */
export function heldMoreThanTwoYears(boughtOn: string, soldOn: string): boolean {
  let anniversary = `${String(Number(boughtOn.slice(0, 4)) + 2).padStart(4, '0')}${boughtOn.slice(4)}`
  if (parseIsoDate(anniversary) === null) anniversary = `${anniversary.slice(0, 8)}28`
  return soldOn > anniversary
}

/**
 * The stopaj rate on the gain of fund units of `fundClass` bought on `boughtOn` and sold on
 * `soldOn` (rule 3): by the purchase band, whatever the sale's date; null when bought before the
 * table.
 * @example fundRate('mixed', '2024-06-10', '2025-03-10')?.rate // 0.1 (Example 4)
 */
export function fundRate(
  fundClass: TefasFundClass,
  boughtOn: string,
  soldOn: string,
): FundRate | null {
  const band = fundBandOf(boughtOn)
  if (band === null) return null
  if (fundClass === 'equityIntensive') return { rate: ZERO, reason: 'equityIntensive', band }
  if (fundClass === 'gsyf' || fundClass === 'gyf') {
    return heldMoreThanTwoYears(boughtOn, soldOn)
      ? { rate: ZERO, reason: 'heldMoreThanTwoYears', band }
      : { rate: band.otherFunds, reason: 'heldTwoYearsOrLess', band }
  }
  return EXCLUDED_GROUP.has(fundClass)
    ? { rate: band.excludedGroup, reason: 'excludedGroup', band }
    : { rate: band.otherFunds, reason: 'otherFunds', band }
}

/**
 * Stopaj on dividends a resident company pays an individual, by the payment date (GVK 94/6-b,
 * rule 4). The table starts with CK 4936; a dividend paid before it is not covered.
 */
const DIVIDEND_RATES: readonly { from: string; rate: string; decision: string }[] = [
  { from: '2021-12-22', rate: '0.1', decision: 'CK 4936' },
  { from: '2024-12-22', rate: '0.15', decision: 'CK 9286 (RG 22.12.2024, no. 32760)' },
]

/** The stopaj rate on a Turkish dividend paid on `paidOn`, with its decision; null before the table. */
export function dividendRate(paidOn: string): { rate: Decimal; decision: string } | null {
  const line = DIVIDEND_RATES.findLast((each) => each.from <= paidOn)
  return line === undefined ? null : { rate: decimal(line.rate), decision: line.decision }
}

/**
 * Each year's amounts (rule 5): the upper limits of the GVK 103 tariff's first four brackets for
 * income other than wages, where found (the second alone where only it was: it is also GVK
 * 86/1-c's amount for Turkish dividends), and GVK 86/1-d's amount for income neither withheld nor
 * exempt (foreign dividends), null where not found.
 */
const YEARS: Readonly<
  Record<
    number,
    {
      limits: readonly [string | null, string, string | null, string | null]
      foreignIncome: string | null
    }
  >
> = {
  2023: { limits: [null, '150000', null, null], foreignIncome: '8400' },
  2024: { limits: ['110000', '230000', '580000', '3000000'], foreignIncome: '13000' },
  2025: { limits: ['158000', '330000', '800000', '4300000'], foreignIncome: '18000' },
  2026: { limits: [null, '400000', null, null], foreignIncome: null },
}

/** The tariff's rates, bracket by bracket, the last above the fourth limit (GVK 103). */
const TARIFF_RATES = ['0.15', '0.2', '0.27', '0.35', '0.4'] as const

/**
 * The amount the half of a year's Turkish dividends must exceed to be declared: the tariff's second
 * bracket (GVK 86/1-c); null for a year not in the table.
 */
export function dividendDeclarationAmount(year: number): Decimal | null {
  const limit = YEARS[year]?.limits[1]
  return limit === undefined ? null : decimal(limit)
}

/**
 * The amount a year's foreign dividends must exceed to be declared, in full (GVK 86/1-d); null
 * for a year without it.
 */
export function foreignIncomeDeclarationAmount(year: number): Decimal | null {
  const amount = YEARS[year]?.foreignIncome
  return amount === undefined || amount === null ? null : decimal(amount)
}

/** A tax rounded half up to the kuruş (rule 13). */
export function roundTax(amount: Decimal): Decimal {
  return amount.round(2, 'half-away-from-zero')
}

/** The part of an income a bracket of the tariff taxes, at its rate (GVK 103). */
export interface TariffBracket {
  /** The bracket's lower limit, and its upper one (null for the last). */
  below: Decimal
  top: Decimal | null
  rate: Decimal
  /** The income above `below`, at most `top`. */
  part: Decimal
}

/**
 * The brackets of `year`'s tariff for income other than wages that `income` reaches (GVK 103);
 * null for a year without its tariff.
 */
export function tariffBrackets(year: number, income: Decimal): TariffBracket[] | null {
  const limits = YEARS[year]?.limits
  if (limits === undefined || limits.includes(null)) return null
  const brackets: TariffBracket[] = []
  let below = ZERO
  for (const [index, rate] of TARIFF_RATES.entries()) {
    const limit = limits[index]
    const top = limit === undefined || limit === null ? null : decimal(limit)
    const upTo = top === null || income.lt(top) ? income : top
    if (upTo.gt(below)) brackets.push({ below, top, rate: decimal(rate), part: upTo.minus(below) })
    if (top === null) break
    below = top
  }
  return brackets
}

/**
 * The income tax on `income` declared for `year` by the tariff for income other than wages (GVK
 * 103): each bracket's part at its rate, rounded half up to the kuruş; null for a year without
 * its tariff.
 * @example incomeTax(2025, decimal('400000')) // 77000 (Example 13)
 */
export function incomeTax(year: number, income: Decimal): Decimal | null {
  const brackets = tariffBrackets(year, income)
  if (brackets === null) return null
  return roundTax(brackets.reduce((tax, each) => tax.plus(each.part.times(each.rate)), ZERO))
}

/** Indexation needs Yİ-ÜFE to have risen at least 10 % (GVK mükerrer 81; Law no. 5281). */
const INDEXATION_FACTOR = decimal('1.1')

/** The Yİ-ÜFE month an index is read for: the one before the purchase's or the sale's (rule 8). */
export function indexMonthOf(date: string): string {
  return addMonths(monthOfDay(date), -1)
}

/**
 * The cost indexed by Yİ-ÜFE from `purchaseIndex` to `saleIndex` when it rose at least 10 %, else
 * the cost itself (rule 8): cost × saleIndex ÷ purchaseIndex, one rounding.
 */
export function indexedCost(
  cost: Decimal,
  purchaseIndex: Decimal,
  saleIndex: Decimal,
): { applies: boolean; cost: Decimal } {
  const applies = saleIndex.cmp(purchaseIndex.times(INDEXATION_FACTOR)) >= 0
  return { applies, cost: applies ? cost.share(saleIndex, purchaseIndex) : cost }
}

/**
 * The gain after indexation (rule 8): indexation lowers a gain, at most to zero; it neither turns
 * a gain into a loss nor deepens a loss.
 */
export function gainAfterIndexation(proceeds: Decimal, cost: Decimal, indexed: Decimal): Decimal {
  const gain = proceeds.minus(cost)
  if (gain.sign() <= 0) return gain
  const after = proceeds.minus(indexed)
  return after.sign() > 0 ? after : ZERO
}
