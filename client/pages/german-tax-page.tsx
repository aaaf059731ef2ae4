import { snapshotBody } from '../api/browser-api'
import { portfolioQueries } from '../portfolio/data/portfolio-queries'
import { PortfolioQueries } from '../portfolio/data/query-client'
import { GermanTaxScreen } from '../tax/german-tax-screen'
import { germanTaxTitle } from '../tax/tax-titles'
import { definePage } from './page-definition'

/** A portfolio's year as a German depot. */
export default definePage({
  apiSnapshot: ({ params }) => [
    portfolioQueries.portfolio(params.id ?? '').queryKey[0],
    portfolioQueries.germanTax(params.id ?? '', params.year ?? '').queryKey[0],
  ],
  title: ({ params }, loaded, t) =>
    germanTaxTitle(
      t,
      snapshotBody(loaded, portfolioQueries.portfolio(params.id ?? '')),
      params.year ?? '',
    ),
  Component: ({ match, api }) => (
    <PortfolioQueries api={api}>
      <GermanTaxScreen portfolioId={match.params.id ?? ''} year={match.params.year ?? ''} />
    </PortfolioQueries>
  ),
})
