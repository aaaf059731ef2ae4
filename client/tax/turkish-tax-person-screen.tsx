import { useState } from 'react'
import type { TurkishTaxPerson } from '../../shared/api/schemas'
import { formatDate } from '../../shared/i18n/format'
import { buildPath } from '../../shared/routes/build-path'
import { dayInZone } from '../../shared/time/day-in-zone'
import { useI18n } from '../app/i18n-context'
import { useUserTimeZone } from '../auth/user-time-zone'
import { useUserTaxSettings } from '../auth/user-tax-settings'
import { useTurkishTaxPerson } from '../portfolio/data/portfolio-queries'
import { OfflineNotice } from '../portfolio/screens/offline-notice'
import { QueryStatus } from '../portfolio/screens/query-status'
import { useDocumentTitle } from '../seo/use-document-title'
import { HonestyNotice, TURKISH_NOT_COVERED } from './honesty-notice'
import { StatementTable } from './statement-table'
import { TaxActions } from './tax-actions'
import { TurkishPersonTable } from './turkish-person-table'
import { turkishPersonCsv } from './turkish-tax-csv'
import { turkishStatementOf } from './turkish-statement'
import { YearLinks } from './year-links'

/** The year's figures once they are loaded: the portfolios, then the person's one beyanname. */
function PersonYear({ person }: { person: TurkishTaxPerson }) {
  const { t, locale } = useI18n()
  const year = String(person.year)
  return (
    <>
      <section className="panel" aria-labelledby="tax-portfolios-heading">
        <h2 id="tax-portfolios-heading">{t('tax.turkey.person.portfolios.heading')}</h2>
        {person.portfolios.length === 0 ? (
          <p className="muted">{t('tax.turkey.person.portfolios.empty')}</p>
        ) : (
          <TurkishPersonTable person={person} />
        )}
      </section>
      <section className="panel" aria-labelledby="statement-heading">
        <h2 id="statement-heading">{t('tax.turkey.person.summary', { year })}</h2>
        <p className="panel__lead statement-lead">{t('tax.turkey.person.summaryLead')}</p>
        <StatementTable
          sections={turkishStatementOf(person)}
          year={person.year}
          asOf={person.asOf}
          currency="TRY"
          caption={t('tax.turkey.person.summary', { year })}
        />
        <TaxActions
          csv={() => turkishPersonCsv(person, { t, locale })}
          fileName={t('tax.turkey.person.fileName', { year })}
        />
      </section>
    </>
  )
}

/**
 * A Turkish resident's year across all their portfolios (docs/tax-turkey.md, rule 14): one row
 * per portfolio with the stopaj withheld there and its foreign sales and dividends, then the
 * year of all of them together as the March beyanname sees it, since the declaration tests, the
 * tariff and the foreign tax credit are the person's; then what the estimate leaves out.
 */
export function TurkishTaxPersonScreen({ year }: { year: number }) {
  const { t, locale, formatLocale } = useI18n()
  const tax = useUserTaxSettings()
  const { zone } = useUserTimeZone()
  const [thisYear] = useState(() => Number(dayInZone(new Date(), zone).slice(0, 4)))
  const query = useTurkishTaxPerson(year)
  const person = query.data?.body
  useDocumentTitle(t('pages.turkishTaxPerson.namedTitle', { year: String(year) }))
  return (
    <div className="portfolio-screen tax-person">
      <nav className="breadcrumbs" aria-label={t('portfolio.common.breadcrumbs')}>
        <a href={`${buildPath('profile', locale)}#taxes`}>{t('layout.navProfile')}</a>
      </nav>
      <header className="screen-header">
        <h1 id="page-heading" tabIndex={-1}>
          {t('tax.turkey.person.heading', { year: String(year) })}
        </h1>
        <YearLinks
          year={year}
          next={year < thisYear}
          href={(to) => buildPath('turkishTaxPerson', locale, { year: String(to) })}
        />
        <p className="screen-header__meta">{t('tax.turkey.person.lead', { year: String(year) })}</p>
        {person ? (
          <p className="screen-header__meta">
            {t('tax.person.asOf', { date: formatDate(formatLocale, person.asOf) })}
          </p>
        ) : null}
      </header>
      {tax.residence !== 'TR' ? (
        <p className="notice notice--warning">
          {t('tax.turkey.person.notResident')}{' '}
          <a href={`${buildPath('profile', locale)}#taxes`}>{t('tax.depot.toSettings')}</a>
        </p>
      ) : null}
      <HonestyNotice estimate="tax.turkey.person.estimate" notCovered={TURKISH_NOT_COVERED} />
      <OfflineNotice fetched={[query.data]} />
      {person ? <PersonYear person={person} /> : <QueryStatus query={query} />}
    </div>
  )
}
