import { snapshotBody } from '../api/browser-api'
import { DEFAULT_RANGE } from '../portfolio/data/api-paths'
import { portfolioQueries } from '../portfolio/data/portfolio-queries'
import { PortfolioQueries } from '../portfolio/data/query-client'
import { PortfolioDetailScreen } from '../portfolio/screens/portfolio-detail'
import { portfolioTitle } from '../portfolio/screens/screen-titles'
import { definePage } from './page-definition'

/** One portfolio in detail. */
export default definePage({
  apiSnapshot: ({ params }, loaded) => {
    const id = params.id ?? ''
    const queries = [
      portfolioQueries.portfolio(id),
      portfolioQueries.report(id),
      portfolioQueries.transactionPage(id, undefined),
    ]
    const report = snapshotBody(loaded, portfolioQueries.report(id))
    // The default range and the sales end on the report's date, which both sides then agree on.
    const paths = queries.map((query) => query.queryKey[0])
    if (report) {
      paths.push(
        portfolioQueries.performance(id, DEFAULT_RANGE, report.asOf).queryKey[0],
        portfolioQueries.salePage(id, report.asOf, undefined, undefined).queryKey[0],
      )
    }
    return paths
  },
  title: ({ params }, loaded, t) =>
    portfolioTitle(t, snapshotBody(loaded, portfolioQueries.portfolio(params.id ?? ''))),
  Component: ({ match, api }) => (
    <PortfolioQueries api={api}>
      <PortfolioDetailScreen portfolioId={match.params.id ?? ''} />
    </PortfolioQueries>
  ),
})
