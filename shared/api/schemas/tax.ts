import { z } from 'zod'
import { currencyCode, decimalString, nonNegativeDecimal, uuid } from './common'

/**
 * The years a depot's tax settings are kept for: from the Abgeltungsteuer's first, 2009, to
 * 2100 (the table's check, 20261203000020_tax_settings.sql).
 */
export const TAX_YEARS = { first: 2009, last: 2100 } as const

/** A year in a path: four digits, within TAX_YEARS. */
export const taxYear = z
  .string()
  .regex(/^[0-9]{4}$/, 'integer')
  .transform(Number)
  .pipe(z.number().int().min(TAX_YEARS.first, 'too_small').max(TAX_YEARS.last, 'too_big'))
  .describe(`A year from ${TAX_YEARS.first} to ${TAX_YEARS.last}`)

/**
 * An amount in euros as the table keeps it (numeric(12,2)): not negative, at most two decimals
 * and ten digits before them.
 */
export const euroAmount = nonNegativeDecimal
  .refine((text) => !/\.\d{3,}$/.test(text), 'cents')
  .refine((text) => (text.split('.')[0] ?? '').length <= 10, 'too_big')
  // The document states the whole rule as a pattern (refinements alone show none).
  .meta({
    description: 'An amount in euros as a decimal string: not negative, at most two decimals',
    pattern: '^(0|[1-9][0-9]{0,9})(\\.[0-9]{1,2})?$',
  })

/**
 * What a depot's year is told: the Freistellungsauftrag given to it, and whether a
 * Verlustbescheinigung was requested for the year (docs/tax-germany.md, rules 4 and 6).
 */
export const taxYearWriteSchema = z.object({
  freistellungsauftrag: euroAmount,
  lossCertificate: z.boolean(),
})
export type TaxYearWrite = z.infer<typeof taxYearWriteSchema>

export const taxYearSchema = z.object({
  year: z.number().int(),
  /** In euros, with its two decimals. */
  freistellungsauftrag: decimalString,
  lossCertificate: z.boolean(),
})
export type TaxYear = z.infer<typeof taxYearSchema>

/** A portfolio's years, oldest first; a year without a row has no FSA and no certificate. */
export const taxYearListSchema = z.object({ taxYears: z.array(taxYearSchema) })

/**
 * A person's Freistellungsaufträge of a year: each portfolio's (none recorded reads as zero),
 * the Sparer-Pauschbetrag they may share out, what is given and what is left (negative when
 * more is given than the allowance, as after joint assessment is switched off).
 */
export const taxYearOverviewSchema = z.object({
  year: z.number().int(),
  jointAssessment: z.boolean(),
  allowance: decimalString,
  used: decimalString,
  left: decimalString,
  portfolios: z.array(
    z.object({
      id: uuid,
      name: z.string(),
      baseCurrency: currencyCode,
      freistellungsauftrag: decimalString,
      lossCertificate: z.boolean(),
    }),
  ),
})
export type TaxYearOverview = z.infer<typeof taxYearOverviewSchema>
