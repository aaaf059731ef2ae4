import { snapshotBody } from '../api/browser-api'
import { portfolioQueries } from '../portfolio/data/portfolio-queries'
import { PortfolioQueries } from '../portfolio/data/query-client'
import { GermanTaxScreen } from '../tax/german-tax-screen'
import { germanTaxTitle } from '../tax/tax-titles'
import { taxYearOf } from '../tax/tax-year-param'
import { definePage } from './page-definition'

/** A portfolio's year as a German depot. */
export default definePage({
  // A year before the Abgeltungsteuer has no German tax view: the screen does not exist.
  apiSnapshot: ({ params }) => {
    const year = taxYearOf(params.year)
    const id = params.id ?? ''
    return year === null
      ? null
      : [
          portfolioQueries.portfolio(id).queryKey[0],
          portfolioQueries.germanTax(id, year).queryKey[0],
        ]
  },
  title: ({ params }, loaded, t) =>
    germanTaxTitle(
      t,
      snapshotBody(loaded, portfolioQueries.portfolio(params.id ?? '')),
      params.year ?? '',
    ),
  Component: ({ match, api }) => (
    <PortfolioQueries api={api}>
      <GermanTaxScreen portfolioId={match.params.id ?? ''} year={Number(match.params.year)} />
    </PortfolioQueries>
  ),
})
