import { z } from 'zod'
import type { Measure } from '../../portfolio/measures'
import { currencyCode, decimalString, fraction, isoDate, uuid } from './common'
import { explanationSchema } from './explanation'
import { instrumentSchema } from './instrument'

/** The measures a benchmark is compared in: its own base currency, nominal or real. */
export const BENCHMARK_MEASURES = ['nominal', 'real', 'real-vpi'] as const satisfies Measure[]
export type BenchmarkMeasure = (typeof BENCHMARK_MEASURES)[number]

export const benchmarkQuerySchema = z.object({
  instrument: uuid,
  from: isoDate.optional(),
  to: isoDate.optional(),
  measure: z.enum(BENCHMARK_MEASURES).default('nominal'),
})

const cumulativePoint = z.object({ date: isoDate, cumulative: z.number() })

const close = z.object({ date: isoDate, price: decimalString })
const rate = z.object({ date: isoDate, rate: decimalString })
const indexValue = z.object({
  /** The day's month, `YYYY-MM`. */
  month: z.string(),
  value: decimalString,
  /** The month the value was published for: `month`, or an earlier one carried forward. */
  valueMonth: z.string(),
  provisional: z.boolean(),
})

/**
 * A portfolio's time-weighted return beside a benchmark's over the same range, in the same
 * measure, with both daily curves and what the benchmark's return was computed from
 * (docs/benchmark.md). Returns are fractions.
 */
export const benchmarkSchema = z.object({
  baseCurrency: currencyCode,
  measure: z.enum(BENCHMARK_MEASURES),
  from: isoDate,
  to: isoDate,
  instrument: instrumentSchema,
  portfolio: z.object({
    /** Null when the range has nothing invested to return on. */
    cumulative: fraction,
    points: z.array(cumulativePoint),
  }),
  benchmark: z.object({
    cumulative: z.number(),
    /** In the benchmark's own currency, nominal. */
    priceReturn: z.number(),
    currency: currencyCode,
    /** The close in force on the day before the range, and the last close in it. */
    start: close,
    end: close,
    /** Units of the base currency per unit of the benchmark's, when it is quoted in another. */
    rates: z.object({ start: rate, end: rate }).nullable(),
    /** The index (`TR-TUFE`, …: RealIndex) on the day before the range and on its last day, when real. */
    index: z
      .object({ code: z.string(), start: indexValue, end: indexValue, provisional: z.boolean() })
      .nullable(),
    points: z.array(cumulativePoint),
    /** How `cumulative` was computed, as `GET …/explain` answers for the other figures. */
    explanation: explanationSchema,
  }),
  /** The portfolio's return − the benchmark's; null without the portfolio's. */
  difference: fraction,
})
export type Benchmark = z.infer<typeof benchmarkSchema>
