import { z } from 'zod'
import { INSTRUMENT_TYPES } from '../../portfolio/portfolio-kinds'
import { currencyCode, isoDate, plainText, positiveDecimal, uuid } from './common'
import { isValidIsin } from '../../portfolio/isin'

export const instrumentCode = z
  .string()
  .trim()
  .transform((text) => text.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9.]{0,19}$/, 'instrument_code'))

export const instrumentSchema = z.object({
  id: uuid,
  code: z.string(),
  name: z.string(),
  type: z.enum(INSTRUMENT_TYPES),
  currency: currencyCode,
  exchange: z.string().nullable(),
  isin: z.string().nullable(),
  slug: z.string(),
  /** False for the shared catalog, true for an instrument the user defined. */
  own: z.boolean(),
})
export type Instrument = z.infer<typeof instrumentSchema>

export const instrumentCreateSchema = z.object({
  code: instrumentCode,
  name: plainText.min(1, 'required').max(120, 'too_long'),
  type: z.enum(INSTRUMENT_TYPES),
  currency: currencyCode,
  exchange: z
    .string()
    .trim()
    .transform((text) => text.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{2,10}$/, 'exchange'))
    .nullish(),
  isin: z
    .string()
    .trim()
    .transform((text) => text.toUpperCase())
    .refine(isValidIsin, 'isin')
    .nullish(),
})
export type InstrumentCreate = z.infer<typeof instrumentCreateSchema>

export const instrumentSearchSchema = z.object({
  q: plainText.max(60).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
})

export const instrumentListSchema = z.object({ instruments: z.array(instrumentSchema) })

/** Manual closing prices; a date given again replaces that day's price. */
export const pricesWriteSchema = z.object({
  prices: z
    .array(z.object({ date: isoDate, close: positiveDecimal }))
    .min(1, 'required')
    .max(5000, 'too_many'),
})
export type PricesWrite = z.infer<typeof pricesWriteSchema>

/** The closing prices of a date range (both ends optional), oldest first. */
export const pricesQuerySchema = z.object({ from: isoDate.optional(), to: isoDate.optional() })

export const pricePointSchema = z.object({ date: isoDate, close: z.string(), source: z.string() })
export const pricesSchema = z.object({ prices: z.array(pricePointSchema) })
export type Prices = z.infer<typeof pricesSchema>
