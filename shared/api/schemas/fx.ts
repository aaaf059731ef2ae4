import { z } from 'zod'
import { currencyCode, isoDate } from './common'

export const fxQuerySchema = z.object({ base: currencyCode, quote: currencyCode, date: isoDate })

/** `rate` quote units per 1 base unit on `rateDate` (the last published day on or before `date`). */
export const fxRateSchema = z.object({
  base: currencyCode,
  quote: currencyCode,
  date: isoDate,
  rateDate: isoDate,
  rate: z.string(),
  /** `ECB`, `TCMB`, or how a cross rate was derived (`ECB via EUR`). */
  source: z.string(),
})
export type FxRate = z.infer<typeof fxRateSchema>
