import type postgres from 'postgres'
import type { Measure, MeasureCurrency, RealIndex } from '../../../shared/portfolio/measures'
import { realIndexOf } from '../../../shared/portfolio/measures'
import type { SeriesByKey } from '../../portfolio/price-series'
import { chainIndex } from '../../portfolio/real-returns/monthly-index'
import type { MonthlyIndex } from '../../portfolio/real-returns/monthly-index'
import { ApiProblem } from '../api-problem'
import { dayBefore } from '../analysis/analysis-input'
import { fxRatesBetween } from './fx-store'
import { priceIndicesBetween } from './price-index-lookup'

type Sql = postgres.TransactionSql

/** What a measure needs besides the nominal series (docs/real-returns.md). */
export type MeasureData =
  | { kind: 'nominal' }
  | { kind: 'real'; code: RealIndex; index: MonthlyIndex }
  | { kind: 'currency'; currency: MeasureCurrency; fxRates: SeriesByKey }

/** TÜFE 2003=100 ended with December 2025; 2025=100 goes on from it (rule 10). */
const TUFE_LINK = '2025-12'

/** The published months of `code` from `from` to `to` (`YYYY-MM`): not the carried-forward ones. */
async function publishedMonths(
  sql: Sql,
  code: string,
  from: string,
  to: string,
): Promise<MonthlyIndex> {
  const points = await priceIndicesBetween(sql, code, from, to)
  return {
    code,
    months: points
      .filter((point) => point.valueMonth === point.month)
      .map(({ month, value }) => ({ month, value })),
  }
}

/** TÜFE from `from` to `to` on the 2025=100 base, chained at December 2025 (rule 10). */
async function tufe(sql: Sql, from: string, to: string): Promise<MonthlyIndex> {
  if (from > TUFE_LINK) return publishedMonths(sql, 'TR-TUFE-2025', from, to)
  const [old, next] = await Promise.all([
    publishedMonths(sql, 'TR-TUFE-2003', from, TUFE_LINK),
    publishedMonths(sql, 'TR-TUFE-2025', TUFE_LINK, to > TUFE_LINK ? to : TUFE_LINK),
  ])
  // Until the new series has its link month, the old one alone measures the range.
  if (next.months[0]?.month !== TUFE_LINK || old.months.at(-1)?.month !== TUFE_LINK) return old
  const chained = chainIndex(old, next, TUFE_LINK)
  if (!chained.ok) throw new ApiProblem({ engine: chained.error.code })
  return chained.value
}

/**
 * The index or the rates `measure` needs for a portfolio in `baseCurrency` from the day before
 * `from` to `to` (`YYYY-MM-DD`). A measure the currency does not offer (`real` for francs, its
 * own currency) is a 400 `invalid_query` on `measure`. Months or rates the store lacks are left
 * out: the engine refuses the calculation that needs them (`missing_price_index`,
 * `missing_fx_rate`) rather than guess.
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
    return { kind: 'real', code, index }
  }
  if (measure === baseCurrency) {
    throw new ApiProblem('invalid_query', {}, [{ path: 'measure', code: 'invalid' }])
  }
  // Units of `measure` per unit of the base currency, as the engine's converter reads them.
  const rates = await fxRatesBetween(sql, baseCurrency, measure, start, range.to)
  return { kind: 'currency', currency: measure, fxRates: { [`${baseCurrency}/${measure}`]: rates } }
}
