import { z } from 'zod'
import {
  FUND_RATE_REASONS,
  NOT_COVERED_REASONS,
  TEFAS_FUND_CLASSES,
  TRANSACTION_TYPES,
} from '../../portfolio/portfolio-kinds'
import { CHURCH_TAX_RATES } from '../../tax/tax-settings'
import {
  currencyCode,
  decimalString,
  isoDate,
  nonNegativeDecimal,
  positiveDecimal,
  uuid,
} from './common'
import { instrumentSchema } from './instrument'

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

const potsSchema = z.object({ shares: decimalString, general: decimalString })

/**
 * A portfolio's year as a German depot (docs/tax-germany.md), in euros: each item of capital
 * income (a sale's gain or loss, a dividend, interest, a Vorabpauschale), the year assessed as
 * the bank withholds (pots, Freistellungsauftrag, foreign tax, KapESt, Soli, church tax), and in
 * the current year each fund's Vorabpauschale due next January at today's price.
 */
export const germanTaxViewSchema = z.object({
  year: z.number().int(),
  /** The year's end, or today in the current year. */
  asOf: isoDate,
  churchTaxRate: z.enum(CHURCH_TAX_RATES),
  jointAssessment: z.boolean(),
  freistellungsauftrag: decimalString,
  assessment: z.object({
    shareGains: decimalString,
    shareLosses: decimalString,
    generalIncome: decimalString,
    carriedIn: potsSchema,
    income: decimalString,
    allowanceUsed: decimalString,
    allowanceLeft: decimalString,
    taxable: decimalString,
    foreignTax: z.object({
      creditable: decimalString,
      credited: decimalString,
      lapsed: decimalString,
    }),
    kapESt: decimalString,
    soli: decimalString,
    churchTax: decimalString,
    carriedOut: potsSchema,
  }),
  items: z.array(
    z.object({
      date: isoDate,
      kind: z.enum(['sale', 'dividend', 'interest', 'vorabpauschale']),
      pot: z.enum(['shares', 'general']),
      /** Before a fund's Teilfreistellung. */
      gross: decimalString,
      /** Taxable: after it. */
      amount: decimalString,
      creditableForeignTax: decimalString,
      transactionId: uuid.nullable(),
      instrument: instrumentSchema.nullable(),
    }),
  ),
  expectedVorabpauschalen: z.array(
    z.object({
      instrument: instrumentSchema.nullable(),
      units: decimalString,
      amount: decimalString,
      taxable: decimalString,
      receivedOn: isoDate,
    }),
  ),
  /** Funds whose type is not set: taxed without a Teilfreistellung until it is. */
  fundsWithoutType: z.array(instrumentSchema),
  /** Crypto-assets and commodities it holds or held: private sales (§ 23 EStG), left out. */
  notCapitalIncome: z.array(instrumentSchema),
  /**
   * Funds held at the end of the year before whose prices of that year are missing (its first or
   * its last): the Vorabpauschale received this year could not be computed for them.
   */
  vorabpauschaleUnpriced: z.array(
    z.object({ instrument: instrumentSchema, year: z.number().int() }),
  ),
})
export type GermanTaxView = z.infer<typeof germanTaxViewSchema>

/** One depot's year in a person's German tax: the figures of its assessment that add up. */
const depotYearSchema = z.object({
  income: decimalString,
  freistellungsauftrag: decimalString,
  allowanceUsed: decimalString,
  taxable: decimalString,
  foreignTaxCredited: decimalString,
  kapESt: decimalString,
  soli: decimalString,
  churchTax: decimalString,
  carriedOut: potsSchema,
})

/**
 * A person's year across their depots (each portfolio in euros, oldest first), each as
 * `germanTaxViewSchema` assesses it, with the totals; the Sparer-Pauschbetrag given in
 * Freistellungsaufträge, used and left unused; and what the tax return could give back of the
 * tax withheld on income the unused allowance would have covered (§ 32d Abs. 4 EStG).
 */
export const germanTaxPersonSchema = z.object({
  year: z.number().int(),
  /** The year's end, or today in the current year. */
  asOf: isoDate,
  churchTaxRate: z.enum(CHURCH_TAX_RATES),
  jointAssessment: z.boolean(),
  depots: z.array(
    depotYearSchema.extend({
      id: uuid,
      name: z.string(),
      /** A Verlustbescheinigung is recorded as requested for the year: its pots are certified. */
      lossCertificate: z.boolean(),
    }),
  ),
  totals: depotYearSchema,
  allowance: z.object({
    /** The Sparer-Pauschbetrag of the year (doubled with joint assessment). */
    sparerPauschbetrag: decimalString,
    /** The depots' Freistellungsaufträge together. */
    given: decimalString,
    used: decimalString,
    /** The Sparer-Pauschbetrag no depot used, never below 0. */
    unused: decimalString,
  }),
  /**
   * The tax return's estimate: the taxable income the unused allowance covers (`base`, the
   * smaller of the two) and its taxes, at most what the depots withheld.
   */
  refund: z.object({
    base: decimalString,
    kapESt: decimalString,
    soli: decimalString,
    churchTax: decimalString,
    total: decimalString,
  }),
  /**
   * Depots that carry losses into the next year (no Verlustbescheinigung recorded) while another
   * depot paid tax: with one, the tax return could offset them.
   */
  lossCertificateCandidates: z.array(uuid),
  /** Portfolios not in euros: not depots of this view, not summed. */
  notInEuros: z.array(z.object({ id: uuid, name: z.string(), baseCurrency: currencyCode })),
})
export type GermanTaxPerson = z.infer<typeof germanTaxPersonSchema>

/**
 * A sale being considered, as the transaction form has it: `quantity` units of `instrument` at
 * `price` a unit in the instrument's currency, less `fee` (the whole sale's), on `date` (not
 * after today), converted to euros at `fxRate` (euros per unit of the instrument's currency;
 * without it, the reference rate of the date).
 */
export const salePreviewQuerySchema = z.object({
  instrument: uuid,
  quantity: positiveDecimal,
  price: positiveDecimal,
  fee: nonNegativeDecimal.optional(),
  date: isoDate,
  fxRate: positiveDecimal.optional(),
})
export type SalePreviewQuery = z.infer<typeof salePreviewQuerySchema>

/**
 * What a sale would cost in German tax this year (docs/tax-germany.md, Example 23), in euros:
 * the FIFO lots it takes, its gain and what makes it up, the tax it adds to the year's, the
 * Freistellungsauftrag left before and after it, and the most whole units that could be sold at
 * the same price without tax.
 */
export const germanSalePreviewSchema = z.object({
  date: isoDate,
  /** Euros per unit of the instrument's currency the sale is converted at ("1" in euros). */
  fxRate: decimalString,
  /** Units held on the date, before the sale. */
  held: decimalString,
  /** Oldest first: the purchase (or transfer in) that brought each, its date, units and cost. */
  lots: z.array(
    z.object({
      transactionId: uuid.nullable(),
      tradeDate: isoDate,
      units: decimalString,
      cost: decimalString,
    }),
  ),
  /** Less the costs of the sale. */
  proceeds: decimalString,
  cost: decimalString,
  /** A fund's Vorabpauschalen of the units sold, deducted from its gain. */
  vorabpauschalen: decimalString,
  grossGain: decimalString,
  /** A fund's: the share of its gain that is tax-free, and that part; null for anything else. */
  teilfreistellung: z.object({ rate: decimalString, amount: decimalString }).nullable(),
  taxableGain: decimalString,
  pot: z.enum(['shares', 'general']),
  /** What the sale adds to the year's tax. */
  tax: z.object({
    kapESt: decimalString,
    soli: decimalString,
    churchTax: decimalString,
    total: decimalString,
  }),
  churchTaxRate: z.enum(CHURCH_TAX_RATES),
  freistellungsauftragLeft: z.object({ before: decimalString, after: decimalString }),
  taxFreeUnits: decimalString,
})
export type GermanSalePreview = z.infer<typeof germanSalePreviewSchema>

/** A TCMB buying rate (lira per unit) and the day of its bulletin. */
const tcmbRateSchema = z.object({ date: isoDate, value: decimalString })

/** A month of Yİ-ÜFE, `YYYY-MM`. */
const month = z.string().regex(/^[0-9]{4}-[0-9]{2}$/)

/** The part of one FIFO lot a sale takes, in lira (docs/tax-turkey.md rule 10). */
const saleLotFields = {
  /** The purchase, rights issue or transfer in that brought the units. */
  acquiredBy: uuid,
  /** The purchase day (a transfer's acquisition date). */
  boughtOn: isoDate,
  units: decimalString,
  /** Fees included, at the TCMB rate of the purchase day. */
  cost: decimalString,
  /** The sale's proceeds less its costs, for these units. */
  proceeds: decimalString,
  gain: decimalString,
}

/** What every item names: the transaction, its day and its instrument. */
const itemFields = {
  transactionId: uuid,
  date: isoDate,
  instrument: instrumentSchema.nullable(),
}

/** A sale's figures in lira at the TCMB rate of its day: proceeds less its costs, FIFO cost, gain. */
const saleFields = {
  ...itemFields,
  quantity: decimalString,
  proceeds: decimalString,
  cost: decimalString,
  /** Before indexation. */
  gain: decimalString,
}

/** A Borsa İstanbul share sale: at 0 % stopaj, not taxed, nothing to declare (rule 2). */
const bistSaleSchema = z.object({
  kind: z.literal('bistSale'),
  ...saleFields,
  lots: z.array(z.object(saleLotFields)),
  stopaj: decimalString,
})

/** A TEFAS fund sale: stopaj withheld lot by lot at the rate of its purchase band, final (rule 3). */
const fundSaleSchema = z.object({
  kind: z.literal('fundSale'),
  ...saleFields,
  fundClass: z.enum(TEFAS_FUND_CLASSES),
  lots: z.array(
    z.object({
      ...saleLotFields,
      rate: decimalString,
      /** Why the lot bears its rate. */
      reason: z.enum(FUND_RATE_REASONS),
      /** The purchase band: its days, its two rates and the decision that set it. */
      band: z.object({
        from: isoDate,
        through: isoDate.nullable(),
        otherFunds: decimalString,
        excludedGroup: decimalString,
        decision: z.string(),
      }),
      /** The lot's gain × its rate, exact; none on a loss. */
      stopaj: decimalString,
    }),
  ),
  /** The lots' stopaj, rounded half up to the kuruş. */
  stopaj: decimalString,
})

/**
 * A foreign share or fund sale, declared (rules 6–9): its gain without indexation (`gain`) and
 * with it (`indexedGain`); each lot says whether Yİ-ÜFE rose enough to index its cost.
 */
const foreignSaleSchema = z.object({
  kind: z.literal('foreignSale'),
  ...saleFields,
  currency: currencyCode,
  proceedsInCurrency: decimalString,
  /** Null for a sale in lira. */
  saleRate: tcmbRateSchema.nullable(),
  lots: z.array(
    z.object({
      ...saleLotFields,
      costInCurrency: decimalString,
      /** Null for a lot bought in lira. */
      costRate: tcmbRateSchema.nullable(),
      indexation: z.object({
        purchaseMonth: month,
        purchaseIndex: decimalString,
        saleMonth: month,
        saleIndex: decimalString,
        /** The index rose at least 10 %: the cost is indexed. */
        applies: z.boolean(),
        /** The cost indexed, or the cost when it does not apply. */
        cost: decimalString,
      }),
      /** Lowered by indexation at most to zero; a loss is never deepened. */
      indexedGain: decimalString,
    }),
  ),
  indexedGain: decimalString,
})

/** Listed, not computed (docs/tax-turkey.md, "What this view does not cover"), and why. */
const notCoveredReason = z.enum(NOT_COVERED_REASONS)

const turkishTaxItemSchema = z.discriminatedUnion('kind', [
  bistSaleSchema,
  fundSaleSchema,
  foreignSaleSchema,
  /** A Turkish company's dividend: stopaj by the payment date and the decision setting it (rule 4). */
  z.object({
    kind: z.literal('turkishDividend'),
    ...itemFields,
    gross: decimalString,
    rate: decimalString,
    decision: z.string(),
    stopaj: decimalString,
  }),
  /** A foreign dividend in lira at the TCMB rate of its day, with the tax withheld abroad (rules 11, 12). */
  z.object({
    kind: z.literal('foreignDividend'),
    ...itemFields,
    currency: currencyCode,
    /** The gross and the tax withheld, in the dividend's currency. */
    amount: decimalString,
    tax: decimalString,
    /** Null for a dividend in lira. */
    rate: tcmbRateSchema.nullable(),
    gross: decimalString,
    foreignTax: decimalString,
  }),
  z.object({
    kind: z.literal('notCovered'),
    ...itemFields,
    reason: notCoveredReason,
    type: z.enum(TRANSACTION_TYPES),
  }),
])
export type TurkishTaxItemView = z.infer<typeof turkishTaxItemSchema>

/** A declaration test: the amount, the year's amount it must exceed (null: not known), the outcome. */
const declarationTestSchema = z.object({
  amount: decimalString,
  threshold: decimalString.nullable(),
  /** Null when there is something to test and the year's amount is not known. */
  declared: z.boolean().nullable(),
})

/**
 * A year assessed (docs/tax-turkey.md): the stopaj withheld at source (final), the foreign sales and
 * dividends, the declaration tests, and the March beyanname's estimate.
 */
const turkishAssessmentSchema = z.object({
  year: z.number().int(),
  bistShares: z.object({ gain: decimalString }),
  funds: z.object({ gain: decimalString, stopaj: decimalString }),
  turkishDividends: z.object({
    gross: decimalString,
    stopaj: decimalString,
    /** On the half of the gross left after the exemption (GVK 22/3). */
    test: declarationTestSchema,
  }),
  /** After indexation, the net never below zero; and the net without indexation. */
  foreignSales: z.object({
    gains: decimalString,
    losses: decimalString,
    net: decimalString,
    netWithoutIndexation: decimalString,
  }),
  foreignDividends: z.object({
    gross: decimalString,
    foreignTax: decimalString,
    test: declarationTestSchema,
  }),
  declaration: z.object({
    foreignGains: decimalString,
    foreignDividends: decimalString,
    turkishDividends: decimalString,
    income: decimalString,
    /**
     * By the year's tariff, less the stopaj of declared Turkish dividends and the foreign tax
     * credited: `balance` to pay, or refunded when negative. Null for a year without its tariff,
     * or a test whose year's amount is not known.
     */
    estimate: z
      .object({
        tax: decimalString,
        turkishStopajCredited: decimalString,
        foreignTaxCredited: decimalString,
        foreignTaxNotCredited: decimalString,
        balance: decimalString,
      })
      .nullable(),
  }),
})

/**
 * A portfolio's year as the Turkish tax sees it (docs/tax-turkey.md), in lira at the TCMB
 * buying rates: every sale and payment of the year, computed or named as not covered, and the
 * year assessed: stopaj withheld at source (final), the declaration tests, and the March
 * beyanname's estimate as if the portfolio were the person's only income.
 */
export const turkishTaxViewSchema = z.object({
  year: z.number().int(),
  /** The year's end, or today in the current year. */
  asOf: isoDate,
  /** In the order of their transactions. */
  items: z.array(turkishTaxItemSchema),
  assessment: turkishAssessmentSchema,
})
export type TurkishTaxView = z.infer<typeof turkishTaxViewSchema>

/**
 * A Turkish resident's year across their portfolios (docs/tax-turkey.md, rule 14), in lira at the
 * TCMB buying rates: each portfolio, oldest first, with what was withheld at source there and its
 * foreign sales and dividends; and the year of all of them assessed together, since the March
 * beyanname is the person's: its tests on the totals, one tariff, one foreign tax credit.
 */
export const turkishTaxPersonSchema = z.object({
  year: z.number().int(),
  /** The year's end, or today in the current year. */
  asOf: isoDate,
  portfolios: z.array(
    z.object({
      id: uuid,
      name: z.string(),
      baseCurrency: currencyCode,
      /** Stopaj on fund sales and on Turkish dividends, final. */
      fundStopaj: decimalString,
      turkishDividends: decimalString,
      turkishDividendStopaj: decimalString,
      /** The foreign sales' gains less losses, after indexation and without it; may be negative. */
      foreignGains: decimalString,
      foreignGainsWithoutIndexation: decimalString,
      foreignDividends: decimalString,
      foreignTax: decimalString,
      /** The year's entries listed, not computed (docs/tax-turkey.md, "What this view does not cover"). */
      notCovered: z.number().int(),
    }),
  ),
  /** All the portfolios' items of the year assessed together. */
  assessment: turkishAssessmentSchema,
})
export type TurkishTaxPerson = z.infer<typeof turkishTaxPersonSchema>

/** A sale not yet made has no transaction, and its instrument is the one asked for. */
const previewed = { transactionId: true, instrument: true } as const

/** A figure of the sale's year without the sale and with it. */
const beforeAfter = z.object({ before: decimalString, after: decimalString })

/**
 * What a sale would cause in Turkish tax (docs/tax-turkey.md, Examples 24–26), in lira at the TCMB
 * buying rates: the sale as its year takes it (its FIFO lots with a fund's stopaj or a foreign
 * share's indexation and gain, a Borsa İstanbul share's 0 %, or why it is not covered), and what
 * it changes in the year.
 */
export const turkishSalePreviewSchema = z.object({
  /** Units held on the date before the sale; null for an instrument the view keeps no lots of. */
  held: decimalString.nullable(),
  sale: z.discriminatedUnion('kind', [
    bistSaleSchema.omit(previewed),
    fundSaleSchema.omit(previewed),
    foreignSaleSchema.omit(previewed),
    z.object({ kind: z.literal('notCovered'), date: isoDate, reason: notCoveredReason }),
  ]),
  /**
   * The Yİ-ÜFE month a foreign sale needs (the month before it) when it is not published yet: the
   * estimate uses the newest published month, `used`, in its place. Null when it is published.
   */
  indexEstimate: z.object({ month, used: month }).nullable(),
  year: z.object({
    year: z.number().int(),
    /** The net değer artış kazancı declared in March of the next year (rules 6–9). */
    foreignGains: beforeAfter,
    /**
     * The beyanname's tax by the year's tariff, as if the portfolio were the only income; null
     * when the year has no estimate (docs/tax-turkey.md rule 5).
     */
    tax: beforeAfter.nullable(),
  }),
})
export type TurkishSalePreview = z.infer<typeof turkishSalePreviewSchema>
