import type { GermanTaxView, Instrument } from '../../shared/api/schemas'
import { formatDate } from '../../shared/i18n/format'
import { useI18n } from '../app/i18n-context'
import { Explained } from '../portfolio/explain/explained-figure'
import { Gain, Money } from '../portfolio/screens/figures'
import { InstrumentLink } from '../portfolio/screens/instrument-link'
import { ScrollTable, cardCell } from '../portfolio/screens/scroll-table'

/**
 * Every piece of the year's capital income in the order it arrived: a sale's gain or loss, a
 * dividend or distribution, interest, a fund's Vorabpauschale (one per fund, on the year's first
 * working day); before and after the Teilfreistellung, its pot, and the foreign tax it brings
 * to credit. What each is after the Teilfreistellung opens its explanation.
 */
export function TaxItemsTable(props: { view: GermanTaxView; portfolioId: string }) {
  const { t, formatLocale } = useI18n()
  const { view } = props
  if (view.items.length === 0) return <p className="muted">{t('tax.items.none')}</p>
  const labels = {
    date: t('tax.items.date'),
    kind: t('tax.items.kind'),
    pot: t('tax.items.pot'),
    gross: t('tax.items.gross'),
    amount: t('tax.items.amount'),
    foreignTax: t('tax.items.foreignTax'),
  }
  const foreign = view.items.some((item) => item.creditableForeignTax !== '0')
  return (
    <ScrollTable caption={t('tax.items.caption', { year: String(view.year) })}>
      <thead>
        <tr>
          <th scope="col" className="text">
            {labels.kind}
          </th>
          <th scope="col">{labels.date}</th>
          <th scope="col" className="text">
            {labels.pot}
          </th>
          <th scope="col">{labels.gross}</th>
          <th scope="col">{labels.amount}</th>
          {foreign ? <th scope="col">{labels.foreignTax}</th> : null}
        </tr>
      </thead>
      <tbody>
        {view.items.map((item, index) => {
          const kind = t(`tax.kinds.${item.kind}`)
          const date = formatDate(formatLocale, item.date)
          return (
            // Items have no id of their own (a Vorabpauschale has no transaction): the
            // position in the year is what the explanation asks for too.
            <tr key={index}>
              <TaxItemTitle
                label={labels.kind}
                kind={kind}
                instrument={item.instrument}
                portfolioId={props.portfolioId}
              />
              <td {...cardCell('key', labels.date)}>{date}</td>
              <td {...cardCell('line', labels.pot, 'text')}>{t(`tax.pots.${item.pot}`)}</td>
              <td {...cardCell('line', labels.gross)}>
                <Gain amount={item.gross} currency="EUR" />
              </td>
              <td {...cardCell('key', labels.amount)}>
                <Explained
                  figure={{ scope: 'germanTaxItem', id: String(index), name: 'amount' }}
                  title={t('portfolio.common.figureOf', {
                    figure: labels.amount,
                    subject: `${kind}${item.instrument ? ` ${item.instrument.code}` : ''}, ${date}`,
                  })}
                  dates={{ asOf: view.asOf }}
                >
                  <Gain amount={item.amount} currency="EUR" />
                </Explained>
              </td>
              {foreign ? (
                <td {...cardCell('line', labels.foreignTax)}>
                  <Money amount={item.creditableForeignTax} currency="EUR" />
                </td>
              ) : null}
            </tr>
          )
        })}
      </tbody>
    </ScrollTable>
  )
}

/** An item's row heading: its kind and its instrument's code, linked, in one piece. */
export function TaxItemTitle(props: {
  label: string
  kind: string
  instrument: Instrument | null
  portfolioId: string
}) {
  return (
    <th scope="row" {...cardCell('title', props.label, 'text')}>
      {/* One piece, so a phone's card keeps the kind and the code together. */}
      <span>
        {props.kind}
        {props.instrument ? (
          <>
            {' · '}
            <InstrumentLink portfolioId={props.portfolioId} instrument={props.instrument}>
              {props.instrument.code}
            </InstrumentLink>
          </>
        ) : null}
      </span>
    </th>
  )
}
