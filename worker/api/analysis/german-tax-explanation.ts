import type postgres from 'postgres'
import type { Explanation } from '../../../shared/api/schemas'
import type { GermanTaxFigureRef } from '../../../shared/portfolio/figure-ids'
import type { TaxSettings } from '../../../shared/tax/tax-settings'
import { explainGermanTax } from '../../tax/germany/explain-tax'
import { ApiProblem } from '../api-problem'
import { explanationJson } from './explanation-json'
import { loadGermanDepot } from './german-tax'
import { taxYearAsOf } from './tax-year'

type Sql = postgres.TransactionSql

/**
 * How one figure of the German tax view was computed: the view of `asOf`'s year (to its end, or
 * to today), from the same depot read and the same pass, with the pass's journal kept. The
 * portfolio must be in euros (422 `tax_needs_euros`); 404 `figure_not_found` for an item the
 * view does not list, or a fund whose Vorabpauschale it does not expect (only in the current
 * year).
 */
export async function germanTaxExplanation(
  sql: Sql,
  portfolioId: string,
  figure: GermanTaxFigureRef,
  dates: { asOf: string; today: string },
  tax: TaxSettings,
): Promise<Explanation> {
  const year = Number(dates.asOf.slice(0, 4))
  const asOf = taxYearAsOf(year, dates.today)
  const depot = await loadGermanDepot(sql, portfolioId, asOf, tax)
  if (figure.scope === 'germanTaxExpected' && asOf !== dates.today) {
    throw new ApiProblem('figure_not_found')
  }
  const result = explainGermanTax(depot.input, depot.taxInstruments, {
    year,
    asOf,
    settingsOf: depot.settingsOf,
    figure,
  })
  if (!result.ok) {
    throw result.error.code === 'unknown_figure'
      ? new ApiProblem('figure_not_found')
      : new ApiProblem({ engine: result.error.code })
  }
  return explanationJson(result.value, 'EUR', (id) => {
    const instrument = depot.instruments.get(id)
    // The depot's instruments are those its transactions name: every one a step can name.
    if (instrument === undefined) throw new Error(`Instrument ${id} is not in the depot`)
    return instrument
  })
}
