import { z } from 'zod'
import { parseFigureId } from '../../portfolio/figure-ids'
import { MEASURES } from '../../portfolio/measures'
import { currencyCode, isoDate, uuid } from './common'
import { instrumentSchema } from './instrument'

/**
 * How one figure was computed, as the engine recorded it (worker/portfolio/derivation.ts): its
 * steps in the order they were combined, decimals as strings and floats as numbers, each naming
 * where its value comes from. Instruments the steps name are listed once, by id.
 */
export const explanationQuerySchema = z.object({
  /**
   * `totals.value`, `holding.<instrumentId>.marketValue`, `germanTax.kapESt`, …
   * (shared/portfolio/figure-ids.ts).
   */
  figure: z
    .string()
    .max(120)
    .refine((text) => parseFigureId(text) !== null, 'invalid'),
  /** The report's date, for the report's figures (default today); the German tax view's. */
  asOf: isoDate.optional(),
  /** The range, for the performance figures, as the performance route reads it. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** How the performance figures are measured, as the performance route reads it. */
  measure: z.enum(MEASURES).default('nominal'),
})

const stepValue = z.union([z.string(), z.number()])
const params = z.record(z.string(), z.union([z.string(), z.number()]))

const sourceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('transaction'),
    transactionId: uuid,
    type: z.string(),
    date: isoDate,
    instrumentId: uuid.nullable(),
  }),
  z.object({
    kind: z.literal('price'),
    instrumentId: uuid,
    date: isoDate,
    origin: z.enum(['close', 'trade']),
  }),
  z.object({
    kind: z.literal('fxRate'),
    currency: currencyCode,
    date: isoDate,
    origin: z.enum(['reference', 'transaction', 'tcmb']),
  }),
  z.object({ kind: z.literal('basiszins'), year: z.number().int() }),
  /**
   * A price index's value for a month (`TR-YIUFE-2003`, `TR-TUFE`, `US-CPI-1982`); `provisional`:
   * the newest published month carried forward.
   */
  z.object({
    kind: z.literal('priceIndex'),
    index: z.string(),
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
    provisional: z.boolean(),
  }),
  z.object({
    kind: z.literal('taxSetting'),
    setting: z.enum(['churchTaxRate', 'freistellungsauftrag']),
    year: z.number().int(),
  }),
])
export type ExplanationSource = z.infer<typeof sourceSchema>

export const ARITHMETICS = ['decimal', 'float', 'xirr'] as const

/** How a step joins the steps before it (worker/portfolio/explain/derivation.ts). */
export const STEP_OPERATIONS = [
  'plus',
  'minus',
  'times',
  'divide',
  'power',
  'atMost',
  'atLeast',
  'roundHalfUp',
  'floor',
] as const

export interface ExplanationStep {
  op: (typeof STEP_OPERATIONS)[number] | null
  kind: string
  label: string
  params: Record<string, string | number>
  value: string | number
  currency: string | null
  source: ExplanationSource | null
  figure: string | null
  parts: { arithmetic: (typeof ARITHMETICS)[number]; steps: ExplanationStep[] } | null
}

/**
 * Steps nest at most this deep (a return's growth, its sub-periods, what each started with). The
 * schema is written out to that depth rather than recursive, as OpenAPI documents it inline.
 */
export const MAX_STEP_DEPTH = 3

function stepSchemaOf(depth: number): z.ZodType<ExplanationStep> {
  const parts =
    depth === 0
      ? z.null()
      : z
          .object({ arithmetic: z.enum(ARITHMETICS), steps: z.array(stepSchemaOf(depth - 1)) })
          .nullable()
  return z.object({
    op: z.enum(STEP_OPERATIONS).nullable(),
    kind: z.string(),
    label: z.string(),
    params,
    value: stepValue,
    currency: z.string().nullable(),
    source: sourceSchema.nullable(),
    figure: z.string().nullable(),
    parts,
  })
}

const stepSchema = stepSchemaOf(MAX_STEP_DEPTH)

export const explanationSchema = z.object({
  figure: z.string(),
  formula: z.string(),
  arithmetic: z.enum(ARITHMETICS),
  /** The figure; null where it has no value (no rate, nothing invested). */
  value: stepValue.nullable(),
  /** What the figure is (`amount`, `quantity`, `price`, `fraction`, `rate`), and its currency. */
  kind: z.string(),
  currency: currencyCode.nullable(),
  baseCurrency: currencyCode,
  steps: z.array(stepSchema),
  notes: z.array(z.object({ label: z.string(), params })),
  /** Every instrument a step or its source names, by id. */
  instruments: z.record(uuid, instrumentSchema),
})
export type Explanation = z.infer<typeof explanationSchema>
