import { PortfolioQueries } from '../portfolio/data/query-client'
import { portfolioQueries } from '../portfolio/data/portfolio-queries'
import { taxYearOf } from '../tax/tax-year-param'
import { GermanTaxPersonScreen } from '../tax/german-tax-person-screen'
import { definePage } from './page-definition'

/** A German resident's year across all their depots, reached from the profile's Taxes section. */
export default definePage({
  // A year before the Abgeltungsteuer has no German tax view: the screen does not exist.
  apiSnapshot: ({ params }) => {
    const year = taxYearOf(params.year)
    return year === null ? null : [portfolioQueries.germanTaxPerson(year).queryKey[0]]
  },
  title: ({ params }, _loaded, t) =>
    t('pages.germanTaxPerson.namedTitle', { year: params.year ?? '' }),
  Component: ({ match, api }) => (
    <PortfolioQueries api={api}>
      <GermanTaxPersonScreen year={Number(match.params.year)} />
    </PortfolioQueries>
  ),
})
