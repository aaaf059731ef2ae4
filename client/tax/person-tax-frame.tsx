import type { UseQueryResult } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import type { MessageKey } from '../../shared/i18n/messages'
import { buildPath } from '../../shared/routes/build-path'
import type { TaxResidence } from '../../shared/tax/tax-settings'
import { dayInZone } from '../../shared/time/day-in-zone'
import type { Fetched } from '../api/browser-api'
import { useI18n } from '../app/i18n-context'
import { useUserTimeZone } from '../auth/user-time-zone'
import { useUserTaxSettings } from '../auth/user-tax-settings'
import { OfflineNotice } from '../portfolio/screens/offline-notice'
import { QueryStatus } from '../portfolio/screens/query-status'
import { useDocumentTitle } from '../seo/use-document-title'
import { HonestyNotice } from './honesty-notice'
import { YearLinks } from './year-links'

/**
 * A person's tax year across their portfolios on screen, whichever country's: the way back to
 * the profile, the heading, the links to the years around it, the lead and what the figures are
 * as of (`meta`), a warning when the profile names another residence, the honesty note, and the
 * figures (`children`) once read; before then why not.
 */
export function PersonTaxFrame<View>(props: {
  year: number
  route: 'germanTaxPerson' | 'turkishTaxPerson'
  residence: TaxResidence
  texts: {
    title: MessageKey
    heading: MessageKey
    lead: MessageKey
    notResident: MessageKey
    estimate: MessageKey
    notCovered: readonly MessageKey[]
  }
  taxQuery: UseQueryResult<Fetched<View>>
  meta: (view: View) => readonly string[]
  children: (view: View) => ReactNode
}) {
  const { t, locale } = useI18n()
  const { year, texts, taxQuery } = props
  const tax = useUserTaxSettings()
  const { zone } = useUserTimeZone()
  const [thisYear] = useState(() => Number(dayInZone(new Date(), zone).slice(0, 4)))
  const view = taxQuery.data?.body
  useDocumentTitle(t(texts.title, { year: String(year) }))
  const meta = view ? props.meta(view) : []
  return (
    <div className="portfolio-screen tax-person">
      <nav className="breadcrumbs" aria-label={t('portfolio.common.breadcrumbs')}>
        <a href={`${buildPath('profile', locale)}#taxes`}>{t('layout.navProfile')}</a>
      </nav>
      <header className="screen-header">
        <h1 id="page-heading" tabIndex={-1}>
          {t(texts.heading, { year: String(year) })}
        </h1>
        <YearLinks
          year={year}
          next={year < thisYear}
          href={(to) => buildPath(props.route, locale, { year: String(to) })}
        />
        <p className="screen-header__meta">{t(texts.lead, { year: String(year) })}</p>
        {meta.length > 0 ? <p className="screen-header__meta">{meta.join(' · ')}</p> : null}
      </header>
      {tax.residence !== props.residence ? (
        <p className="notice notice--warning">
          {t(texts.notResident)}{' '}
          <a href={`${buildPath('profile', locale)}#taxes`}>{t('tax.depot.toSettings')}</a>
        </p>
      ) : null}
      <HonestyNotice estimate={texts.estimate} notCovered={texts.notCovered} />
      <OfflineNotice fetched={[taxQuery.data]} />
      {view ? props.children(view) : <QueryStatus query={taxQuery} />}
    </div>
  )
}
