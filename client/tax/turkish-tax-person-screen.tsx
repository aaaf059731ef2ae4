import type { TurkishTaxPerson } from '../../shared/api/schemas'
import { formatDate } from '../../shared/i18n/format'
import { useI18n } from '../app/i18n-context'
import { useTurkishTaxPerson } from '../portfolio/data/portfolio-queries'
import { TURKISH_NOT_COVERED } from './honesty-notice'
import { PersonTaxFrame } from './person-tax-frame'
import { StatementTable } from './statement-table'
import { TaxActions } from './tax-actions'
import { TurkishPersonTable } from './turkish-person-table'
import { turkishPersonCsv } from './turkish-tax-csv'
import { turkishStatementOf } from './turkish-statement'

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
  const { t, formatLocale } = useI18n()
  return (
    <PersonTaxFrame
      year={year}
      route="turkishTaxPerson"
      residence="TR"
      texts={{
        title: 'pages.turkishTaxPerson.namedTitle',
        heading: 'tax.turkey.person.heading',
        lead: 'tax.turkey.person.lead',
        notResident: 'tax.turkey.person.notResident',
        estimate: 'tax.turkey.person.estimate',
        notCovered: TURKISH_NOT_COVERED,
      }}
      taxQuery={useTurkishTaxPerson(year)}
      meta={(person) => [t('tax.person.asOf', { date: formatDate(formatLocale, person.asOf) })]}
    >
      {(person) => <PersonYear person={person} />}
    </PersonTaxFrame>
  )
}
