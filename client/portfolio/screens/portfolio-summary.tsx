import type { PortfolioReport } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { DayChangeFigure } from './day-change'
import { Gain, Money, Return } from './figures'

/** What a person looks for first: the value, the last trading day's change, the total return. */
export function PortfolioSummary({ report }: { report: PortfolioReport }) {
  const { t } = useI18n()
  const { totals, baseCurrency: currency } = report
  return (
    <section className="panel portfolio-summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="visually-hidden">
        {t('portfolio.detail.summaryHeading')}
      </h2>
      <dl className="figures figures--summary">
        <div className="figures__lead">
          <dt>{t('portfolio.common.value')}</dt>
          <dd className="figures__main">
            <Money amount={totals.value} currency={currency} />
          </dd>
        </div>
        <DayChangeFigure dayChange={report.dayChange} asOf={report.asOf} currency={currency} />
        <div>
          <dt>{t('portfolio.common.totalReturn')}</dt>
          <dd>
            <Gain amount={totals.totalGain} currency={currency} />{' '}
            <Return value={totals.totalReturn} />
          </dd>
        </div>
      </dl>
    </section>
  )
}
