import type { Portfolio, PortfolioReport } from '../../shared/api/schemas'
import { apiPaths, DEFAULT_RANGE } from '../portfolio/data/api-paths'
import { PortfolioQueries } from '../portfolio/data/query-client'
import { PortfolioDetailScreen } from '../portfolio/screens/portfolio-detail'
import { portfolioTitle } from '../portfolio/screens/screen-titles'
import { definePage } from './page-definition'

/** One portfolio in detail. */
export default definePage({
  apiSnapshot: ({ params }, loaded) => {
    const id = params.id ?? ''
    const report = loaded[apiPaths.report(id)] as PortfolioReport | undefined
    const paths = [apiPaths.portfolio(id), apiPaths.report(id)]
    // The default range ends on the report's date, which both sides then agree on.
    if (report) paths.push(apiPaths.performance(id, DEFAULT_RANGE, report.asOf))
    return paths
  },
  title: ({ params }, loaded, t) =>
    portfolioTitle(t, loaded[apiPaths.portfolio(params.id ?? '')] as Portfolio | undefined),
  Component: ({ match, api }) => (
    <PortfolioQueries api={api}>
      <PortfolioDetailScreen portfolioId={match.params.id ?? ''} />
    </PortfolioQueries>
  ),
})
