import type { z } from 'zod'
import {
  exchangeCode,
  instrumentCreateSchema,
  type ImportField,
  type ImportRowProblem,
  type importInstrumentSchema,
} from '../../../shared/api/schemas'
import type { DraftInstrument } from '../../../shared/import/map-rows'
import { instrumentKey, type ImportableInstrument, type NewInstrument } from '../store/import-store'

export type ImportInstrument = z.infer<typeof importInstrumentSchema>

/** Where a row's instrument was found, or that it is created on commit (`key`), or why neither. */
export type InstrumentMatch =
  | { kind: 'known'; instrument: ImportableInstrument }
  | { kind: 'new'; instrument: NewInstrument; key: string }
  | InvalidInstrument

/** The catalog keeps 120 characters of a name; a longer one from another program is cut. */
const NAME_LENGTH = 120

type InvalidInstrument = { kind: 'invalid'; field: ImportField; problem: ImportRowProblem }

/**
 * The row's field and problem behind an issue of the instrument schema (a name is cut to length
 * and falls back to the code, so only control characters make it fail).
 */
const INVALID_INSTRUMENT = {
  code: { field: 'code', problem: 'invalid_code' },
  name: { field: 'name', problem: 'control_characters' },
  exchange: { field: 'exchange', problem: 'invalid_code' },
  isin: { field: 'isin', problem: 'invalid_isin' },
  currency: { field: 'currency', problem: 'unknown_currency' },
  type: { field: 'instrumentType', problem: 'unknown_type' },
} satisfies Record<string, Omit<InvalidInstrument, 'kind'>>

/**
 * A user-defined instrument as the instrument form's schema takes it (so an import creates none
 * the API would refuse), or the row's problem.
 */
function newInstrument(fields: NewInstrument): NewInstrument | InvalidInstrument {
  const parsed = instrumentCreateSchema.safeParse(fields)
  if (parsed.success) {
    const { code, name, type, currency, exchange, isin } = parsed.data
    return { code, name, type, currency, exchange: exchange ?? null, isin: isin ?? null }
  }
  const path = String(parsed.error.issues[0]?.path[0] ?? 'code')
  const fault = path in INVALID_INSTRUMENT ? path : 'code'
  return { kind: 'invalid', ...INVALID_INSTRUMENT[fault as keyof typeof INVALID_INSTRUMENT] }
}

/** The instruments a file names, among those the caller can see, and those it creates. */
export class InstrumentMatcher {
  private readonly created = new Map<string, NewInstrument>()

  constructor(private readonly known: readonly ImportableInstrument[]) {}

  /** Distinct codes and ISINs of the rows, to look up in one query. */
  static wanted(drafts: readonly (DraftInstrument | null)[]): { codes: string[]; isins: string[] } {
    const codes = new Set<string>()
    const isins = new Set<string>()
    for (const draft of drafts) {
      if (draft?.code) codes.add(draft.code)
      if (draft?.isin) isins.add(draft.isin)
    }
    return { codes: [...codes], isins: [...isins] }
  }

  /**
   * The row's instrument: by ISIN, else by code (on the row's exchange when it names one), the
   * caller's own before the catalog's (only the caller's own for a made-up asset) and, among
   * several listings, one in the row's currency; otherwise a user-defined instrument to create,
   * one per code and exchange (its type from the row, the listing's or STOCK, its currency the
   * first row's, else the portfolio's base currency). A broker that books trades in the listing's
   * currency (`listingInRowCurrency`) gets the user's own listing in the row's currency when the
   * ISIN is known only in others, named as the known one.
   */
  match(draft: DraftInstrument, rowCurrency: string | null, baseCurrency: string): InstrumentMatch {
    const parsedExchange = draft.exchange === null ? null : exchangeCode.safeParse(draft.exchange)
    if (parsedExchange?.success === false) {
      return { kind: 'invalid', field: 'exchange', problem: 'invalid_code' }
    }
    const exchange = parsedExchange?.data ?? null
    const onExchange = (instrument: ImportableInstrument) =>
      exchange === null || instrument.exchange === exchange
    // An asset the user made up elsewhere is never a catalog instrument that shares its name.
    const known = draft.manual ? this.known.filter((instrument) => instrument.own) : this.known
    const byIsin = draft.isin ? known.filter((instrument) => instrument.isin === draft.isin) : []
    const byCode = draft.code
      ? known.filter((instrument) => instrument.code === draft.code && onExchange(instrument))
      : []
    const candidates = byIsin.length > 0 ? byIsin : byCode
    const inRowCurrency = candidates.find(
      (instrument) => onExchange(instrument) && instrument.currency === rowCurrency,
    )
    // A broker's trade in euros of a share listed in dollars is a trade of its euro listing.
    const otherListing = draft.listingInRowCurrency && rowCurrency !== null && !inRowCurrency
    const found =
      inRowCurrency ?? (otherListing ? undefined : (candidates.find(onExchange) ?? candidates[0]))
    if (found) return { kind: 'known', instrument: found }
    // A row with only an ISIN names its new instrument by it (an ISIN is a valid code), or by
    // the code of the listing it is another one of, unless one of the caller's own has that code.
    const listingCode = otherListing ? candidates[0]?.code : undefined
    const taken = this.known.some(
      (instrument) =>
        instrument.own && instrument.code === listingCode && instrument.exchange === exchange,
    )
    const code = (draft.code ?? (taken ? null : listingCode) ?? draft.isin) as string
    const key = instrumentKey(code, exchange)
    let created = this.created.get(key)
    if (!created) {
      const checked = newInstrument({
        code,
        name: draft.name?.trim().slice(0, NAME_LENGTH) || candidates[0]?.name || code,
        type: draft.type ?? candidates[0]?.type ?? 'STOCK',
        currency: rowCurrency ?? baseCurrency,
        exchange,
        isin: draft.isin,
      })
      if ('kind' in checked) return checked
      created = checked
      this.created.set(key, created)
    }
    return { kind: 'new', instrument: created, key }
  }

  /** The instruments to create by their key, in the order the file first named them. */
  newInstruments(): Map<string, NewInstrument> {
    return new Map(this.created)
  }
}

/** A match as the preview shows it. */
export function instrumentView(match: InstrumentMatch): ImportInstrument | null {
  if (match.kind === 'invalid') return null
  const { instrument } = match
  return {
    id: match.kind === 'known' ? match.instrument.id : null,
    code: instrument.code,
    name: instrument.name,
    type: instrument.type,
    currency: instrument.currency,
    exchange: instrument.exchange,
    isin: instrument.isin,
    match: match.kind === 'new' ? 'new' : match.instrument.own ? 'own' : 'catalog',
  }
}
