import { formatDate } from '../../shared/i18n/format'
import { buildPath } from '../../shared/routes/build-path'
import { useI18n } from '../app/i18n-context'
import { useUserTaxSettings } from '../auth/user-tax-settings'
import { usePortfolio, useTurkishTax } from '../portfolio/data/portfolio-queries'
import { PortfolioBreadcrumbs } from '../portfolio/screens/portfolio-breadcrumbs'
import { OfflineNotice } from '../portfolio/screens/offline-notice'
import { QueryStatus } from '../portfolio/screens/query-status'
import { useDocumentTitle } from '../seo/use-document-title'
import { HonestyNotice, TURKISH_NOT_COVERED } from './honesty-notice'
import { isYearRunning } from './statement'
import { StatementTable } from './statement-table'
import { TaxActions } from './tax-actions'
import { turkishTaxTitle } from './tax-titles'
import { turkishTaxCsv } from './turkish-tax-csv'
import { TurkishTaxItemsTable } from './turkish-tax-items-table'
import { turkishStatementOf } from './turkish-statement'
import { YearLinks } from './year-links'

/**
 * A lira portfolio's year as a Turkish resident's tax sees it, laid out like the German depot's:
 * the stopaj withheld at source, the foreign sales and dividends, what goes in the March
 * beyanname and why, its estimate, and every item of the year with its figures lot by lot. The
 * year downloads as a CSV and prints as a page.
 */
export function TurkishTaxScreen(props: { portfolioId: string; year: number }) {
  const { t, locale, formatLocale } = useI18n()
  const { portfolioId, year } = props
  const portfolioQuery = usePortfolio(portfolioId)
  const taxQuery = useTurkishTax(portfolioId, year)
  const portfolio = portfolioQuery.data?.body
  const view = taxQuery.data?.body
  const tax = useUserTaxSettings()
  useDocumentTitle(turkishTaxTitle(t, portfolio, String(year)))
  const yearLink = (of: number) =>
    buildPath('turkishTax', locale, { id: portfolioId, year: String(of) })
  const notBegun = view !== undefined && view.asOf < `${view.year}-01-01`

  return (
    <div className="portfolio-screen tax-screen">
      <PortfolioBreadcrumbs portfolioId={portfolioId} portfolio={portfolio} />
      <header className="screen-header">
        <h1 id="page-heading" tabIndex={-1}>
          {t('tax.turkey.heading', { year: String(year) })}
        </h1>
        {view && portfolio ? (
          <p className="screen-header__meta">
            {portfolio.name} ·{' '}
            {isYearRunning(view)
              ? t('tax.depot.soFar', { date: formatDate(formatLocale, view.asOf) })
              : t('tax.depot.wholeYear')}
          </p>
        ) : null}
        <YearLinks
          year={year}
          next={view !== undefined && !isYearRunning(view) && !notBegun}
          href={yearLink}
        />
      </header>
      <HonestyNotice estimate="tax.turkey.honesty.estimate" notCovered={TURKISH_NOT_COVERED} />
      {tax.residence !== 'TR' ? (
        <p className="notice notice--warning">
          {t('tax.turkey.notResident')}{' '}
          <a href={`${buildPath('profile', locale)}#taxes`}>{t('tax.depot.toSettings')}</a>
        </p>
      ) : null}
      <OfflineNotice fetched={[portfolioQuery.data, taxQuery.data]} />
      {!view || !portfolio ? (
        <QueryStatus query={view ? portfolioQuery : taxQuery} />
      ) : notBegun ? (
        <p className="notice">
          {t('tax.depot.notBegun', { year: String(year) })}{' '}
          <a href={yearLink(Number(view.asOf.slice(0, 4)))}>
            {t('tax.depot.toYear', { year: view.asOf.slice(0, 4) })}
          </a>
        </p>
      ) : (
        <>
          <section className="panel" aria-labelledby="statement-heading">
            <h2 id="statement-heading">{t('tax.turkey.summary', { year: String(year) })}</h2>
            <p className="panel__lead statement-lead">{t('tax.turkey.lead')}</p>
            <StatementTable
              sections={turkishStatementOf(view)}
              year={view.year}
              asOf={view.asOf}
              currency="TRY"
              caption={t('tax.turkey.summary', { year: String(year) })}
            />
            <TaxActions
              csv={() => turkishTaxCsv(view, portfolio.name, { t, locale })}
              fileName={t('tax.turkey.fileName', { year: String(year) })}
            />
          </section>
          <section className="panel" aria-labelledby="items-heading">
            <h2 id="items-heading">{t('tax.turkey.items.heading')}</h2>
            <TurkishTaxItemsTable view={view} portfolioId={portfolioId} />
          </section>
        </>
      )}
    </div>
  )
}
