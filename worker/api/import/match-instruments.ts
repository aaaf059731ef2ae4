import type { z } from 'zod'
import type { importInstrumentSchema } from '../../../client/api/schemas'
import type { DraftInstrument } from '../../../client/import/map-rows'
import { instrumentKey, type ImportableInstrument, type NewInstrument } from '../store/import-store'

export type ImportInstrument = z.infer<typeof importInstrumentSchema>

/** How the instruments table spells an exchange (`BIST`, `XETRA`); anything else is refused. */
const EXCHANGE = /^[A-Z0-9]{2,10}$/

/** Where a row's instrument was found, or that it is created on commit (`key`), or why neither. */
export type InstrumentMatch =
  | { kind: 'known'; instrument: ImportableInstrument }
  | { kind: 'new'; instrument: NewInstrument; key: string }
  | { kind: 'invalid_exchange' }

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
   * caller's own before the catalog's and, among several listings, one in the row's currency;
   * otherwise a user-defined instrument to create, one per code and exchange (its type from the
   * row or STOCK, its currency the first row's, else the portfolio's base currency).
   */
  match(draft: DraftInstrument, rowCurrency: string | null, baseCurrency: string): InstrumentMatch {
    const exchange = draft.exchange?.toUpperCase() ?? null
    if (exchange !== null && !EXCHANGE.test(exchange)) return { kind: 'invalid_exchange' }
    const onExchange = (instrument: ImportableInstrument) =>
      exchange === null || instrument.exchange === exchange
    const byIsin = draft.isin
      ? this.known.filter((instrument) => instrument.isin === draft.isin)
      : []
    const byCode = draft.code
      ? this.known.filter((instrument) => instrument.code === draft.code && onExchange(instrument))
      : []
    const candidates = byIsin.length > 0 ? byIsin : byCode
    const found =
      candidates.find(
        (instrument) => onExchange(instrument) && instrument.currency === rowCurrency,
      ) ??
      candidates.find(onExchange) ??
      candidates[0]
    if (found) return { kind: 'known', instrument: found }
    // A row with only an ISIN names its new instrument by it: an ISIN is a valid code.
    const code = (draft.code ?? draft.isin) as string
    const key = instrumentKey(code, exchange)
    let created = this.created.get(key)
    if (!created) {
      created = {
        code,
        name: draft.name?.trim().slice(0, 120).trim() || code,
        type: draft.type ?? 'STOCK',
        currency: rowCurrency ?? baseCurrency,
        exchange,
        isin: draft.isin,
      }
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
  if (match.kind === 'invalid_exchange') return null
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
