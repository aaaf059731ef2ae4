import { z } from 'zod'
import { COST_BASIS_METHODS } from '../../portfolio/portfolio-kinds'
import { MEASURES } from '../../portfolio/measures'
import {
  currencyCode,
  decimalString,
  fraction,
  isoDate,
  plainText,
  timestamp,
  uuid,
} from './common'
import { instrumentSchema } from './instrument'
import { dayChangeSchema } from './report'

export const portfolioName = plainText.min(1, 'required').max(80, 'too_long')

/** What a user chooses when creating a portfolio. */
export const portfolioCreateSchema = z.object({
  name: portfolioName,
  baseCurrency: currencyCode,
  costBasisMethod: z.enum(COST_BASIS_METHODS),
  recordsCash: z.boolean(),
})
export type PortfolioCreate = z.infer<typeof portfolioCreateSchema>

/**
 * What can change later: the name and the cost method (figures are recomputed), and recording
 * cash, which can be switched on (history kept) but never off.
 */
export const portfolioUpdateSchema = z
  .object({
    name: portfolioName,
    costBasisMethod: z.enum(COST_BASIS_METHODS),
    recordsCash: z.literal(true),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'empty')
export type PortfolioUpdate = z.infer<typeof portfolioUpdateSchema>

export const portfolioSchema = z.object({
  id: uuid,
  name: z.string(),
  baseCurrency: currencyCode,
  costBasisMethod: z.enum(COST_BASIS_METHODS),
  recordsCash: z.boolean(),
  transactionCount: z.number().int(),
  createdAt: timestamp,
  updatedAt: timestamp,
})
export type Portfolio = z.infer<typeof portfolioSchema>

/** A measure other than nominal: real by an index, or in another currency. */
export const otherMeasure = z.enum(MEASURES).exclude(['nominal'])

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/)

/**
 * A portfolio's totals on `asOf` measured real (in the money of `asOf`) or in another currency
 * (docs/real-returns.md, rule 11), the nominal ones' definitions in that money.
 */
export const measuredGainsSchema = z.object({
  measure: otherMeasure,
  asOf: isoDate,
  /** The amounts' currency: the base currency (real) or the one converted into. */
  currency: currencyCode,
  value: decimalString,
  /** Each change of invested capital × its day's factor. */
  investedCapital: decimalString,
  peakInvestedCapital: decimalString,
  totalGain: decimalString,
  /** Total gain ÷ peak invested capital; null while nothing was invested. */
  totalReturn: fraction,
  /**
   * Real: the index (`TR-TUFE`, TÜFE chained; `EA-HICP-2025`, `DE-VPI-2020`, `US-CPI-1982`) and
   * the month whose value `asOf` has (an earlier one when carried forward); null in a currency.
   */
  index: z.object({ code: z.string(), month }).nullable(),
  /** In a currency: its units per unit of the base currency on `asOf`, and the rate's date. */
  rate: z.object({ value: decimalString, date: isoDate }).nullable(),
  /** An index month read is not published yet (carried forward): the figures will change. */
  provisional: z.boolean(),
})
export type MeasuredGains = z.infer<typeof measuredGainsSchema>

export const measuredGainsQuerySchema = z.object({
  measure: otherMeasure,
  /** The report's date (default the caller's today). */
  asOf: isoDate.optional(),
})

/**
 * The figures of a portfolio's card, base currency, on `asOf` (today), each as the report has it
 * (the same engine run): value, total gain and return, the last trading day's change.
 */
export const portfolioSummarySchema = z.object({
  asOf: isoDate,
  value: decimalString,
  /** With cash: net deposits; without: net invested (docs/portfolio-math.md). */
  investedCapital: decimalString,
  /** The highest invested capital at the end of a day so far. */
  peakInvestedCapital: decimalString,
  totalGain: decimalString,
  /** Total gain ÷ peak invested capital; null while nothing was invested. */
  totalReturn: fraction,
  dayChange: dayChangeSchema,
  /**
   * The holdings whose price is not current (stale, as the report marks them, or none at all),
   * each with the date of the price it is valued at (null: none).
   */
  staleHoldings: z.array(z.object({ instrument: instrumentSchema, priceDate: isoDate.nullable() })),
  /**
   * The total gain and return real, by the base currency's index (`measure: 'real'`); `gains`
   * null with the `reason`: the currency has no index, the index lacks a month it needs, or no
   * value of it is loaded yet (its source's key is not set).
   */
  real: z.object({
    index: z.string().nullable(),
    gains: measuredGainsSchema.nullable(),
    reason: z.enum(['no_index', 'missing_price_index', 'index_unavailable']).nullable(),
  }),
})
export type PortfolioSummary = z.infer<typeof portfolioSummarySchema>

export const planLimitsSchema = z.object({
  plan: z.enum(['free', 'pro']),
  portfolios: z.number().int().nullable(),
  transactionsPerPortfolio: z.number().int(),
})
export type PlanLimits = z.infer<typeof planLimitsSchema>

export const portfolioListSchema = z.object({
  portfolios: z.array(
    portfolioSchema.extend({
      /** Null when the figures cannot be computed (the engine's error is in `problem`). */
      summary: portfolioSummarySchema.nullable(),
      problem: z.object({ code: z.string(), message: z.string() }).nullable(),
    }),
  ),
  limits: planLimitsSchema,
})
export type PortfolioList = z.infer<typeof portfolioListSchema>
