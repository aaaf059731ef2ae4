import type postgres from 'postgres'
import type { Explanation } from '../../../shared/api/schemas'
import type { TurkishTaxFigureRef } from '../../../shared/portfolio/figure-ids'
import { explainTurkishTax } from '../../tax/turkey/explain-tax'
import { ApiProblem } from '../api-problem'
import { explanationJson } from './explanation-json'
import { loadTurkishPortfolio, turkishTaxRefusal } from './turkish-tax'
import { taxYearAsOf } from './tax-year'

type Sql = postgres.TransactionSql

/**
 * How one figure of the Turkish tax view was computed: the view of `asOf`'s year (to its end, or
 * to today), from the same portfolio read and the same pass, with the pass's journal kept. The
 * view's own refusals are the same (a
 * Yİ-ÜFE month not published yet, naming it); 404 `figure_not_found` for an item the view does
 * not list, a figure its item does not have, or an estimate the year does not have.
 */
export async function turkishTaxExplanation(
  sql: Sql,
  portfolioId: string,
  figure: TurkishTaxFigureRef,
  dates: { asOf: string; today: string },
): Promise<Explanation> {
  const year = Number(dates.asOf.slice(0, 4))
  const asOf = taxYearAsOf(year, dates.today)
  const portfolio = await loadTurkishPortfolio(sql, portfolioId, asOf)
  const result = explainTurkishTax(portfolio.input, portfolio.taxInstruments, {
    year,
    asOf,
    yiUfe: portfolio.yiUfe,
    figure,
  })
  if (!result.ok) {
    throw result.error.code === 'unknown_figure'
      ? new ApiProblem('figure_not_found')
      : turkishTaxRefusal(result.error)
  }
  return explanationJson(result.value, 'TRY', (id) => {
    const instrument = portfolio.instruments.get(id)
    // The portfolio's instruments are those its transactions name: every one a step can name.
    if (instrument === undefined) throw new Error(`Instrument ${id} is not in the portfolio`)
    return instrument
  })
}
