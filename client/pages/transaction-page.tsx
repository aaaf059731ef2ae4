import type { Portfolio, PortfolioReport, TransactionPage } from '../../shared/api/schemas'
import { apiPaths, instrumentInReport, priceRange } from '../portfolio/data/api-paths'
import { PortfolioQueries } from '../portfolio/data/query-client'
import { InstrumentScreen } from '../portfolio/screens/instrument-screen'
import { instrumentTitle } from '../portfolio/screens/screen-titles'
import { definePage } from './page-definition'

/** One instrument's transactions in a portfolio. */
export default definePage({
  apiSnapshot: ({ params }, loaded) => {
    const id = params.id ?? ''
    const paths = [apiPaths.portfolio(id), apiPaths.report(id)]
    const report = loaded[apiPaths.report(id)] as PortfolioReport | undefined
    if (!report) return paths
    // Known only from the report: which instrument the code in the address means.
    const instrument = instrumentInReport(report, params.code ?? '')
    if (!instrument) return null
    const transactionsPath = apiPaths.instrumentTransactions(id, instrument.id)
    paths.push(transactionsPath)
    // The price chart spans the instrument's transactions, known once they are read.
    const range = priceRange(loaded[transactionsPath] as TransactionPage | undefined, report.asOf)
    if (range) paths.push(apiPaths.prices(instrument.id, range))
    return paths
  },
  title: ({ params }, loaded, t) => {
    const id = params.id ?? ''
    const report = loaded[apiPaths.report(id)] as PortfolioReport | undefined
    return instrumentTitle(
      t,
      loaded[apiPaths.portfolio(id)] as Portfolio | undefined,
      report ? instrumentInReport(report, params.code ?? '') : null,
    )
  },
  Component: ({ match, api }) => (
    <PortfolioQueries api={api}>
      <InstrumentScreen portfolioId={match.params.id ?? ''} code={match.params.code ?? ''} />
    </PortfolioQueries>
  ),
})
