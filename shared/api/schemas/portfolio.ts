import { z } from 'zod'
import { COST_BASIS_METHODS } from '../../portfolio/portfolio-kinds'
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

/**
 * The figures of a portfolio's card, base currency, on `asOf` (today), each as the report has it
 * (the same engine run): value, total gain and return, the last trading day's change.
 */
export const portfolioSummarySchema = z.object({
  asOf: isoDate,
  value: decimalString,
  investedCapital: decimalString,
  totalGain: decimalString,
  /** Total gain ÷ invested capital. */
  totalReturn: fraction,
  dayChange: dayChangeSchema,
  /**
   * The holdings whose price is not current (stale, as the report marks them, or none at all),
   * each with the date of the price it is valued at (null: none).
   */
  staleHoldings: z.array(z.object({ instrument: instrumentSchema, priceDate: isoDate.nullable() })),
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
