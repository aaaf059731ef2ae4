import { useI18n } from '../../app/i18n-context'
import { buildPath } from '../../../shared/routes/build-path'
import { useDocumentTitle } from '../../seo/use-document-title'
import { usePortfolio, useReport } from '../data/portfolio-queries'
import { AllocationChart } from '../allocation-chart'
import { AddTransactionPanel } from './add-transaction-panel'
import { CashRecording } from './cash-recording'
import { ClosedPositions } from './closed-positions'
import { EmptyPortfolio, useEmptyPortfolio } from './empty-portfolio'
import { HoldingsTable } from './holdings-table'
import { ImportExportPanel } from './import-export-panel'
import { IncomeTable } from './income-table'
import { OfflineNotice } from './offline-notice'
import { PerformancePanel } from './performance-panel'
import { QueryStatus } from './query-status'
import { SalesTable } from './sales-table'
import { portfolioTitle } from './screen-titles'
import { TotalsPanel } from './totals-panel'

/** One portfolio: totals, holdings, performance, realized gains, income, adding transactions. */
export function PortfolioDetailScreen({ portfolioId }: { portfolioId: string }) {
  const { t, locale } = useI18n()
  const portfolioQuery = usePortfolio(portfolioId)
  const reportQuery = useReport(portfolioId)
  const portfolio = portfolioQuery.data?.body
  const report = reportQuery.data?.body
  const empty = useEmptyPortfolio(portfolio)
  useDocumentTitle(portfolioTitle(t, portfolio))
  return (
    <div className="portfolio-screen">
      <nav className="breadcrumbs" aria-label={t('portfolio.common.breadcrumbs')}>
        <a href={buildPath('portfolios', locale)}>{t('portfolio.list.heading')}</a>
      </nav>
      <header className="screen-header">
        <h1 id="page-heading" tabIndex={-1}>
          {portfolio?.name ?? t('portfolio.detail.heading')}
        </h1>
        {portfolio ? (
          <p className="screen-header__meta">
            {portfolio.baseCurrency} · {t(`portfolio.common.method.${portfolio.costBasisMethod}`)} ·{' '}
            <CashRecording portfolio={portfolio} />
          </p>
        ) : null}
      </header>
      <OfflineNotice fetched={[portfolioQuery.data, reportQuery.data]} />
      {!report || !portfolio ? (
        <QueryStatus query={report ? portfolioQuery : reportQuery} />
      ) : empty ? (
        <EmptyPortfolio portfolio={portfolio} today={report.asOf} />
      ) : (
        <>
          <TotalsPanel report={report} />
          <AddTransactionPanel portfolio={portfolio} today={report.asOf} />
          <ImportExportPanel portfolio={portfolio} />
          <section className="panel" aria-labelledby="holdings-heading">
            <h2 id="holdings-heading">{t('portfolio.detail.holdings.heading')}</h2>
            {report.holdings.length === 0 ? (
              <p className="muted">{t('portfolio.detail.holdings.none')}</p>
            ) : (
              <HoldingsTable
                holdings={report.holdings}
                baseCurrency={report.baseCurrency}
                portfolioId={portfolioId}
              />
            )}
            <ClosedPositions report={report} portfolioId={portfolioId} />
          </section>
          {report.holdings.length > 0 ? (
            <div className="panel">
              <AllocationChart report={report} />
            </div>
          ) : null}
          <PerformancePanel portfolioId={portfolioId} asOf={report.asOf} />
          <section className="panel" aria-labelledby="sales-heading">
            <h2 id="sales-heading">{t('portfolio.detail.sales.heading')}</h2>
            <SalesTable report={report} portfolioId={portfolioId} />
          </section>
          <section className="panel" aria-labelledby="income-heading">
            <h2 id="income-heading">{t('portfolio.detail.income.heading')}</h2>
            <IncomeTable report={report} />
          </section>
        </>
      )}
    </div>
  )
}
