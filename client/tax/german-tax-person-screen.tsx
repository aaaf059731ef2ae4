import type { GermanTaxPerson } from '../../shared/api/schemas'
import { compareDecimalText } from '../../shared/decimal/decimal'
import { formatDate, formatMoney } from '../../shared/i18n/format'
import { buildPath } from '../../shared/routes/build-path'
import { localeInfo } from '../../shared/i18n/locales'
import type { ChurchTaxRate } from '../../shared/tax/tax-settings'
import { useI18n } from '../app/i18n-context'
import { useGermanTaxPerson } from '../portfolio/data/portfolio-queries'
import { DepotTaxTable } from './depot-tax-table'
import { GERMAN_NOT_COVERED } from './honesty-notice'
import { PersonTaxFrame } from './person-tax-frame'
import { personCsv } from './statement-csv'
import { TaxActions } from './tax-actions'

/** Each church tax rate's words in `tax.person.churchTaxRates`; none has its own. */
const RATE_LABELS = { '0.08': 'eight', '0.09': 'nine' } as const satisfies Record<
  Exclude<ChurchTaxRate, '0'>,
  string
>

const isPositive = (amount: string) => compareDecimalText(amount, '0') > 0

/** The Sparer-Pauschbetrag: how much there is, how much the orders gave and the depots used. */
function AllowancePanel({ person }: { person: GermanTaxPerson }) {
  const { t, locale, formatLocale } = useI18n()
  const { allowance } = person
  const euros = (amount: string) => formatMoney(formatLocale, amount, 'EUR')
  const overGiven = compareDecimalText(allowance.given, allowance.sparerPauschbetrag) > 0
  const figures = [
    {
      label: t('tax.person.allowance.sparerPauschbetrag', { year: String(person.year) }),
      amount: allowance.sparerPauschbetrag,
      note: person.jointAssessment ? t('tax.person.allowance.joint') : null,
    },
    { label: t('tax.person.allowance.given'), amount: allowance.given, note: null },
    { label: t('tax.person.allowance.used'), amount: allowance.used, note: null },
    { label: t('tax.person.allowance.unused'), amount: allowance.unused, note: null },
  ]
  return (
    <section className="panel" aria-labelledby="tax-allowance-heading">
      <h2 id="tax-allowance-heading">{t('tax.person.allowance.heading')}</h2>
      <dl className="figures figures--wide">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt>{figure.label}</dt>
            <dd>
              <span className="figure">{euros(figure.amount)}</span>
              {figure.note ? <span className="cell-note">{figure.note}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      {overGiven ? (
        <p className="notice notice--warning" role="status">
          {t('tax.person.allowance.overGiven')}{' '}
          <a href={`${buildPath('profile', locale)}#taxes`}>{t('tax.person.allowance.settings')}</a>
        </p>
      ) : null}
    </section>
  )
}

/** What the tax return could give back of the tax withheld, when the allowance went unused. */
function RefundNotice({ person }: { person: GermanTaxPerson }) {
  const { t, formatLocale } = useI18n()
  const { refund } = person
  if (!isPositive(refund.total)) return null
  const euros = (amount: string) => formatMoney(formatLocale, amount, 'EUR')
  const parts = {
    base: euros(refund.base),
    kapESt: euros(refund.kapESt),
    soli: euros(refund.soli),
    churchTax: euros(refund.churchTax),
  }
  return (
    <div className="notice notice--success tax-person__note">
      <p>
        <strong>
          {t('tax.person.refund', {
            amount: euros(refund.total),
            unused: euros(person.allowance.unused),
          })}
        </strong>
      </p>
      <p>
        {isPositive(refund.churchTax)
          ? t('tax.person.refundDetailChurch', parts)
          : t('tax.person.refundDetail', parts)}
      </p>
    </div>
  )
}

/** The depots whose losses a Verlustbescheinigung would let the tax return offset. */
function LossNote({ person }: { person: GermanTaxPerson }) {
  const { t, locale } = useI18n()
  const names = person.depots
    .filter((depot) => person.lossCertificateCandidates.includes(depot.id))
    .map((depot) => depot.name)
  if (names.length === 0) return null
  const list = new Intl.ListFormat(localeInfo(locale).iso, { type: 'conjunction' })
  return (
    <div className="notice tax-person__note">
      <p>
        <strong>
          {t('tax.person.lossNote', {
            depots: list.format(names),
            year: String(person.year),
            next: String(person.year + 1),
          })}
        </strong>
      </p>
      <p>{t('tax.person.lossNoteDetail')}</p>
    </div>
  )
}

/** The year's figures once they are loaded. */
function PersonYear({ person }: { person: GermanTaxPerson }) {
  const { t, locale } = useI18n()
  const list = new Intl.ListFormat(localeInfo(locale).iso, { type: 'conjunction' })
  return (
    <>
      <section className="panel" aria-labelledby="tax-depots-heading">
        <h2 id="tax-depots-heading">{t('tax.person.depots.heading')}</h2>
        {person.depots.length === 0 ? (
          <p className="muted">{t('tax.person.depots.none')}</p>
        ) : (
          <DepotTaxTable person={person} />
        )}
        {person.notInEuros.length > 0 ? (
          <p className="muted">
            {t('tax.person.notInEuros', {
              list: list.format(
                person.notInEuros.map(
                  (portfolio) => `${portfolio.name} (${portfolio.baseCurrency})`,
                ),
              ),
            })}
          </p>
        ) : null}
        <TaxActions
          csv={() => personCsv(person, { t, locale })}
          fileName={t('tax.csv.personFileName', { year: String(person.year) })}
        />
      </section>
      <RefundNotice person={person} />
      <LossNote person={person} />
      <AllowancePanel person={person} />
    </>
  )
}

/**
 * A German resident's year across all their depots (each portfolio in euros): one row per
 * depot with its capital income, the exemption order used and the tax withheld, the totals, the
 * Sparer-Pauschbetrag given and used, what the tax return could give back of an allowance left
 * unused, and when losses sit at one bank while another taxed; then what the estimate leaves out.
 */
export function GermanTaxPersonScreen({ year }: { year: number }) {
  const { t, formatLocale } = useI18n()
  return (
    <PersonTaxFrame
      year={year}
      route="germanTaxPerson"
      residence="DE"
      texts={{
        title: 'pages.germanTaxPerson.namedTitle',
        heading: 'tax.person.heading',
        lead: 'tax.person.lead',
        notResident: 'tax.person.notGerman',
        estimate: 'tax.honesty.estimate',
        notCovered: GERMAN_NOT_COVERED,
      }}
      taxQuery={useGermanTaxPerson(year)}
      meta={(person) => [
        t('tax.person.asOf', { date: formatDate(formatLocale, person.asOf) }),
        person.churchTaxRate === '0'
          ? t('tax.person.noChurchTax')
          : t(`tax.person.churchTaxRates.${RATE_LABELS[person.churchTaxRate]}`),
        ...(person.jointAssessment ? [t('tax.person.joint')] : []),
      ]}
    >
      {(person) => <PersonYear person={person} />}
    </PersonTaxFrame>
  )
}
