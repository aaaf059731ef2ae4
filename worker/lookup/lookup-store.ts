import type { LookupCandidate } from '../../shared/api/schemas'
import { isinCountry } from '../../shared/portfolio/countries'
import { isFundInstrumentType } from '../../shared/portfolio/portfolio-kinds'
import { fundTypeOfName } from '../catalog/fund-type-of'
import { withOwnerTransaction } from '../db/run-as-owner'
import type { DatabaseEnv } from '../db/run-as-user'

/** A catalog instrument a lookup answered with, and whether the lookup added it. */
export interface StoredLookup {
  id: string
  created: boolean
}

/**
 * Adds a looked-up instrument to the shared catalog (owner null, as the database owner: users
 * cannot write the catalog) with its price source, its ISIN's country and a fund's type as its
 * name settles it (as the catalog job does), or finds it there: first by that source, then
 * by code and exchange (the catalog's key), a line the catalog job or another user added. Null
 * when the code is taken by another instrument: a coin whose ticker another coin the catalog
 * holds shares (a listing's code and exchange name it; a coin's ticker does not).
 */
export async function storeLookedUp(
  env: DatabaseEnv,
  candidate: LookupCandidate,
): Promise<StoredLookup | null> {
  return withOwnerTransaction(env, async (sql) => {
    const [priced] = await sql<{ id: string }[]>`
      select id from public.instruments
      where owner_id is null and price_provider = ${candidate.provider}
        and price_symbol = ${candidate.symbol}
      order by created_at, id
      limit 1
    `
    if (priced) return { id: priced.id, created: false }
    const fundType = isFundInstrumentType(candidate.type) ? fundTypeOfName(candidate.name) : null
    const [added] = await sql<{ id: string }[]>`
      insert into public.instruments (owner_id, code, name, type, currency, exchange, isin,
        fund_type, country, price_provider, price_symbol)
      values (null, ${candidate.code}, ${candidate.name}, ${candidate.type}, ${candidate.currency},
        ${candidate.exchange}, ${candidate.isin}, ${fundType}, ${isinCountry(candidate.isin)},
        ${candidate.provider}, ${candidate.symbol})
      on conflict (owner_id, code, exchange) do nothing
      returning id
    `
    if (added) return { id: added.id, created: true }
    const [listed] = await sql<{ id: string; price_provider: string | null }[]>`
      select id, price_provider from public.instruments
      where owner_id is null and code = ${candidate.code}
        and exchange is not distinct from ${candidate.exchange}
    `
    if (!listed || (candidate.exchange === null && listed.price_provider !== null)) return null
    return { id: listed.id, created: false }
  })
}
