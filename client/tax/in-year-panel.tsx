import type { GermanTaxView } from '../../shared/api/schemas'
import { formatDate, formatMoney, formatNumber } from '../../shared/i18n/format'
import { buildPath } from '../../shared/routes/build-path'
import { useI18n } from '../app/i18n-context'
import { Explained } from '../portfolio/explain/explained-figure'
import { Money } from '../portfolio/screens/figures'
import { InstrumentLink } from '../portfolio/screens/instrument-link'
import { ScrollTable, cardCell } from '../portfolio/screens/scroll-table'
import { allowanceShareUsed } from './statement'

/**
 * The year so far: how much of the depot's Freistellungsauftrag its income has used and what is
 * left, and each fund's Vorabpauschale due next January if the year ended at today's price.
 */
export function InYearPanel(props: { view: GermanTaxView; portfolioId: string }) {
  const { t, locale, formatLocale } = useI18n()
  const { view } = props
  const next = String(view.year + 1)
  const share = allowanceShareUsed(view)
  const dates = { asOf: view.asOf }
  const labels = {
    fund: t('tax.expected.fund'),
    units: t('tax.expected.units'),
    amount: t('tax.items.gross'),
    taxable: t('tax.items.amount'),
    receivedOn: t('tax.expected.receivedOn'),
  }
  return (
    <section className="panel" aria-labelledby="in-year-heading">
      <h2 id="in-year-heading">
        {t('tax.inYear.heading', { date: formatDate(formatLocale, view.asOf) })}
      </h2>
      {share === null ? (
        <p className="notice">
          {t('tax.inYear.noOrder')}{' '}
          <a href={`${buildPath('profile', locale)}#taxes`}>{t('tax.inYear.setOrder')}</a>
        </p>
      ) : (
        <div className="allowance">
          <p className="allowance__text">
            {t('tax.inYear.used', {
              used: formatMoney(formatLocale, view.assessment.allowanceUsed, 'EUR'),
              given: formatMoney(formatLocale, view.freistellungsauftrag, 'EUR'),
            })}
          </p>
          <meter
            className="allowance__meter"
            min={0}
            max={1}
            value={share}
            aria-label={t('tax.lines.allowanceUsed')}
          />
          <p className="allowance__left">
            {t('tax.lines.allowanceLeft')}:{' '}
            <Explained
              figure={{ scope: 'germanTax', name: 'allowanceLeft' }}
              title={t('tax.lines.allowanceLeft')}
              dates={dates}
            >
              <Money amount={view.assessment.allowanceLeft} currency="EUR" />
            </Explained>
          </p>
        </div>
      )}
      <h3>{t('tax.expected.caption', { next })}</h3>
      <p className="panel__lead">{t('tax.expected.lead', { next })}</p>
      {view.expectedVorabpauschalen.length === 0 ? (
        <p className="muted">{t('tax.expected.none')}</p>
      ) : (
        <ScrollTable caption={t('tax.expected.tableCaption')}>
          <thead>
            <tr>
              <th scope="col" className="text">
                {labels.fund}
              </th>
              <th scope="col">{labels.units}</th>
              <th scope="col">{labels.amount}</th>
              <th scope="col">{labels.taxable}</th>
              <th scope="col">{labels.receivedOn}</th>
            </tr>
          </thead>
          <tbody>
            {view.expectedVorabpauschalen.map((each, index) => {
              const id = each.instrument?.id
              const subject = each.instrument?.code ?? ''
              const figure = (name: 'amount' | 'taxable', label: string, amount: string) =>
                id ? (
                  <Explained
                    figure={{ scope: 'germanTaxExpected', id, name }}
                    title={t('portfolio.common.figureOf', { figure: label, subject })}
                    dates={dates}
                  >
                    <Money amount={amount} currency="EUR" />
                  </Explained>
                ) : (
                  <Money amount={amount} currency="EUR" />
                )
              return (
                <tr key={id ?? index}>
                  <th scope="row" {...cardCell('title', labels.fund, 'text')}>
                    {each.instrument ? (
                      <InstrumentLink
                        portfolioId={props.portfolioId}
                        instrument={each.instrument}
                      />
                    ) : null}
                  </th>
                  <td {...cardCell('line', labels.units)}>
                    {formatNumber(formatLocale, each.units, { maximumFractionDigits: 8 })}
                  </td>
                  <td {...cardCell('key', labels.amount)}>
                    {figure('amount', labels.amount, each.amount)}
                  </td>
                  <td {...cardCell('key', labels.taxable)}>
                    {figure('taxable', labels.taxable, each.taxable)}
                  </td>
                  <td {...cardCell('line', labels.receivedOn)}>
                    {formatDate(formatLocale, each.receivedOn)}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </ScrollTable>
      )}
    </section>
  )
}
