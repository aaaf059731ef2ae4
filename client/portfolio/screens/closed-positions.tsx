import type { PortfolioReport } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { Gain } from './figures'
import { InstrumentLink } from './instrument-link'
import { ScrollTable } from './scroll-table'

/** Positions sold off entirely: what each realized and paid out while it was held. */
export function ClosedPositions(props: { report: PortfolioReport; portfolioId: string }) {
  const { t } = useI18n()
  const { report } = props
  const base = report.baseCurrency
  if (report.closedPositions.length === 0) return null
  return (
    <ScrollTable caption={t('portfolio.detail.closed.caption')}>
      <thead>
        <tr>
          <th scope="col">{t('portfolio.detail.holdings.instrument')}</th>
          <th scope="col">{t('portfolio.detail.totals.realized')}</th>
          <th scope="col">{t('portfolio.detail.holdings.currencyEffect')}</th>
          <th scope="col">{t('portfolio.detail.totals.dividends')}</th>
          <th scope="col">{t('portfolio.detail.totals.interest')}</th>
        </tr>
      </thead>
      <tbody>
        {report.closedPositions.map((position) => (
          <tr key={position.instrument.id}>
            <th scope="row" className="instrument-cell">
              <InstrumentLink portfolioId={props.portfolioId} instrument={position.instrument} />
            </th>
            <td>
              <Gain amount={position.realizedGain.base} currency={base} />
            </td>
            <td>
              <Gain amount={position.realizedCurrencyEffect} currency={base} />
            </td>
            <td>
              <Gain amount={position.dividends.base} currency={base} />
            </td>
            <td>
              <Gain amount={position.interest.base} currency={base} />
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  )
}
