import { snapshotBody } from '../api/browser-api'
import { instrumentInReport, priceRange } from '../portfolio/data/api-paths'
import { portfolioQueries } from '../portfolio/data/portfolio-queries'
import { PortfolioQueries } from '../portfolio/data/query-client'
import { InstrumentScreen } from '../portfolio/screens/instrument-screen'
import { instrumentTitle } from '../portfolio/screens/screen-titles'
import { definePage } from './page-definition'

/** One instrument's transactions in a portfolio. */
export default definePage({
  apiSnapshot: ({ params }, loaded) => {
    const id = params.id ?? ''
    const report = portfolioQueries.report(id)
    const paths = [portfolioQueries.portfolio(id).queryKey[0], report.queryKey[0]]
    const reportBody = snapshotBody(loaded, report)
    if (!reportBody) return paths
    // Known only from the report: which instrument the code in the address means.
    const instrument = instrumentInReport(reportBody, params.code ?? '')
    if (!instrument) return null
    const transactions = portfolioQueries.instrumentTransactions(id, instrument.id)
    const { asOf } = reportBody
    paths.push(
      transactions.queryKey[0],
      portfolioQueries.salePage(id, asOf, instrument.id, undefined).queryKey[0],
    )
    // The lots of a holding (a closed position has none to show).
    if (reportBody.holdings.some((holding) => holding.instrument.id === instrument.id)) {
      paths.push(portfolioQueries.openLots(id, instrument.id, asOf).queryKey[0])
    }
    // The price chart spans the instrument's transactions, known once they are read.
    const range = priceRange(snapshotBody(loaded, transactions), asOf)
    if (range) paths.push(portfolioQueries.prices(instrument.id, range).queryKey[0])
    return paths
  },
  title: ({ params }, loaded, t) => {
    const id = params.id ?? ''
    const report = snapshotBody(loaded, portfolioQueries.report(id))
    return instrumentTitle(
      t,
      snapshotBody(loaded, portfolioQueries.portfolio(id)),
      report ? instrumentInReport(report, params.code ?? '') : null,
    )
  },
  Component: ({ match, api }) => (
    <PortfolioQueries api={api}>
      <InstrumentScreen portfolioId={match.params.id ?? ''} code={match.params.code ?? ''} />
    </PortfolioQueries>
  ),
})
