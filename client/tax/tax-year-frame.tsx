import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Instrument, Portfolio } from '../../shared/api/schemas'
import { formatDate } from '../../shared/i18n/format'
import type { MessageKey } from '../../shared/i18n/messages'
import { buildPath } from '../../shared/routes/build-path'
import type { TaxResidence } from '../../shared/tax/tax-settings'
import type { Fetched } from '../api/browser-api'
import { useI18n } from '../app/i18n-context'
import { useUserTaxSettings } from '../auth/user-tax-settings'
import { usePortfolio } from '../portfolio/data/portfolio-queries'
import { InstrumentLink } from '../portfolio/screens/instrument-link'
import { OfflineNotice } from '../portfolio/screens/offline-notice'
import { PortfolioBreadcrumbs } from '../portfolio/screens/portfolio-breadcrumbs'
import { QueryStatus } from '../portfolio/screens/query-status'
import { useDocumentTitle } from '../seo/use-document-title'
import { HonestyNotice } from './honesty-notice'
import { isYearRunning } from './statement'
import { YearLinks } from './year-links'

/** What a country's tax view of a year has in common: its year and the day it runs to. */
interface YearView {
  year: number
  asOf: string
}

/**
 * A portfolio's tax year on screen, whichever country's: the way back, the heading with the
 * portfolio and how far the year runs, the links to the years around it, the honesty note, a
 * warning when the profile names another residence, and the figures (`children`) once the
 * portfolio and the view are read; before then why not, and for a year not yet begun a link to
 * the current one.
 */
export function TaxYearFrame<View extends YearView>(props: {
  portfolioId: string
  year: number
  route: 'germanTax' | 'turkishTax'
  residence: TaxResidence
  texts: {
    heading: MessageKey
    notResident: MessageKey
    estimate: MessageKey
    notCovered: readonly MessageKey[]
  }
  title: (portfolio: Portfolio | undefined) => string | null
  taxQuery: UseQueryResult<Fetched<View>>
  children: (view: View, portfolio: Portfolio) => ReactNode
}) {
  const { t, locale, formatLocale } = useI18n()
  const { portfolioId, year, taxQuery, texts } = props
  const portfolioQuery = usePortfolio(portfolioId)
  const portfolio = portfolioQuery.data?.body
  const view = taxQuery.data?.body
  const tax = useUserTaxSettings()
  useDocumentTitle(props.title(portfolio))
  const yearLink = (of: number) =>
    buildPath(props.route, locale, { id: portfolioId, year: String(of) })
  const notBegun = view !== undefined && view.asOf < `${view.year}-01-01`
  const running = view !== undefined && isYearRunning(view)

  return (
    <div className="portfolio-screen tax-screen">
      <PortfolioBreadcrumbs portfolioId={portfolioId} portfolio={portfolio} />
      <header className="screen-header">
        <h1 id="page-heading" tabIndex={-1}>
          {t(texts.heading, { year: String(year) })}
        </h1>
        {view && portfolio ? (
          <p className="screen-header__meta">
            {portfolio.name} ·{' '}
            {running
              ? t('tax.depot.soFar', { date: formatDate(formatLocale, view.asOf) })
              : t('tax.depot.wholeYear')}
          </p>
        ) : null}
        <YearLinks year={year} next={view !== undefined && !running && !notBegun} href={yearLink} />
      </header>
      <HonestyNotice estimate={texts.estimate} notCovered={texts.notCovered} />
      {tax.residence !== props.residence ? (
        <p className="notice notice--warning">
          {t(texts.notResident)}{' '}
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
        props.children(view, portfolio)
      )}
    </div>
  )
}

/** A note naming instruments, each linked to its screen; nothing when there are none. */
export function InstrumentsNotice(props: {
  text: string
  instruments: readonly Instrument[]
  portfolioId: string
  warning?: boolean
}) {
  if (props.instruments.length === 0) return null
  return (
    <div className={props.warning ? 'notice notice--warning' : 'notice'} role="note">
      <p>{props.text}</p>
      <ul>
        {props.instruments.map((instrument) => (
          <li key={instrument.id}>
            <InstrumentLink portfolioId={props.portfolioId} instrument={instrument} />
          </li>
        ))}
      </ul>
    </div>
  )
}
