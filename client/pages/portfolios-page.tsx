import { apiPaths } from '../portfolio/data/api-paths'
import { PortfolioQueries } from '../portfolio/data/query-client'
import { PortfolioListScreen } from '../portfolio/screens/portfolio-list'
import { definePage } from './page-definition'

/** The signed-in user's portfolios. */
export default definePage({
  apiSnapshot: () => [apiPaths.portfolios()],
  Component: ({ api }) => (
    <PortfolioQueries api={api}>
      <PortfolioListScreen />
    </PortfolioQueries>
  ),
})
