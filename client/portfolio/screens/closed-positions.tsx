import type { PortfolioReport } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import type { ReactNode } from 'react'
import type { HoldingFigure } from '../../../shared/portfolio/figure-ids'
import { Explained } from '../explain/explained-figure'
import { Gain } from './figures'
import { InstrumentLink } from './instrument-link'
import { ScrollTable, cardCell } from './scroll-table'

/** Positions sold off entirely: what each realized and paid out while it was held. */
export function ClosedPositions(props: { report: PortfolioReport; portfolioId: string }) {
  const { t } = useI18n()
  const { report } = props
  const base = report.baseCurrency
  if (report.closedPositions.length === 0) return null
  const labels = {
    realized: t('portfolio.detail.totals.realized'),
    currencyEffect: t('portfolio.detail.holdings.currencyEffect'),
    dividends: t('portfolio.detail.totals.dividends'),
    interest: t('portfolio.detail.totals.interest'),
  }
  type Position = PortfolioReport['closedPositions'][number]
  /** A closed position's figure, opening how it was calculated. */
  const explained = (position: Position, name: HoldingFigure, label: string, figure: ReactNode) => (
    <Explained
      figure={{ scope: 'holding', id: position.instrument.id, name }}
      title={t('portfolio.common.figureOf', { figure: label, subject: position.instrument.code })}
      dates={{ asOf: report.asOf }}
    >
      {figure}
    </Explained>
  )
  return (
    <ScrollTable caption={t('portfolio.detail.closed.caption')}>
      <thead>
        <tr>
          <th scope="col">{t('portfolio.detail.holdings.instrument')}</th>
          <th scope="col">{labels.realized}</th>
          <th scope="col">{labels.currencyEffect}</th>
          <th scope="col">{labels.dividends}</th>
          <th scope="col">{labels.interest}</th>
        </tr>
      </thead>
      <tbody>
        {report.closedPositions.map((position) => (
          <tr key={position.instrument.id}>
            <th scope="row" {...cardCell('title', undefined, 'instrument-cell')}>
              <InstrumentLink portfolioId={props.portfolioId} instrument={position.instrument} />
            </th>
            <td {...cardCell('key', labels.realized)}>
              {explained(
                position,
                'realizedGain',
                labels.realized,
                <Gain amount={position.realizedGain.base} currency={base} />,
              )}
            </td>
            <td {...cardCell('key', labels.currencyEffect)}>
              {explained(
                position,
                'realizedCurrencyEffect',
                labels.currencyEffect,
                <Gain amount={position.realizedCurrencyEffect} currency={base} />,
              )}
            </td>
            <td {...cardCell('key', labels.dividends)}>
              {explained(
                position,
                'dividends',
                labels.dividends,
                <Gain amount={position.dividends.base} currency={base} />,
              )}
            </td>
            <td {...cardCell('key', labels.interest)}>
              {explained(
                position,
                'interest',
                labels.interest,
                <Gain amount={position.interest.base} currency={base} />,
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  )
}
