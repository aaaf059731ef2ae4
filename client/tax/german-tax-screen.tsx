import type { GermanTaxView } from '../../shared/api/schemas'
import { formatDate } from '../../shared/i18n/format'
import { buildPath } from '../../shared/routes/build-path'
import { useI18n } from '../app/i18n-context'
import { useUserTaxSettings } from '../auth/user-tax-settings'
import { useGermanTax, usePortfolio } from '../portfolio/data/portfolio-queries'
import { ExplainHost } from '../portfolio/explain/explained-figure'
import { InstrumentLink } from '../portfolio/screens/instrument-link'
import { PortfolioBreadcrumbs } from '../portfolio/screens/portfolio-breadcrumbs'
import { OfflineNotice } from '../portfolio/screens/offline-notice'
import { QueryStatus } from '../portfolio/screens/query-status'
import { useDocumentTitle } from '../seo/use-document-title'
import { GERMAN_NOT_COVERED, HonestyNotice } from './honesty-notice'
import { InYearPanel } from './in-year-panel'
import { germanTaxTitle } from './tax-titles'
import { isYearRunning, statementOf } from './statement'
import { statementCsv } from './statement-csv'
import { StatementTable } from './statement-table'
import { TaxActions } from './tax-actions'
import { TaxItemsTable } from './tax-items-table'
import { YearLinks } from './year-links'

/**
 * A portfolio's year as a German depot, to put beside the bank's Jahressteuerbescheinigung: the
 * statement line by line, every item of income, and in the current year the Freistellungsauftrag
 * used so far and the Vorabpauschalen due next January. Every computed figure explains itself;
 * the year downloads as a CSV and prints as a page.
 */
export function GermanTaxScreen(props: { portfolioId: string; year: number }) {
  const { t, locale, formatLocale } = useI18n()
  const { portfolioId, year } = props
  const portfolioQuery = usePortfolio(portfolioId)
  const taxQuery = useGermanTax(portfolioId, year)
  const portfolio = portfolioQuery.data?.body
  const view = taxQuery.data?.body
  const tax = useUserTaxSettings()
  useDocumentTitle(germanTaxTitle(t, portfolio, String(year)))
  const yearLink = (of: number) =>
    buildPath('germanTax', locale, { id: portfolioId, year: String(of) })
  const notBegun = view !== undefined && view.asOf < `${view.year}-01-01`

  return (
    <div className="portfolio-screen tax-screen">
      <PortfolioBreadcrumbs portfolioId={portfolioId} portfolio={portfolio} />
      <header className="screen-header">
        <h1 id="page-heading" tabIndex={-1}>
          {t('tax.depot.heading', { year: String(year) })}
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
      <HonestyNotice estimate="tax.honesty.estimate" notCovered={GERMAN_NOT_COVERED} />
      {tax.residence !== 'DE' ? (
        <p className="notice notice--warning">
          {t('tax.depot.notResident')}{' '}
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
        <ExplainHost portfolioId={portfolioId}>
          <FundsWithoutType view={view} portfolioId={portfolioId} />
          <NotCapitalIncome view={view} portfolioId={portfolioId} />
          <VorabpauschaleUnpriced view={view} portfolioId={portfolioId} />
          {isYearRunning(view) ? <InYearPanel view={view} portfolioId={portfolioId} /> : null}
          <section className="panel" aria-labelledby="statement-heading">
            <h2 id="statement-heading">{t('tax.statement.heading', { year: String(year) })}</h2>
            {/* On paper there is nothing to tap: the lead is left out. */}
            <p className="panel__lead statement-lead">{t('tax.statement.lead')}</p>
            <StatementTable
              sections={statementOf(view)}
              year={view.year}
              asOf={view.asOf}
              currency="EUR"
              caption={t('tax.statement.caption', { year: String(year) })}
            />
            <TaxActions
              csv={() => statementCsv(view, portfolio.name, { t, locale })}
              fileName={t('tax.csv.fileName', { year: String(year) })}
            />
          </section>
          <section className="panel" aria-labelledby="items-heading">
            <h2 id="items-heading">{t('tax.items.heading')}</h2>
            <TaxItemsTable view={view} portfolioId={portfolioId} />
          </section>
        </ExplainHost>
      )}
    </div>
  )
}

/** Funds whose type is not set are taxed without a Teilfreistellung until it is. */
function FundsWithoutType(props: { view: GermanTaxView; portfolioId: string }) {
  const { t } = useI18n()
  if (props.view.fundsWithoutType.length === 0) return null
  return (
    <div className="notice notice--warning" role="note">
      <p>{t('tax.depot.fundsWithoutType')}</p>
      <ul>
        {props.view.fundsWithoutType.map((fund) => (
          <li key={fund.id}>
            <InstrumentLink portfolioId={props.portfolioId} instrument={fund} />
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Crypto-assets and commodities: private sales (§ 23 EStG), not in this view of capital income. */
function NotCapitalIncome(props: { view: GermanTaxView; portfolioId: string }) {
  const { t } = useI18n()
  if (props.view.notCapitalIncome.length === 0) return null
  return (
    <div className="notice" role="note">
      <p>{t('tax.depot.notCapitalIncome')}</p>
      <ul>
        {props.view.notCapitalIncome.map((instrument) => (
          <li key={instrument.id}>
            <InstrumentLink portfolioId={props.portfolioId} instrument={instrument} />
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Funds whose Vorabpauschale could not be computed: a price of the year before is missing. */
function VorabpauschaleUnpriced(props: { view: GermanTaxView; portfolioId: string }) {
  const { t } = useI18n()
  const [first] = props.view.vorabpauschaleUnpriced
  if (first === undefined) return null
  return (
    <div className="notice notice--warning" role="note">
      <p>
        {t('tax.depot.vorabpauschaleUnpriced', {
          year: String(first.year),
          received: String(props.view.year),
        })}
      </p>
      <ul>
        {props.view.vorabpauschaleUnpriced.map(({ instrument }) => (
          <li key={instrument.id}>
            <InstrumentLink portfolioId={props.portfolioId} instrument={instrument} />
          </li>
        ))}
      </ul>
    </div>
  )
}
