import { z } from 'zod'
import { isValidIsin } from '../../portfolio/isin'
import { INSTRUMENT_TYPES } from '../../portfolio/portfolio-kinds'
import {
  normalizePriceSymbol,
  PRICE_PROVIDER_RULES,
  PRICE_SYMBOL_MAX_LENGTH,
} from '../../portfolio/price-providers'
import { currencyCode, plainText } from './common'

/**
 * The price services an instrument the catalog lacks can be looked up at: Yahoo Finance for
 * listed shares, ETFs and funds, CoinGecko for crypto (docs/quotes.md, "Looking an instrument up").
 */
export const LOOKUP_PROVIDERS = ['yahoo', 'coingecko'] as const
export type LookupProvider = (typeof LOOKUP_PROVIDERS)[number]

export const lookupProviderSchema = z.enum(LOOKUP_PROVIDERS)

/** What was typed in the instrument search: a code, a name or an ISIN. */
export const lookupQuerySchema = z.object({ q: plainText.min(1, 'required').max(60, 'too_long') })

/** One instrument a price service lists, as the catalog would store it. */
export const lookupCandidateSchema = z.object({
  provider: lookupProviderSchema,
  /** The service's own symbol, which prices it (`VWCE.DE`, `bitcoin`). */
  symbol: z.string(),
  code: z.string(),
  name: z.string(),
  type: z.enum(INSTRUMENT_TYPES),
  currency: currencyCode,
  /** As the catalog names exchanges (`XETRA`, `NASDAQ`, `LONDON`); null for crypto. */
  exchange: z.string().nullable(),
  /** The ISIN it was found by; the services' searches name none otherwise. */
  isin: z.string().nullable(),
})
export type LookupCandidate = z.infer<typeof lookupCandidateSchema>

export const lookupListSchema = z.object({
  candidates: z.array(lookupCandidateSchema),
  /** Services that did not answer: their instruments may be missing from the list. */
  unavailable: z.array(lookupProviderSchema),
})
export type LookupList = z.infer<typeof lookupListSchema>

/**
 * A candidate to add to the catalog, named by its service and symbol only: the worker asks the
 * service again for the rest. `isin` is the one it was found by, checked there again too.
 */
export const lookupAddSchema = z
  .object({
    provider: lookupProviderSchema,
    symbol: z.string().trim().min(1, 'required').max(PRICE_SYMBOL_MAX_LENGTH, 'too_long'),
    isin: z
      .string()
      .trim()
      .transform((text) => text.toUpperCase())
      .refine(isValidIsin, 'isin')
      .nullish(),
  })
  .transform((input) => ({
    ...input,
    symbol: normalizePriceSymbol(input.provider, input.symbol),
    isin: input.isin ?? null,
  }))
  .superRefine((input, context) => {
    if (!PRICE_PROVIDER_RULES[input.provider].symbol.test(input.symbol)) {
      context.addIssue({ code: 'custom', path: ['symbol'], message: 'price_symbol' })
    }
  })
export type LookupAdd = z.infer<typeof lookupAddSchema>
