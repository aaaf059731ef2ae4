import type { GermanTaxPerson } from '../../shared/api/schemas'
import { compareDecimalText } from '../../shared/decimal/decimal'
import { formatMoney } from '../../shared/i18n/format'
import { buildPath } from '../../shared/routes/build-path'
import { useI18n } from '../app/i18n-context'
import { Gain } from '../portfolio/screens/figures'
import { ScrollTable, cardCell } from '../portfolio/screens/scroll-table'

type DepotFigures = GermanTaxPerson['totals']
type Depot = GermanTaxPerson['depots'][number]

/** The losses a depot carries into the next year, per pot; the pots left empty say nothing. */
function CarriedLosses({ figures, certified }: { figures: DepotFigures; certified: boolean }) {
  const { t } = useI18n()
  const pots = [
    { key: 'lossesShares', amount: figures.carriedOut.shares },
    { key: 'lossesGeneral', amount: figures.carriedOut.general },
  ] as const
  const carried = pots.filter((pot) => compareDecimalText(pot.amount, '0') < 0)
  if (carried.length === 0) return <span className="muted">{t('tax.person.depots.noLosses')}</span>
  return (
    <>
      {carried.map((pot) => (
        <span key={pot.key} className="tax-person__pot">
          {t(`tax.person.depots.${pot.key}`)} <Gain amount={pot.amount} currency="EUR" />
        </span>
      ))}
      {certified ? <span className="cell-note">{t('tax.person.depots.certified')}</span> : null}
    </>
  )
}

/**
 * One row per depot and a total row: capital income after the pots, the exemption order used of
 * the one given, the taxes withheld (church tax only when the profile names a rate) and the losses
 * carried into the next year. Each depot's name opens the depot itself. Below 640 px each row is
 * a card: the name, income and KapESt side by side, then the rest line by line.
 */
export function DepotTaxTable({ person }: { person: GermanTaxPerson }) {
  const { t, locale, formatLocale } = useI18n()
  const euros = (amount: string) => formatMoney(formatLocale, amount, 'EUR')
  const church = person.churchTaxRate !== '0'
  const labels = {
    depot: t('tax.person.depots.depot'),
    income: t('tax.person.depots.income'),
    allowance: t('tax.person.depots.allowance'),
    kapESt: t('tax.person.depots.kapESt'),
    soli: t('tax.person.depots.soli'),
    churchTax: t('tax.person.depots.churchTax'),
    losses: t('tax.person.depots.losses'),
  }
  const figures = (row: DepotFigures, certified: boolean) => (
    <>
      <td {...cardCell('key', labels.income)}>{euros(row.income)}</td>
      <td {...cardCell('line', labels.allowance)}>
        {t('tax.person.depots.usedOf', {
          used: euros(row.allowanceUsed),
          given: euros(row.freistellungsauftrag),
        })}
      </td>
      <td {...cardCell('key', labels.kapESt)}>{euros(row.kapESt)}</td>
      <td {...cardCell('line', labels.soli)}>{euros(row.soli)}</td>
      {church ? <td {...cardCell('line', labels.churchTax)}>{euros(row.churchTax)}</td> : null}
      <td {...cardCell('line', labels.losses)}>
        <CarriedLosses figures={row} certified={certified} />
      </td>
    </>
  )
  const depotRow = (depot: Depot) => (
    <tr key={depot.id}>
      <th scope="row" {...cardCell('title', undefined, 'text')}>
        <a href={buildPath('germanTax', locale, { id: depot.id, year: String(person.year) })}>
          {depot.name}
        </a>
      </th>
      {figures(depot, depot.lossCertificate)}
    </tr>
  )
  return (
    <ScrollTable
      caption={t('tax.person.depots.caption', { year: String(person.year) })}
      className="tax-person__depots"
    >
      <thead>
        <tr>
          <th scope="col">{labels.depot}</th>
          <th scope="col">{labels.income}</th>
          <th scope="col">{labels.allowance}</th>
          <th scope="col">{labels.kapESt}</th>
          <th scope="col">{labels.soli}</th>
          {church ? <th scope="col">{labels.churchTax}</th> : null}
          <th scope="col">{labels.losses}</th>
        </tr>
      </thead>
      <tbody>{person.depots.map(depotRow)}</tbody>
      {/* A body of its own, so the total is a card on a phone like the depots above it. */}
      <tbody className="tax-person__total">
        <tr>
          <th scope="row" {...cardCell('title', undefined, 'text')}>
            {t('tax.person.depots.total')}
          </th>
          {figures(person.totals, false)}
        </tr>
      </tbody>
    </ScrollTable>
  )
}
