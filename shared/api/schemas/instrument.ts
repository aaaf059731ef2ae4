import { z } from 'zod'
import { isCountry } from '../../portfolio/countries'
import {
  FUND_TYPES,
  INSTRUMENT_TYPES,
  isFundInstrumentType,
  TEFAS_FUND_CLASSES,
  type InstrumentType,
} from '../../portfolio/portfolio-kinds'
import { SHARE_MARKETS } from '../../portfolio/share-market'
import { currencyCode, isoDate, plainText, positiveDecimal, uuid } from './common'
import { isValidIsin } from '../../portfolio/isin'
import { normalizePriceSymbol, priceSourceProblem } from '../../portfolio/price-providers'
import { priceProviderSchema } from './quote'

/** An instrument's code as stored: letters, digits and dots, upper case, at most 20. */
export const INSTRUMENT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9.]{0,19}$/
/** An exchange as stored (`BIST`, `XETRA`). */
export const EXCHANGE_PATTERN = /^[A-Z0-9]{2,10}$/

export const instrumentCode = z
  .string()
  .trim()
  .transform((text) => text.toUpperCase())
  .pipe(z.string().regex(INSTRUMENT_CODE_PATTERN, 'instrument_code'))

export const exchangeCode = z
  .string()
  .trim()
  .transform((text) => text.toUpperCase())
  .pipe(z.string().regex(EXCHANGE_PATTERN, 'exchange'))

/** A country, ISO 3166-1 alpha-2 (`de` is taken as `DE`). */
export const countryCode = z
  .string()
  .trim()
  .transform((text) => text.toUpperCase())
  .refine(isCountry, 'country')

/** What the tax rules read of an instrument, as the forms and the API take it. */
const taxAttributes = {
  fundType: z.enum(FUND_TYPES).nullish(),
  country: countryCode.nullish(),
  tefasFundClass: z.enum(TEFAS_FUND_CLASSES).nullish(),
}

/** A fund type or TEFAS class given to what is not a fund, blamed on the field. */
function refuseFundAttributesOfNonFund(
  input: { type: InstrumentType; fundType?: string | null; tefasFundClass?: string | null },
  context: z.RefinementCtx,
) {
  if (isFundInstrumentType(input.type)) return
  if (input.fundType) {
    context.addIssue({ code: 'custom', path: ['fundType'], message: 'fund_type_not_fund' })
  }
  if (input.tefasFundClass) {
    context.addIssue({
      code: 'custom',
      path: ['tefasFundClass'],
      message: 'tefas_fund_class_not_fund',
    })
  }
}

export const instrumentSchema = z.object({
  id: uuid,
  code: z.string(),
  name: z.string(),
  type: z.enum(INSTRUMENT_TYPES),
  currency: currencyCode,
  exchange: z.string().nullable(),
  isin: z.string().nullable(),
  /** The German securities number, where the catalog's source gives it (`716460`). */
  wkn: z.string().nullable().optional(),
  /** A TEFAS fund's category as TEFAS names it (`Hisse Senedi Şemsiye Fonu`); null for the rest. */
  fundCategory: z.string().nullable().optional(),
  /**
   * A fund's type for tax (§ 20 InvStG): `equity`, `mixed`, `realEstate`, `foreignRealEstate` or
   * `other`; null for what is not a fund (not `FUND` or `ETF`) or whose type is not known.
   */
  fundType: z.enum(FUND_TYPES).nullable(),
  /**
   * The issuer's country, ISO 3166-1 alpha-2: where a company, or a fund, is domiciled. The
   * catalog's is its ISIN's (a default); null: not known.
   */
  country: z.string().nullable(),
  /**
   * A Turkish fund's class for its stopaj (docs/tax-turkey.md rule 3): `equityIntensive`, the
   * group the reduced rates left out (`variable`, `mixed`, `eurobond`, `foreign`, `hedge`, `fx`,
   * `externalDebt`), `moneyMarket`, `debt`, `gold`, `participation`, `gsyf`, `gyf` or `other`;
   * null for what is not a Turkish fund or whose class is not known.
   */
  tefasFundClass: z.enum(TEFAS_FUND_CLASSES).nullable(),
  /**
   * Where a share trades, from its exchange (shared/portfolio/share-market.ts): `BIST` (Borsa
   * İstanbul) or `foreign`; null for what is not a share, or a share whose exchange is not known.
   */
  shareMarket: z.enum(SHARE_MARKETS).nullable(),
  /** A TEFAS fund's founder, the portfolio management company; null for the rest. */
  founder: z.string().nullable().optional(),
  slug: z.string(),
  /** False for the shared catalog, true for an instrument the user defined. */
  own: z.boolean(),
  /** Where its daily closes come from; null: entered by hand. */
  priceProvider: priceProviderSchema.nullable(),
  /** The provider's symbol (a TEFAS fund code, a CoinGecko id, an EODHD ticker). */
  priceSymbol: z.string().nullable(),
})
export type Instrument = z.infer<typeof instrumentSchema>

export const instrumentCreateSchema = z
  .object({
    code: instrumentCode,
    name: plainText.min(1, 'required').max(120, 'too_long'),
    type: z.enum(INSTRUMENT_TYPES),
    currency: currencyCode,
    exchange: exchangeCode.nullish(),
    isin: z
      .string()
      .trim()
      .transform((text) => text.toUpperCase())
      .refine(isValidIsin, 'isin')
      .nullish(),
    priceProvider: priceProviderSchema.nullish(),
    priceSymbol: z.string().trim().max(100, 'too_long').nullish(),
    ...taxAttributes,
  })
  .transform((input) => ({
    ...input,
    priceSymbol:
      input.priceProvider && input.priceSymbol
        ? normalizePriceSymbol(input.priceProvider, input.priceSymbol)
        : null,
  }))
  .superRefine(refuseFundAttributesOfNonFund)
  // A provider needs its symbol, in its shape and with the currency its prices come in.
  .superRefine((input, context) => {
    if (!input.priceProvider) return
    const problem = input.priceSymbol
      ? priceSourceProblem(input.priceProvider, input.priceSymbol, input.currency)
      : 'required'
    if (problem) {
      context.addIssue({ code: 'custom', path: ['priceSymbol'], message: problem })
    }
  })
export type InstrumentCreate = z.infer<typeof instrumentCreateSchema>

/**
 * A change of one's own instrument: what the tax rules read of it, its fund type and TEFAS class
 * (a fund's only), its country and its exchange (where a share trades); null clears one. The rest
 * of an instrument stays as it was defined (transactions are in its currency).
 */
export const instrumentUpdateSchema = z
  .object({ ...taxAttributes, exchange: exchangeCode.nullish() })
  .strict()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'empty')
export type InstrumentUpdate = z.infer<typeof instrumentUpdateSchema>

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
