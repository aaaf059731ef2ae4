import { z } from 'zod'
import { CURRENCIES, isCurrency } from './currencies'

/**
 * Shapes shared by every API resource. Decimals travel as plain decimal strings (`"1234.5"`,
 * never a float and never a localized text); the forms turn what a user typed in their locale's
 * format into these strings before validating.
 */
export const decimalString = z
  .string()
  .regex(/^-?(0|[1-9]\d{0,19})(\.\d{1,20})?$/, 'decimal')
  .describe('A decimal number as a string: digits, an optional "." and up to 20 decimals')

/** A decimal greater than zero. */
export const positiveDecimal = decimalString.refine(
  (text) => /[1-9]/.test(text) && !text.startsWith('-'),
  'positive',
)

/** A decimal of zero or more. */
export const nonNegativeDecimal = decimalString.refine(
  (text) => !text.startsWith('-'),
  'non_negative',
)

/**
 * The calendar dates the product takes. A value series has one point a day from the first
 * transaction, so a typo such as 0224 for 2024 (or a range to 9999) would ask one request for
 * centuries of points, more than a Worker's memory holds.
 */
const DATE_RANGE = { earliest: '1900-01-01', latest: '2099-12-31' } as const

export const isoDate = z.iso
  .date()
  .refine((text) => text >= DATE_RANGE.earliest && text <= DATE_RANGE.latest, 'date_range')
  .describe(`A calendar date, YYYY-MM-DD, from ${DATE_RANGE.earliest} to ${DATE_RANGE.latest}`)

// Half of a surrogate pair without its other half: in Unicode mode a pair reads as one code point,
// so only a lone half is in the category. It is no character (UTF-8 cannot encode it: it would be
// stored as U+FFFD, and Postgres refuses it in JSON), so the text is not well-formed.
const LONE_SURROGATE = /\p{Surrogate}/u

// Control characters other than tab and line breaks: never part of what a person typed, and NUL
// cannot even be stored (Postgres refuses it in text).
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/

/**
 * Text a person typed (a name, a note): trimmed, and refused when it is not well-formed Unicode
 * (checked first: the API answers that 400, the request being malformed) or holds control
 * characters.
 */
export const plainText = z
  .string()
  .trim()
  .refine((text) => !LONE_SURROGATE.test(text), 'unpaired_surrogate')
  .refine((text) => !CONTROL_CHARACTER.test(text), 'control_characters')

/** Text kept as sent (a file's column header), refused as `plainText` is. */
export const verbatimText = z
  .string()
  .refine((text) => !LONE_SURROGATE.test(text), 'unpaired_surrogate')
  .refine((text) => !CONTROL_CHARACTER.test(text), 'control_characters')

export const currencyCode = z
  .string()
  .refine(isCurrency, 'currency')
  // The OpenAPI document lists the codes (a refinement alone shows no rule); the field stays
  // typed as text, as answers read currencies back from the database.
  .meta({ description: 'An ISO 4217 currency code the reference rates convert', enum: CURRENCIES })

export const uuid = z.uuid()

export const timestamp = z.iso.datetime({ offset: true })

/** Every error the API answers: a stable code for programs, a message in the caller's language. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** For validation errors: the field at fault and its own code, for forms to show beside it. */
    fields: z
      .array(z.object({ path: z.string(), code: z.string(), message: z.string() }))
      .optional(),
  }),
})
export type ApiError = z.infer<typeof apiErrorSchema>

/** A return or a share as a fraction of one (0.125 is 12.5 %); null when it has no meaning. */
export const fraction = z.number().nullable()

/** One figure in the instrument's currency and in the portfolio's base currency. */
export const amounts = z.object({ instrument: decimalString, base: decimalString })
