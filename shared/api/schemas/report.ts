import { z } from 'zod'
import { COST_BASIS_METHODS, TRANSACTION_TYPES } from '../../portfolio/portfolio-kinds'
import { amounts, currencyCode, decimalString, fraction, isoDate, uuid } from './common'
import { instrumentSchema } from './instrument'
import { MEASURES, REAL_INDICES } from '../../portfolio/measures'

/**
 * The engine's report (worker/portfolio, `PortfolioReport`) as JSON: decimals as strings, each
 * position with its instrument. Field meanings: docs/portfolio-math.md.
 */
const positionIncome = z.object({
  instrument: instrumentSchema,
  currency: currencyCode,
  realizedGain: amounts,
  realizedCurrencyEffect: decimalString,
  realizedPriceEffect: decimalString,
  dividends: amounts,
  interest: amounts,
  fees: amounts,
  taxes: amounts,
})

/**
 * Units of one lot: sold (a sale's lots) or still held (a holding's open lots). `acquiredBy` is
 * the BUY or TRANSFER_IN, null for the average method's pool, whose date is quantity-weighted.
 * The holding period runs to the sale, or to the report date.
 */
export const lotSchema = z.object({
  acquiredBy: uuid.nullable(),
  acquiredDate: isoDate,
  quantity: decimalString,
  cost: amounts,
  holdingPeriodDays: z.number().int(),
})
export type Lot = z.infer<typeof lotSchema>

export const holdingSchema = positionIncome.extend({
  quantity: decimalString,
  averageCost: decimalString,
  price: decimalString.nullable(),
  priceDate: isoDate.nullable(),
  priceSource: z.enum(['close', 'trade', 'cost']),
  /** The price is more than 5 trading days older than the report date. */
  stale: z.boolean(),
  fxRate: decimalString,
  costBasis: amounts,
  marketValue: amounts,
  unrealizedGain: amounts,
  unrealizedReturn: z.object({ instrument: fraction, base: fraction }),
  unrealizedCurrencyEffect: decimalString,
  unrealizedPriceEffect: decimalString,
  shareOfValue: fraction,
})
export type Holding = z.infer<typeof holdingSchema>

export const closedPositionSchema = positionIncome
export type ClosedPosition = z.infer<typeof closedPositionSchema>

export const saleSchema = z.object({
  transactionId: uuid,
  instrument: instrumentSchema,
  date: isoDate,
  quantity: decimalString,
  /** Net of fee and tax. */
  proceeds: amounts,
  /** Tax withheld on the sale. */
  tax: amounts,
  cost: amounts,
  /** After the tax withheld: proceeds − cost. */
  gain: amounts,
  /** Proceeds + tax − cost: what a broker's statement and a tax return show. */
  gainBeforeTax: amounts,
  currencyEffect: decimalString,
  priceEffect: decimalString,
  averageCost: decimalString.nullable(),
  lots: z.array(lotSchema),
  holdingPeriodDays: z.number().int(),
})
export type Sale = z.infer<typeof saleSchema>

export const totalsSchema = z.object({
  value: decimalString,
  securitiesValue: decimalString,
  cashBalance: decimalString.nullable(),
  costBasis: decimalString,
  /** With cash: net deposits; without: net invested (docs/portfolio-math.md). */
  investedCapital: decimalString,
  /** Invested capital by where it came from, each signed as it counts; they add up to it. */
  investedCapitalParts: z.object({
    deposits: decimalString,
    withdrawals: decimalString,
    purchases: decimalString,
    sales: decimalString,
    income: decimalString,
    costs: decimalString,
    transfersIn: decimalString,
    transfersOut: decimalString,
  }),
  /** The highest invested capital at the end of a day so far. */
  peakInvestedCapital: decimalString,
  totalGain: decimalString,
  /** Total gain ÷ peak invested capital; null while nothing was invested. */
  totalReturn: fraction,
  unrealizedGain: decimalString,
  unrealizedCurrencyEffect: decimalString,
  unrealizedPriceEffect: decimalString,
  /** After the tax withheld on sales. */
  realizedGain: decimalString,
  realizedTax: decimalString,
  realizedGainBeforeTax: decimalString,
  realizedCurrencyEffect: decimalString,
  realizedPriceEffect: decimalString,
  cashCurrencyEffect: decimalString,
  dividends: decimalString,
  interest: decimalString,
  fees: decimalString,
  taxes: decimalString,
  otherCosts: decimalString,
})

export const yearTotalsSchema = z.object({
  year: z.number().int(),
  endDate: isoDate,
  value: decimalString,
  investedCapital: decimalString,
  cashBalance: decimalString.nullable(),
  totalGain: decimalString,
  netInflow: decimalString,
  gain: decimalString,
  realizedGain: decimalString,
  dividends: decimalString,
  interest: decimalString,
  otherCosts: decimalString,
  fees: decimalString,
  taxes: decimalString,
})

/**
 * One DIVIDEND or INTEREST for the income list. Each figure in the payment's currency
 * (`instrument`) and in the base currency at the payment's rate (`base`).
 */
export const incomeSchema = z.object({
  transactionId: uuid,
  type: z.enum(['DIVIDEND', 'INTEREST']),
  date: isoDate,
  instrument: instrumentSchema.nullable(),
  currency: currencyCode,
  gross: amounts,
  /** Withholding tax. */
  tax: amounts,
  /** Charges taken from the payment. */
  fee: amounts,
  /** Gross − tax − fee. */
  net: amounts,
})
export type Income = z.infer<typeof incomeSchema>

/**
 * Cash of one currency that ended a day below zero (a portfolio that records cash): the
 * transaction after which it first did (its type and instrument, whose list shows it), that day,
 * and the lowest closing balance, in `currency`.
 */
export const negativeCashSchema = z.object({
  currency: currencyCode,
  transactionId: uuid,
  type: z.enum(TRANSACTION_TYPES),
  instrument: instrumentSchema.nullable(),
  date: isoDate,
  lowest: decimalString,
  lowestDate: isoDate,
})
export type NegativeCash = z.infer<typeof negativeCashSchema>

/**
 * The last trading day's change (docs/portfolio-math.md): each holding's last price move on the
 * units held at the close before it, summed over the holdings whose price is current.
 */
export const dayChangeSchema = z.object({
  /** Base currency. */
  change: decimalString,
  /** Change ÷ what the same units were worth at their earlier closes. */
  return: fraction,
  /** The latest date a counted move ended on ("today" when it is `asOf`); null without one. */
  date: isoDate.nullable(),
  /** The earliest such date: before `date` when holdings last moved on different days. */
  earliestDate: isoDate.nullable(),
})
export type DayChange = z.infer<typeof dayChangeSchema>

export const reportQuerySchema = z.object({ asOf: isoDate.optional() })

export const reportSchema = z.object({
  asOf: isoDate,
  baseCurrency: currencyCode,
  costBasisMethod: z.enum(COST_BASIS_METHODS),
  holdings: z.array(holdingSchema),
  closedPositions: z.array(closedPositionSchema),
  /** How many sales up to `asOf`; they are read a page at a time (salePageSchema). */
  saleCount: z.number().int(),
  income: z.array(incomeSchema),
  totals: totalsSchema,
  dayChange: dayChangeSchema,
  negativeCash: z.array(negativeCashSchema),
  years: z.array(yearTotalsSchema),
})
export type PortfolioReport = z.infer<typeof reportSchema>

export const saleQuerySchema = z.object({
  asOf: isoDate.optional(),
  /** Only this instrument's sales. */
  instrumentId: uuid.optional(),
  /** From a previous page's `nextCursor`. */
  cursor: z
    .string()
    .regex(/^[0-9]{1,9}$/, 'invalid')
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
})

/** The sales of a report, newest first (by trade date; within a day, the last recorded first). */
export const salePageSchema = z.object({
  sales: z.array(saleSchema),
  nextCursor: z.string().nullable(),
})
export type SalePage = z.infer<typeof salePageSchema>

export const openLotsQuerySchema = z.object({
  asOf: isoDate.optional(),
  instrumentId: uuid,
})

/** The lots of one holding on a date. FIFO: those still held, oldest first. Average: the pool. */
export const openLotsSchema = z.object({ lots: z.array(lotSchema) })
export type OpenLots = z.infer<typeof openLotsSchema>

export const performanceQuerySchema = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** How the returns are measured (docs/real-returns.md): `nominal` (default), `real`, … */
  measure: z.enum(MEASURES).default('nominal'),
})

const rateSchema = z.object({ rate: fraction, annualized: fraction.optional() })

const twrSchema = z.object({ cumulative: z.number(), annualized: fraction })
/** Money-weighted (XIRR), an annual rate; null with `reason` when it has no solution. */
const mwrSchema = rateSchema.extend({ reason: z.string().nullable() })

/** An index value in force on a day (docs/real-returns.md, rules 2 and 3). */
const indexValueSchema = z.object({
  /** The day's month, `YYYY-MM`. */
  month: z.string(),
  /** The month it was published for: `month`, or an earlier one carried forward. */
  valueMonth: z.string(),
  value: decimalString,
  provisional: z.boolean(),
})

/** A reference rate in force on a day: units of the measured currency per unit of the base. */
const measureRateSchema = z.object({ date: isoDate, value: decimalString })

/** What a measure other than nominal used, and the nominal returns beside it. */
const measureSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('real'),
    measure: z.enum(MEASURES),
    /** `TR-TUFE` (chained across its rebasing), `EA-HICP-2025`, `DE-VPI-2020`, `US-CPI-1982`. */
    index: z.enum(REAL_INDICES),
    /** The index on the day before the range and on its last day. */
    start: indexValueSchema,
    end: indexValueSchema,
    /** A month past the newest published one was read: the real figures will change. */
    provisional: z.boolean(),
    nominal: z.object({ twr: twrSchema.nullable(), mwr: mwrSchema.nullable() }),
  }),
  z.object({
    kind: z.literal('currency'),
    measure: z.enum(MEASURES),
    /** The portfolio's own currency, converted from. */
    portfolioCurrency: currencyCode,
    start: measureRateSchema,
    end: measureRateSchema,
    nominal: z.object({ twr: twrSchema.nullable(), mwr: mwrSchema.nullable() }),
  }),
])

/** The daily value series of a range and its returns; values are floats, for charts. */
export const performanceSchema = z.object({
  /** The currency of the amounts: the portfolio's, or the one it is measured in. */
  baseCurrency: currencyCode,
  from: isoDate,
  to: isoDate,
  points: z.array(z.object({ date: isoDate, value: z.number(), investedCapital: z.number() })),
  /** Time-weighted: cumulative over the range, and per year when the range is longer than one. */
  /** The value at the end of the range − the value before it (money in and out included). */
  valueChange: z.number(),
  twr: twrSchema.nullable(),
  mwr: mwrSchema.nullable(),
  /**
   * Absent when nominal. Real: every amount in the money of `to`. In another currency: in it
   * (`baseCurrency`), converted at each day's rate.
   */
  measure: measureSchema.optional(),
})
export type Performance = z.infer<typeof performanceSchema>
