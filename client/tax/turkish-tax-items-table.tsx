import type { TurkishTaxView } from '../../shared/api/schemas'
import { formatDate } from '../../shared/i18n/format'
import type { ReactNode } from 'react'
import type { TurkishTaxItemFigure } from '../../shared/portfolio/figure-ids'
import { useI18n } from '../app/i18n-context'
import { Explained } from '../portfolio/explain/explained-figure'
import { Gain, Money } from '../portfolio/screens/figures'
import { ScrollTable, cardCell } from '../portfolio/screens/scroll-table'
import { TaxItemTitle } from './tax-items-table'
import { itemDetails, itemFigureNames, itemFigures } from './turkish-tax-items'

/**
 * Every sale and payment of the year in the order it happened, computed or named as not
 * covered, so nothing is left out unsaid: its gain or gross in lira (a foreign sale's with
 * indexation too), the stopaj or the tax withheld abroad, and why, lot by lot. Each figure
 * opens its explanation (as of the view's date).
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
  const dates = { asOf: view.asOf }
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
        {view.items.map((item, index) => {
          const figures = itemFigures(item)
          const names = itemFigureNames(item)
          const date = formatDate(formatLocale, item.date)
          const kind = t(`tax.turkey.kinds.${item.kind}`)
          const subject = `${kind}${item.instrument ? ` ${item.instrument.code}` : ''}, ${date}`
          /** A figure of the item that opens its explanation; none where the item has none. */
          const explained = (
            amount: string | null,
            name: TurkishTaxItemFigure,
            label: string,
            shown: ReactNode,
          ) =>
            amount === null ? null : (
              <Explained
                figure={{ scope: 'turkishTaxItem', id: String(index), name }}
                title={t('portfolio.common.figureOf', { figure: label, subject })}
                dates={dates}
              >
                {shown}
              </Explained>
            )
          const gain = (amount: string | null, name: TurkishTaxItemFigure, label: string) =>
            explained(amount, name, label, <Gain amount={amount ?? '0'} currency="TRY" />)
          return (
            <tr key={item.transactionId}>
              <TaxItemTitle
                label={labels.kind}
                kind={kind}
                instrument={item.instrument}
                portfolioId={props.portfolioId}
              />
              <td {...cardCell('key', labels.date)}>{date}</td>
              <td {...cardCell('key', labels.amount)}>
                {gain(figures.amount, names.amount, labels.amount)}
              </td>
              {indexed ? (
                <td {...cardCell('line', labels.indexed)}>
                  {gain(figures.indexed, names.indexed, labels.indexed)}
                </td>
              ) : null}
              <td {...cardCell('line', labels.tax)}>
                {explained(
                  figures.tax,
                  names.tax,
                  labels.tax,
                  <Money amount={figures.tax ?? '0'} currency="TRY" />,
                )}
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
