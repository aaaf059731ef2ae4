import { useState } from 'react'
import type { Transaction } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { buildPath } from '../../../shared/routes/build-path'
import { useDocumentTitle } from '../../seo/use-document-title'
import { useUserTaxSettings } from '../../auth/user-tax-settings'
import { DepotTaxPanel } from '../../tax/depot-tax-panel'
import { TAX_PANEL_TEXTS, taxRouteOf } from '../../tax/tax-route'
import { usePortfolio, useReport } from '../data/portfolio-queries'
import { AllocationChart } from '../allocation-chart'
import { useMeasure } from '../measure-switch'
import { ExplainHost } from '../explain/explained-figure'
import { AddTransactionPanel } from './add-transaction-panel'
import { CashRecording } from './cash-recording'
import { ClosedPositions } from './closed-positions'
import { EmptyPortfolio, useEmptyPortfolio } from './empty-portfolio'
import { HoldingsTable } from './holdings-table'
import { ImportExportPanel } from './import-export-panel'
import { IncomeTable } from './income-table'
import { NegativeCashNotice } from './negative-cash-notice'
import { OfflineNotice } from './offline-notice'
import { PerformancePanel } from './performance-panel'
import { PortfolioSummary } from './portfolio-summary'
import { PortfolioTransactions } from './portfolio-transactions'
import { QueryStatus } from './query-status'
import { Sales } from './sales-table'
import { portfolioTitle } from './screen-titles'
import { SectionNav } from './section-nav'
import { TotalsPanel } from './totals-panel'

/**
 * One portfolio, in the order people look: its value, the last trading day's change and the
 * total return, the value chart, then the holdings; the rest (realized gains, income, every
 * transaction, import and export, each total) in named sections the section links jump to. An
 * empty one starts with its first step.
 */
export function PortfolioDetailScreen({ portfolioId }: { portfolioId: string }) {
  const { t, locale } = useI18n()
  const portfolioQuery = usePortfolio(portfolioId)
  const reportQuery = useReport(portfolioId)
  const portfolio = portfolioQuery.data?.body
  const report = reportQuery.data?.body
  const [editing, setEditing] = useState<Transaction | null>(null)
  // The screen's measure: the performance panel and the totals follow it.
  const [measure, setMeasure] = useMeasure(portfolioId, portfolio?.baseCurrency)
  const empty = useEmptyPortfolio(portfolio)
  const tax = useUserTaxSettings()
  useDocumentTitle(portfolioTitle(t, portfolio))
  const taxRoute = portfolio ? taxRouteOf(portfolio, tax) : null
  const sections = [
    { headingId: 'holdings-heading', label: t('portfolio.detail.holdings.heading') },
    { headingId: 'sales-heading', label: t('portfolio.detail.sales.heading') },
    { headingId: 'income-heading', label: t('portfolio.detail.income.heading') },
    ...(taxRoute
      ? [{ headingId: 'tax-heading', label: t(`${TAX_PANEL_TEXTS[taxRoute]}.heading`) }]
      : []),
    { headingId: 'transactions-heading', label: t('portfolio.detail.transactions.heading') },
    { headingId: 'import-export-heading', label: t('import.dialog.panelHeading') },
    { headingId: 'totals-heading', label: t('portfolio.detail.totals.heading') },
  ]
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
        <EmptyPortfolio portfolio={portfolio} />
      ) : (
        <ExplainHost portfolioId={portfolioId}>
          <PortfolioSummary report={report} />
          <NegativeCashNotice negativeCash={report.negativeCash} portfolioId={portfolioId} />
          <PerformancePanel
            portfolioId={portfolioId}
            asOf={report.asOf}
            baseCurrency={portfolio.baseCurrency}
            measure={measure}
            onMeasureChange={setMeasure}
          />
          <AddTransactionPanel
            portfolio={portfolio}
            editing={editing}
            onEditDone={() => setEditing(null)}
          />
          <SectionNav sections={sections} />
          <section className="panel" aria-labelledby="holdings-heading">
            <h2 id="holdings-heading">{t('portfolio.detail.holdings.heading')}</h2>
            {report.holdings.length === 0 ? (
              <p className="muted">{t('portfolio.detail.holdings.none')}</p>
            ) : (
              <HoldingsTable
                holdings={report.holdings}
                baseCurrency={report.baseCurrency}
                portfolioId={portfolioId}
                asOf={report.asOf}
              />
            )}
            <ClosedPositions report={report} portfolioId={portfolioId} />
            {report.holdings.length > 0 ? <AllocationChart report={report} /> : null}
          </section>
          <section className="panel" aria-labelledby="sales-heading">
            <h2 id="sales-heading">{t('portfolio.detail.sales.heading')}</h2>
            <Sales report={report} portfolioId={portfolioId} />
          </section>
          <section className="panel" aria-labelledby="income-heading">
            <h2 id="income-heading">{t('portfolio.detail.income.heading')}</h2>
            <IncomeTable report={report} />
          </section>
          <DepotTaxPanel portfolio={portfolio} asOf={report.asOf} />
          <section className="panel" aria-labelledby="transactions-heading">
            <h2 id="transactions-heading">{t('portfolio.detail.transactions.heading')}</h2>
            <PortfolioTransactions
              portfolio={portfolio}
              negativeCash={report.negativeCash}
              onEdit={(transaction) => {
                setEditing(transaction)
                document.getElementById('add-heading')?.scrollIntoView({ block: 'start' })
              }}
            />
          </section>
          <section className="panel" aria-labelledby="import-export-heading">
            <h2 id="import-export-heading">{t('import.dialog.panelHeading')}</h2>
            <ImportExportPanel portfolio={portfolio} />
          </section>
          <TotalsPanel report={report} portfolioId={portfolioId} measure={measure} />
        </ExplainHost>
      )}
    </div>
  )
}
