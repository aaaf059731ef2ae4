import type { TurkishTaxView } from '../../shared/api/schemas'
import { formatDate } from '../../shared/i18n/format'
import { useI18n } from '../app/i18n-context'
import { Gain, Money } from '../portfolio/screens/figures'
import { InstrumentLink } from '../portfolio/screens/instrument-link'
import { ScrollTable, cardCell } from '../portfolio/screens/scroll-table'
import { itemDetails, itemFigures } from './turkish-tax-items'

/**
 * Every sale and payment of the year in the order it happened, computed or named as not
 * covered, so nothing is left out unsaid: its gain or gross in lira (a foreign sale's with
 * indexation too), the stopaj or the tax withheld abroad, and why, lot by lot.
 */
export function TurkishTaxItemsTable(props: { view: TurkishTaxView; portfolioId: string }) {
  const { t, formatLocale } = useI18n()
  const { view } = props
  if (view.items.length === 0) return <p className="muted">{t('tax.turkey.items.none')}</p>
  const labels = {
    kind: t('tax.items.kind'),
    date: t('tax.items.date'),
    amount: t('tax.turkey.items.amount'),
    indexed: t('tax.turkey.items.indexed'),
    tax: t('tax.turkey.items.tax'),
    details: t('tax.turkey.items.details'),
  }
  const indexed = view.items.some((item) => item.kind === 'foreignSale')
  const figure = (amount: string | null) =>
    amount === null ? null : <Gain amount={amount} currency="TRY" />
  return (
    <ScrollTable caption={t('tax.turkey.items.caption', { year: String(view.year) })}>
      <thead>
        <tr>
          <th scope="col" className="text">
            {labels.kind}
          </th>
          <th scope="col">{labels.date}</th>
          <th scope="col">{labels.amount}</th>
          {indexed ? <th scope="col">{labels.indexed}</th> : null}
          <th scope="col">{labels.tax}</th>
          <th scope="col" className="text">
            {labels.details}
          </th>
        </tr>
      </thead>
      <tbody>
        {view.items.map((item) => {
          const figures = itemFigures(item)
          return (
            <tr key={item.transactionId}>
              <th scope="row" {...cardCell('title', labels.kind, 'text')}>
                {/* One piece, so a phone's card keeps the kind and the code together. */}
                <span>
                  {t(`tax.turkey.kinds.${item.kind}`)}
                  {item.instrument ? (
                    <>
                      {' · '}
                      <InstrumentLink portfolioId={props.portfolioId} instrument={item.instrument}>
                        {item.instrument.code}
                      </InstrumentLink>
                    </>
                  ) : null}
                </span>
              </th>
              <td {...cardCell('key', labels.date)}>{formatDate(formatLocale, item.date)}</td>
              <td {...cardCell('key', labels.amount)}>{figure(figures.amount)}</td>
              {indexed ? (
                <td {...cardCell('line', labels.indexed)}>{figure(figures.indexed)}</td>
              ) : null}
              <td {...cardCell('line', labels.tax)}>
                {figures.tax === null ? null : <Money amount={figures.tax} currency="TRY" />}
              </td>
              <td {...cardCell('line', labels.details, 'text tax-details')}>
                <ul className="tax-details__list">
                  {itemDetails(item, { t, formatLocale }).map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              </td>
            </tr>
          )
        })}
      </tbody>
    </ScrollTable>
  )
}
