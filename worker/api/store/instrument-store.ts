import type postgres from 'postgres'
import type { Instrument, InstrumentCreate, InstrumentUpdate } from '../../../shared/api/schemas'
import { isinCountry } from '../../../shared/portfolio/countries'
import {
  isFundInstrumentType,
  type FundType,
  type InstrumentType,
  type TefasFundClass,
} from '../../../shared/portfolio/portfolio-kinds'
import type { PriceProvider } from '../../../shared/portfolio/price-providers'
import { shareMarket } from '../../../shared/portfolio/share-market'
import { ApiProblem } from '../api-problem'
import { postgresError } from '../api-error-response'
import { arrayLiteral, isoTimestamp } from './sql-values'

type Sql = postgres.TransactionSql

interface InstrumentRow {
  id: string
  code: string
  name: string
  type: InstrumentType
  currency: string
  exchange: string | null
  isin: string | null
  wkn: string | null
  fund_category: string | null
  fund_type: FundType | null
  tefas_fund_class: TefasFundClass | null
  country: string | null
  founder: string | null
  slug: string
  own: boolean
  price_provider: PriceProvider | null
  price_symbol: string | null
  created_at: Date
}

/** The columns every instrument answer reads; `own` is true for one the user defined. */
function instrumentColumns(sql: Sql) {
  return sql`id, code, name, type, currency, exchange, isin, wkn, fund_category, fund_type,
    tefas_fund_class, country, founder, slug, owner_id is not null as own, price_provider,
    price_symbol, created_at`
}

export function instrumentOf(row: InstrumentRow): Instrument {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    type: row.type,
    currency: row.currency,
    exchange: row.exchange,
    isin: row.isin,
    wkn: row.wkn,
    fundCategory: row.fund_category,
    fundType: row.fund_type,
    country: row.country,
    tefasFundClass: row.tefas_fund_class,
    shareMarket: shareMarket({
      type: row.type,
      exchange: row.exchange,
      priceProvider: row.price_provider,
      priceSymbol: row.price_symbol,
    }),
    founder: row.founder,
    slug: row.slug,
    own: row.own,
    priceProvider: row.price_provider,
    priceSymbol: row.price_symbol,
  }
}

/** The most words of a query matched against names; more add nothing a user needs. */
const SEARCH_WORDS = 8

/**
 * Instruments the caller may use (the shared catalog and their own; row-level security hides
 * everyone else's) that `q` names: by code (`THY` → THYAO), ISIN or WKN, or by name, every word
 * of `q` starting a word of the name. Accents, case and the Turkish dotted and dotless i do not
 * matter (`türk hava`, `TURK HAVA` and `Türk Hava Yolları` are one query): the database folds
 * both sides (`public.search_fold`, `search_words`, `search_code`, indexed on the name).
 * Ranked: exact code, code prefix (shorter codes first), exact ISIN or WKN, then names that
 * start with `q`, that hold its words in order, that hold them at all; lines no longer listed
 * by their source after the others of their rank.
 */
export async function searchInstruments(sql: Sql, q: string, limit: number): Promise<Instrument[]> {
  // Words with a letter or digit: a lone dash would fold to nothing and match every name.
  const words = q
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, SEARCH_WORDS)
  if (q.trim() === '') {
    const rows = await sql<InstrumentRow[]>`
      select ${instrumentColumns(sql)} from instruments
      order by unlisted_since is not null, code, exchange nulls first, id
      limit ${limit}
    `
    return rows.map(instrumentOf)
  }
  if (words.length === 0) return []
  // Each word must start a word of the name: ' hava' within ' turk hava yollari'. Folded words
  // hold only letters, digits and spaces, so they need no escaping in a LIKE pattern.
  const nameMatches = words.map(
    (word) => sql`public.search_words(name) like '%' || public.search_words(${word}) || '%'`,
  )
  const nameMatch = nameMatches.reduce((all, match) => sql`${all} and ${match}`)
  const rows = await sql<InstrumentRow[]>`
    with query as (
      select public.search_code(${q}) as typed_code, public.search_words(${q}) as typed_words
    )
    select ${instrumentColumns(sql)} from instruments, query
    where (typed_code <> '' and (code like typed_code || '%' or isin = typed_code
        or wkn = typed_code))
      or (typed_words <> ' ' and ${nameMatch})
    order by
      case
        when code = typed_code then 0
        when code like typed_code || '%' then 1
        when isin = typed_code or wkn = typed_code then 2
        when public.search_words(name) like typed_words || '%' then 3
        when public.search_words(name) like '%' || typed_words || '%' then 4
        else 5
      end,
      unlisted_since is not null, char_length(code), code, exchange nulls first, id
    limit ${limit}
  `
  return rows.map(instrumentOf)
}

/** Instruments by id, those the caller can see. */
export async function instrumentsById(
  sql: Sql,
  ids: readonly string[],
): Promise<Map<string, Instrument>> {
  if (ids.length === 0) return new Map()
  const rows = await sql<InstrumentRow[]>`
    select ${instrumentColumns(sql)} from instruments where id = any(${arrayLiteral(ids)}::uuid[])
  `
  return new Map(rows.map((row) => [row.id, instrumentOf(row)]))
}

/** One instrument the caller can see; 404 otherwise. */
export async function visibleInstrument(sql: Sql, id: string): Promise<Instrument> {
  const instrument = (await instrumentsById(sql, [id])).get(id)
  if (!instrument) throw new ApiProblem('instrument_not_found')
  return instrument
}

/**
 * A user-defined instrument. The database fills its slug from the name (`public.slugify`:
 * Turkish and German letters in ASCII, 'Türk Hava Yolları' → 'turk-hava-yollari'). A country
 * not given is its ISIN's, as in the catalog; null says it is not known.
 */
export async function createInstrument(sql: Sql, input: InstrumentCreate): Promise<Instrument> {
  const country = input.country === undefined ? isinCountry(input.isin) : input.country
  try {
    const [row] = await sql<InstrumentRow[]>`
      insert into instruments (owner_id, code, name, type, currency, exchange, isin, fund_type,
        tefas_fund_class, country, price_provider, price_symbol)
      values (auth.uid(), ${input.code}, ${input.name}, ${input.type}, ${input.currency},
        ${input.exchange ?? null}, ${input.isin ?? null}, ${input.fundType ?? null},
        ${input.tefasFundClass ?? null}, ${country}, ${input.priceProvider ?? null},
        ${input.priceProvider ? input.priceSymbol : null})
      returning ${instrumentColumns(sql)}
    `
    if (!row) throw new Error('insert returned no row')
    return instrumentOf(row)
  } catch (error) {
    if (postgresError(error)?.code === '23505') throw new ApiProblem('instrument_exists')
    throw error
  }
}

/**
 * Sets what the tax rules read of one of the caller's own instruments: its fund type and TEFAS
 * class, country and exchange (a field not given stays as it is, null clears it); 404 for the
 * catalog's and anyone else's, 422 for a fund type or class on what is not a fund, 409 for an
 * exchange where the caller already has an instrument of that code.
 */
export async function updateInstrument(
  sql: Sql,
  id: string,
  patch: InstrumentUpdate,
): Promise<Instrument> {
  const [own] = await sql<{ type: InstrumentType }[]>`
    select type from instruments where id = ${id} and owner_id is not null
  `
  if (!own) throw new ApiProblem('instrument_not_found')
  if (!isFundInstrumentType(own.type)) {
    const fields = [
      ...(patch.fundType ? [{ path: 'fundType', code: 'fund_type_not_fund' } as const] : []),
      ...(patch.tefasFundClass
        ? [{ path: 'tefasFundClass', code: 'tefas_fund_class_not_fund' } as const]
        : []),
    ]
    if (fields.length > 0) throw new ApiProblem('validation_failed', {}, fields)
  }
  try {
    const [row] = await sql<InstrumentRow[]>`
      update instruments set
        fund_type = ${patch.fundType === undefined ? sql`fund_type` : patch.fundType},
        tefas_fund_class = ${
          patch.tefasFundClass === undefined ? sql`tefas_fund_class` : patch.tefasFundClass
        },
        country = ${patch.country === undefined ? sql`country` : patch.country},
        exchange = ${patch.exchange === undefined ? sql`exchange` : patch.exchange}
      where id = ${id}
      returning ${instrumentColumns(sql)}
    `
    if (!row) throw new ApiProblem('instrument_not_found')
    return instrumentOf(row)
  } catch (error) {
    if (postgresError(error)?.code === '23505') throw new ApiProblem('instrument_exists')
    throw error
  }
}

/**
 * Deletes one of the caller's own instruments with the prices they entered for it; 404 for the
 * catalog's and anyone else's, 409 while a transaction still uses it.
 */
export async function deleteInstrument(sql: Sql, id: string): Promise<void> {
  const [own] = await sql`select 1 from instruments where id = ${id} and owner_id is not null`
  if (!own) throw new ApiProblem('instrument_not_found')
  const [used] = await sql`select 1 from transactions where instrument_id = ${id} limit 1`
  if (used) throw new ApiProblem('instrument_in_use')
  await sql`delete from prices where instrument_id = ${id} and owner_id is not null`
  try {
    const deleted = await sql`delete from instruments where id = ${id} returning id`
    if (deleted.length === 0) throw new ApiProblem('instrument_not_found')
  } catch (error) {
    if (postgresError(error)?.code === '23503') throw new ApiProblem('instrument_in_use')
    throw error
  }
}

/** Every instrument the caller's transactions use, by id. */
export async function usedInstruments(sql: Sql): Promise<Map<string, Instrument>> {
  const rows = await sql<InstrumentRow[]>`
    select ${instrumentColumns(sql)} from instruments
    where id in (select distinct instrument_id from transactions where instrument_id is not null)
  `
  return new Map(rows.map((row) => [row.id, instrumentOf(row)]))
}

/** The caller's own instruments, for the data export. */
export async function ownInstruments(sql: Sql): Promise<(Instrument & { createdAt: string })[]> {
  const rows = await sql<InstrumentRow[]>`
    select ${instrumentColumns(sql)} from instruments where owner_id is not null order by code, id
  `
  return rows.map((row) => ({ ...instrumentOf(row), createdAt: isoTimestamp(row.created_at) }))
}
