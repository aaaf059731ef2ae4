import { portfolioQueries } from '../portfolio/data/portfolio-queries'
import { PortfolioQueries } from '../portfolio/data/query-client'
import { PortfolioListScreen } from '../portfolio/screens/portfolio-list'
import { definePage } from './page-definition'

/** The signed-in user's portfolios. */
export default definePage({
  apiSnapshot: () => [portfolioQueries.list().queryKey[0]],
  Component: ({ api }) => (
    <PortfolioQueries api={api}>
      <PortfolioListScreen />
    </PortfolioQueries>
  ),
})
