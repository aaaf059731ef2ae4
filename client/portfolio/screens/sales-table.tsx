import type { ReactNode } from 'react'
import type { CostBasisMethod } from '../../../shared/portfolio/portfolio-kinds'
import type { Sale } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { portfolioQueries, useCursorPages } from '../data/portfolio-queries'
import { QueryStatus } from './query-status'
import { formatDate, formatMoney, formatNumber } from '../../../shared/i18n/format'
import type { SaleFigure } from '../../../shared/portfolio/figure-ids'
import { Explained } from '../explain/explained-figure'
import { Gain } from './figures'
import { InstrumentLink } from './instrument-link'
import { CardDetailsToggle, ScrollTable, cardCell, useOpenRows } from './scroll-table'

interface SalesOf {
  portfolioId: string
  /** The report's date and how it counts cost. */
  report: { asOf: string; baseCurrency: string; costBasisMethod: CostBasisMethod }
  /** Only this instrument's sales (its own screen). */
  instrumentId?: string
}

/** The sales up to the report's date, newest first, a page at a time. */
export function Sales(props: SalesOf) {
  const { t } = useI18n()
  const { portfolioId, report, instrumentId } = props
  const { pages, bodies, more } = useCursorPages((cursor) =>
    portfolioQueries.salePage(portfolioId, report.asOf, instrumentId, cursor),
  )
  const sales = bodies.flatMap((body) => body.sales)
  const first = pages[0]
  const last = pages.at(-1)
  if (!first?.data) return first ? <QueryStatus query={first} /> : null
  if (sales.length === 0) return <p className="muted">{t('portfolio.detail.sales.none')}</p>
  return (
    <>
      <SalesTable
        sales={sales}
        portfolioId={portfolioId}
        baseCurrency={report.baseCurrency}
        method={report.costBasisMethod}
        asOf={report.asOf}
        {...(instrumentId ? { instrumentId } : {})}
      />
      {last && !last.data ? <QueryStatus query={last} /> : null}
      {more ? (
        <button type="button" className="button" onClick={more}>
          {t('portfolio.detail.sales.more')}
        </button>
      ) : null}
    </>
  )
}

/**
 * Realized gains, one row per sale, in the order given (newest first): before the tax withheld on
 * the sale (what a broker's statement and a tax return show), the tax, and after it. Under FIFO
 * each sale lists the lots it used, with their purchase dates and holding periods (what German
 * tax returns ask for).
 */
export function SalesTable(props: {
  sales: readonly Sale[]
  portfolioId: string
  baseCurrency: string
  method: CostBasisMethod
  /** The report's date, which the figures' explanations are of. */
  asOf: string
  /** Only this instrument's sales (its own screen): no instrument column. */
  instrumentId?: string
}) {
  const { t, plural, formatLocale } = useI18n()
  const dates = { asOf: props.asOf }
  const { sales } = props
  const base = props.baseCurrency
  const fifo = props.method === 'FIFO'
  const openRows = useOpenRows()
  const labels = {
    date: t('portfolio.detail.sales.date'),
    instrument: t('portfolio.detail.holdings.instrument'),
    quantity: t('portfolio.detail.holdings.quantity'),
    proceeds: t('portfolio.detail.sales.proceeds'),
    cost: t('portfolio.detail.sales.cost'),
    gainBeforeTax: t('portfolio.detail.sales.gainBeforeTax'),
    tax: t('portfolio.detail.sales.tax'),
    gain: t('portfolio.detail.sales.gain'),
    currencyEffect: t('portfolio.detail.holdings.currencyEffect'),
    holdingPeriod: t('portfolio.detail.sales.holdingPeriod'),
  }
  const quantity = (value: string) =>
    formatNumber(formatLocale, value, { maximumFractionDigits: 8 })
  /** A sale's figure, opening how it was calculated. */
  const explained = (sale: Sale, name: SaleFigure, label: string, figure: ReactNode) => (
    <Explained
      figure={{ scope: 'sale', id: sale.transactionId, name }}
      title={t('portfolio.common.figureOf', {
        figure: label,
        subject: `${sale.instrument.code}, ${formatDate(formatLocale, sale.date)}`,
      })}
      dates={dates}
    >
      {figure}
    </Explained>
  )
  return (
    <ScrollTable caption={t('portfolio.detail.sales.caption')}>
      <thead>
        <tr>
          <th scope="col">{labels.date}</th>
          {props.instrumentId ? null : (
            <th scope="col" className="text">
              {labels.instrument}
            </th>
          )}
          <th scope="col">{labels.quantity}</th>
          <th scope="col">{labels.proceeds}</th>
          <th scope="col">{labels.cost}</th>
          <th scope="col">{labels.gainBeforeTax}</th>
          <th scope="col">{labels.tax}</th>
          <th scope="col">{labels.gain}</th>
          <th scope="col">{labels.currencyEffect}</th>
          <th scope="col">{labels.holdingPeriod}</th>
        </tr>
      </thead>
      <tbody>
        {sales.map((sale) => (
          <tr key={sale.transactionId} {...openRows.rowProps(sale.transactionId)}>
            <th scope="row" {...cardCell('title', labels.date)}>
              {formatDate(formatLocale, sale.date)}
              <CardDetailsToggle
                open={openRows.isOpen(sale.transactionId)}
                which={`${sale.instrument.code} ${formatDate(formatLocale, sale.date)}`}
                onToggle={() => openRows.toggle(sale.transactionId)}
              />
            </th>
            {props.instrumentId ? null : (
              <td {...cardCell('line', labels.instrument, 'text instrument-cell')}>
                <InstrumentLink portfolioId={props.portfolioId} instrument={sale.instrument} />
              </td>
            )}
            <td {...cardCell('detail', labels.quantity)}>{quantity(sale.quantity)}</td>
            <td {...cardCell('detail', labels.proceeds)}>
              {explained(
                sale,
                'proceeds',
                labels.proceeds,
                formatMoney(formatLocale, sale.proceeds.base, base),
              )}
            </td>
            <td {...cardCell('detail', labels.cost)}>
              {explained(
                sale,
                'cost',
                labels.cost,
                formatMoney(formatLocale, sale.cost.base, base),
              )}
            </td>
            <td {...cardCell('key', labels.gainBeforeTax)}>
              {explained(
                sale,
                'gainBeforeTax',
                labels.gainBeforeTax,
                <Gain amount={sale.gainBeforeTax.base} currency={base} />,
              )}
            </td>
            <td {...cardCell('key', labels.tax)}>
              {explained(sale, 'tax', labels.tax, formatMoney(formatLocale, sale.tax.base, base))}
            </td>
            <td {...cardCell('key', labels.gain)}>
              {explained(
                sale,
                'gain',
                labels.gain,
                <Gain amount={sale.gain.base} currency={base} />,
              )}
            </td>
            <td {...cardCell('detail', labels.currencyEffect)}>
              {explained(
                sale,
                'currencyEffect',
                labels.currencyEffect,
                <Gain amount={sale.currencyEffect} currency={base} />,
              )}
            </td>
            <td {...cardCell('detail', labels.holdingPeriod)}>
              {plural('portfolio.common.days', sale.holdingPeriodDays, {
                count: formatNumber(formatLocale, sale.holdingPeriodDays),
              })}
              {fifo && sale.lots.length > 0 ? (
                <ul className="lots">
                  {sale.lots.map((lot, index) => (
                    <li key={index}>
                      {t('portfolio.detail.sales.lot', {
                        quantity: quantity(lot.quantity),
                        date: formatDate(formatLocale, lot.acquiredDate),
                        days: formatNumber(formatLocale, lot.holdingPeriodDays),
                      })}
                    </li>
                  ))}
                </ul>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  )
}
