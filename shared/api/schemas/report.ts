import { z } from 'zod'
import { COST_BASIS_METHODS } from '../../portfolio/portfolio-kinds'
import { amounts, currencyCode, decimalString, fraction, isoDate, uuid } from './common'
import { instrumentSchema } from './instrument'

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
  /** FIFO: the lots still held, oldest first. Average: the one pool. */
  openLots: z.array(lotSchema),
})
export type Holding = z.infer<typeof holdingSchema>

export const closedPositionSchema = positionIncome
export type ClosedPosition = z.infer<typeof closedPositionSchema>

export const saleSchema = z.object({
  transactionId: uuid,
  instrument: instrumentSchema,
  date: isoDate,
  quantity: decimalString,
  proceeds: amounts,
  cost: amounts,
  gain: amounts,
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
  investedCapital: decimalString,
  totalGain: decimalString,
  /** Total gain ÷ invested capital. */
  totalReturn: fraction,
  unrealizedGain: decimalString,
  unrealizedCurrencyEffect: decimalString,
  unrealizedPriceEffect: decimalString,
  realizedGain: decimalString,
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

/** One DIVIDEND or INTEREST, net of withholding, for the income list. */
export const incomeSchema = z.object({
  transactionId: uuid,
  type: z.enum(['DIVIDEND', 'INTEREST']),
  date: isoDate,
  instrument: instrumentSchema.nullable(),
  currency: currencyCode,
  gross: decimalString,
  /** Withholding tax. */
  tax: decimalString,
  /** Charges taken from the payment. */
  fee: decimalString,
  /** Gross − tax − fee, in the income's currency and in the base currency at its date's rate. */
  net: amounts,
})

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
  sales: z.array(saleSchema),
  income: z.array(incomeSchema),
  totals: totalsSchema,
  dayChange: dayChangeSchema,
  years: z.array(yearTotalsSchema),
})
export type PortfolioReport = z.infer<typeof reportSchema>

export const performanceQuerySchema = z.object({ from: isoDate.optional(), to: isoDate.optional() })

const rateSchema = z.object({ rate: fraction, annualized: fraction.optional() })

/** The daily value series of a range and its returns; values are floats, for charts. */
export const performanceSchema = z.object({
  baseCurrency: currencyCode,
  from: isoDate,
  to: isoDate,
  points: z.array(z.object({ date: isoDate, value: z.number(), investedCapital: z.number() })),
  /** Time-weighted: cumulative over the range, and per year when the range is longer than one. */
  twr: z.object({ cumulative: z.number(), annualized: fraction }).nullable(),
  /** Money-weighted (XIRR), an annual rate; null with `reason` when it has no solution. */
  mwr: rateSchema.extend({ reason: z.string().nullable() }).nullable(),
})
export type Performance = z.infer<typeof performanceSchema>
