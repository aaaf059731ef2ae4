import { useState } from 'react'
import type { Transaction } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { useUserTaxSettings } from '../../auth/user-tax-settings'
import { useDocumentTitle } from '../../seo/use-document-title'
import { instrumentInReport, priceRange } from '../data/api-paths'
import { useTransactionMutations } from '../data/portfolio-mutations'
import {
  useInstrumentTransactions,
  useOnline,
  usePortfolio,
  usePrices,
  useReport,
} from '../data/portfolio-queries'
import { PriceChart } from '../price-chart'
import { AddTransactionPanel } from './add-transaction-panel'
import { OfflineNotice } from './offline-notice'
import { ExplainHost } from '../explain/explained-figure'
import { PortfolioBreadcrumbs } from './portfolio-breadcrumbs'
import { PositionPanel } from './position-panel'
import { PriceEntryForm } from './price-entry-form'
import { QuoteSource } from './quote-source'
import { QueryStatus, useErrorMessage } from './query-status'
import { Sales } from './sales-table'
import { TaxDetailsForm } from './tax-details-form'
import { instrumentTitle } from './screen-titles'
import { TransactionsTable } from './transactions-table'
import { TurkishTaxFacts, turkishTaxDetailsOf } from './turkish-tax-fields'

/**
 * One instrument in one portfolio: the position, its prices, and every transaction; what the tax
 * figures read of it, to change for one of the user's own, to see for a catalog line whose
 * Turkish tax details concern the user.
 */
export function InstrumentScreen(props: { portfolioId: string; code: string }) {
  const { t } = useI18n()
  const { portfolioId } = props
  const online = useOnline()
  const portfolioQuery = usePortfolio(portfolioId)
  const reportQuery = useReport(portfolioId)
  const report = reportQuery.data?.body
  const instrument = report ? instrumentInReport(report, props.code) : null
  const transactionsQuery = useInstrumentTransactions(portfolioId, instrument?.id)
  const mutations = useTransactionMutations(portfolioId)
  const messageOf = useErrorMessage()
  const [editing, setEditing] = useState<Transaction | null>(null)
  const portfolio = portfolioQuery.data?.body
  const holding = report?.holdings.find((item) => item.instrument.id === instrument?.id) ?? null
  const transactions = transactionsQuery.data?.body.transactions
  const pricesQuery = usePrices(
    instrument?.id,
    report ? priceRange(transactionsQuery.data?.body, report.asOf) : null,
  )
  const prices = pricesQuery.data?.body.prices
  const { residence } = useUserTaxSettings()
  const turkish = instrument ? turkishTaxDetailsOf(instrument, residence) : null
  useDocumentTitle(instrumentTitle(t, portfolio, instrument))

  return (
    <div className="portfolio-screen">
      <PortfolioBreadcrumbs portfolioId={portfolioId} portfolio={portfolio} />
      <header className="screen-header">
        <h1 id="page-heading" tabIndex={-1}>
          {instrument ? `${instrument.code} · ${instrument.name}` : props.code.toUpperCase()}
        </h1>
        {instrument ? (
          <p className="screen-header__meta">
            {[instrument.exchange, instrument.isin, instrument.currency]
              .filter(Boolean)
              .join(' · ')}
          </p>
        ) : null}
        {instrument ? <QuoteSource instrumentId={instrument.id} /> : null}
      </header>
      <OfflineNotice fetched={[reportQuery.data, transactionsQuery.data, pricesQuery.data]} />
      {!report ? (
        <QueryStatus query={reportQuery} />
      ) : !instrument ? (
        <p className="notice notice--warning">{t('portfolio.instrument.notHeld')}</p>
      ) : (
        <ExplainHost portfolioId={portfolioId}>
          <PositionPanel
            portfolioId={portfolioId}
            holding={holding}
            method={report.costBasisMethod}
            baseCurrency={report.baseCurrency}
            asOf={report.asOf}
          />
          <div className="panel">
            {prices && transactions ? (
              <PriceChart instrument={instrument} prices={prices} transactions={transactions} />
            ) : (
              <QueryStatus query={transactions ? pricesQuery : transactionsQuery} />
            )}
          </div>
          {portfolio ? (
            <AddTransactionPanel
              portfolio={portfolio}
              editing={editing}
              onEditDone={() => setEditing(null)}
            />
          ) : null}
          <section className="panel" aria-labelledby="transactions-heading">
            <h2 id="transactions-heading">{t('portfolio.instrument.transactions.heading')}</h2>
            {mutations.remove.isError ? (
              <p className="notice notice--error" role="alert">
                {messageOf(mutations.remove.error)}
              </p>
            ) : null}
            {transactions ? (
              <TransactionsTable
                transactions={transactions}
                negativeCash={report.negativeCash}
                online={online}
                onEdit={(transaction) => {
                  setEditing(transaction)
                  document.getElementById('add-heading')?.scrollIntoView({ block: 'start' })
                }}
                onDelete={(transaction) => mutations.remove.mutate(transaction.id)}
              />
            ) : (
              <QueryStatus query={transactionsQuery} />
            )}
          </section>
          <section className="panel" aria-labelledby="sales-heading">
            <h2 id="sales-heading">{t('portfolio.detail.sales.heading')}</h2>
            <Sales report={report} portfolioId={portfolioId} instrumentId={instrument.id} />
          </section>
          <section className="panel" aria-labelledby="prices-heading">
            <h2 id="prices-heading">{t('portfolio.instrument.prices.heading')}</h2>
            <p className="panel__lead">{t('portfolio.instrument.prices.lead')}</p>
            {online ? (
              <PriceEntryForm
                instrumentId={instrument.id}
                currency={instrument.currency}
                today={report.asOf}
              />
            ) : (
              <p className="muted">{t('portfolio.offline.readOnly')}</p>
            )}
          </section>
          {turkish && (instrument.own || turkish.fundClass || turkish.market) ? (
            <section className="panel" aria-labelledby="tax-details-heading">
              <h2 id="tax-details-heading">{t('portfolio.instrument.tax.heading')}</h2>
              <p className="panel__lead">{t('portfolio.instrument.tax.lead')}</p>
              {!instrument.own ? (
                <TurkishTaxFacts instrument={instrument} details={turkish} />
              ) : online ? (
                <TaxDetailsForm instrument={instrument} turkish={turkish} />
              ) : (
                <p className="muted">{t('portfolio.offline.readOnly')}</p>
              )}
            </section>
          ) : null}
        </ExplainHost>
      )}
    </div>
  )
}
