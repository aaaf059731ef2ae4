import { snapshotBody } from '../api/browser-api'
import { portfolioQueries } from '../portfolio/data/portfolio-queries'
import { PortfolioQueries } from '../portfolio/data/query-client'
import { turkishTaxTitle } from '../tax/tax-titles'
import { taxYearOf } from '../tax/tax-year-param'
import { TurkishTaxScreen } from '../tax/turkish-tax-screen'
import { definePage } from './page-definition'

/** A portfolio's year as the Turkish tax sees it, in lira. */
export default definePage({
  // A year the API does not take has no Turkish tax view: the screen does not exist.
  apiSnapshot: ({ params }) => {
    const year = taxYearOf(params.year)
    const id = params.id ?? ''
    return year === null
      ? null
      : [
          portfolioQueries.portfolio(id).queryKey[0],
          portfolioQueries.turkishTax(id, year).queryKey[0],
        ]
  },
  title: ({ params }, loaded, t) =>
    turkishTaxTitle(
      t,
      snapshotBody(loaded, portfolioQueries.portfolio(params.id ?? '')),
      params.year ?? '',
    ),
  Component: ({ match, api }) => (
    <PortfolioQueries api={api}>
      <TurkishTaxScreen portfolioId={match.params.id ?? ''} year={Number(match.params.year)} />
    </PortfolioQueries>
  ),
})
