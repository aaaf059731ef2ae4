import { PortfolioQueries } from '../portfolio/data/query-client'
import { portfolioQueries } from '../portfolio/data/portfolio-queries'
import { taxYearOf } from '../tax/tax-year-param'
import { TurkishTaxPersonScreen } from '../tax/turkish-tax-person-screen'
import { definePage } from './page-definition'

/** A Turkish resident's year across their portfolios, reached from the profile's Taxes section. */
export default definePage({
  // A year outside the tax views' span has no screen.
  apiSnapshot: ({ params }) => {
    const year = taxYearOf(params.year)
    return year === null ? null : [portfolioQueries.turkishTaxPerson(year).queryKey[0]]
  },
  title: ({ params }, _loaded, t) =>
    t('pages.turkishTaxPerson.namedTitle', { year: params.year ?? '' }),
  Component: ({ match, api }) => (
    <PortfolioQueries api={api}>
      <TurkishTaxPersonScreen year={Number(match.params.year)} />
    </PortfolioQueries>
  ),
})
