import type postgres from 'postgres'
import type { Measure, MeasureCurrency, RealIndex } from '../../../shared/portfolio/measures'
import { realIndexOf } from '../../../shared/portfolio/measures'
import type { SeriesByKey } from '../../portfolio/price-series'
import { chainIndex } from '../../portfolio/real-returns/monthly-index'
import type { IndexMonth, MonthlyIndex } from '../../portfolio/real-returns/monthly-index'
import { addMonths } from '../../indices/months'
import { ApiProblem } from '../api-problem'
import { dayBefore } from '../analysis/analysis-input'
import { fxRatesBetween } from './fx-store'
import { priceIndicesBetween } from './price-index-lookup'
import { arrayLiteral } from './sql-values'

type Sql = postgres.TransactionSql

/** What a measure needs besides the nominal series (docs/real-returns.md). */
export type MeasureData =
  | { kind: 'nominal' }
  | { kind: 'real'; code: RealIndex; index: MonthlyIndex }
  | { kind: 'currency'; currency: MeasureCurrency; fxRates: SeriesByKey }

/** TÜFE 2003=100 ended with December 2025; 2025=100 goes on from it (rule 10). */
const TUFE_LINK = '2025-12'

/**
 * The published months of `code` that the days from `from` to `to` (`YYYY-MM`) read: each
 * month's own, the month before `from` too (a month the source skipped at the start takes it),
 * and the newest published month when the range runs past it (the engine carries it forward,
 * provisional). Each month once, as published: never a carried-forward copy.
 */
async function publishedMonths(
  sql: Sql,
  code: string,
  from: string,
  to: string,
): Promise<MonthlyIndex> {
  const points = await priceIndicesBetween(sql, code, addMonths(from, -1), to)
  const months: IndexMonth[] = []
  for (const { valueMonth, value } of points) {
    if (months.at(-1)?.month !== valueMonth) months.push({ month: valueMonth, value })
  }
  return { code, months }
}

/** Whether any of `codes` has a value at all: none means the installation has not loaded it. */
async function hasValues(sql: Sql, codes: readonly string[]): Promise<boolean> {
  const [row] = await sql<{ found: boolean }[]>`
    select exists (
      select 1 from public.price_indices where index_code = any(${arrayLiteral(codes)}::text[])
    ) as found
  `
  return row?.found ?? false
}

/** TÜFE from `from` to `to` on the 2025=100 base, chained at December 2025 (rule 10). */
async function tufe(sql: Sql, from: string, to: string): Promise<MonthlyIndex> {
  if (from > TUFE_LINK) return publishedMonths(sql, 'TR-TUFE-2025', from, to)
  const [old, next] = await Promise.all([
    publishedMonths(sql, 'TR-TUFE-2003', from, TUFE_LINK),
    publishedMonths(sql, 'TR-TUFE-2025', TUFE_LINK, to > TUFE_LINK ? to : TUFE_LINK),
  ])
  // Until the new series has its link month, the old one alone measures the range.
  const linked = (index: MonthlyIndex) => index.months.some(({ month }) => month === TUFE_LINK)
  if (!linked(next) || old.months.at(-1)?.month !== TUFE_LINK) return old
  const chained = chainIndex(old, next, TUFE_LINK)
  if (!chained.ok) throw new ApiProblem({ engine: chained.error.code })
  return chained.value
}

/**
 * The index or the rates `measure` needs for a portfolio in `baseCurrency` from the day before
 * `from` to `to` (`YYYY-MM-DD`). A measure the currency does not offer (`real` for francs, its
 * own currency) is a 400 `invalid_query` on `measure`; an index without any value is a 422
 * `real_index_unavailable`. Months or rates the store lacks are left out: the engine refuses
 * the calculation that needs them (`missing_price_index`, `missing_fx_rate`) rather than guess.
 */
export async function measureData(
  sql: Sql,
  baseCurrency: string,
  measure: Measure,
  range: { from: string; to: string },
): Promise<MeasureData> {
  if (measure === 'nominal') return { kind: 'nominal' }
  const start = dayBefore(range.from)
  if (measure === 'real' || measure === 'real-vpi') {
    const code = realIndexOf(baseCurrency, measure)
    if (code === null)
      throw new ApiProblem('invalid_query', {}, [{ path: 'measure', code: 'invalid' }])
    const [fromMonth, toMonth] = [start.slice(0, 7), range.to.slice(0, 7)]
    const index =
      code === 'TR-TUFE'
        ? await tufe(sql, fromMonth, toMonth)
        : await publishedMonths(sql, code, fromMonth, toMonth)
    // No value at all (the source's key is not set): unavailable for now, nothing guessed.
    const codes = code === 'TR-TUFE' ? ['TR-TUFE-2003', 'TR-TUFE-2025'] : [code]
    if (index.months.length === 0 && !(await hasValues(sql, codes))) {
      throw new ApiProblem('real_index_unavailable', { index: { priceIndex: code } })
    }
    return { kind: 'real', code, index }
  }
  if (measure === baseCurrency) {
    throw new ApiProblem('invalid_query', {}, [{ path: 'measure', code: 'invalid' }])
  }
  // Units of `measure` per unit of the base currency, as the engine's converter reads them.
  const rates = await fxRatesBetween(sql, baseCurrency, measure, start, range.to)
  return { kind: 'currency', currency: measure, fxRates: { [`${baseCurrency}/${measure}`]: rates } }
}
