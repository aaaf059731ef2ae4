import type { PortfolioReport } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { Explained } from '../explain/explained-figure'
import { DayChangeFigure } from './day-change'
import { Gain, Money, Return } from './figures'
import { TotalReturnHelp } from './invested-capital'

/** What a person looks for first: the value, the last trading day's change, the total return. */
export function PortfolioSummary({ report }: { report: PortfolioReport }) {
  const { t } = useI18n()
  const { totals, baseCurrency: currency } = report
  const dates = { asOf: report.asOf }
  return (
    <section className="panel portfolio-summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="visually-hidden">
        {t('portfolio.detail.summaryHeading')}
      </h2>
      <dl className="figures figures--summary">
        <div className="figures__lead">
          <dt>{t('portfolio.common.value')}</dt>
          <dd className="figures__main">
            <Explained
              figure={{ scope: 'totals', name: 'value' }}
              title={t('portfolio.common.value')}
              dates={dates}
            >
              <Money amount={totals.value} currency={currency} />
            </Explained>
          </dd>
        </div>
        <DayChangeFigure dayChange={report.dayChange} asOf={report.asOf} currency={currency} />
        <div>
          <dt>{t('portfolio.common.totalReturn')}</dt>
          <dd>
            <Explained
              figure={{ scope: 'totals', name: 'totalGain' }}
              title={t('portfolio.common.totalGain')}
              dates={dates}
            >
              <Gain amount={totals.totalGain} currency={currency} />
            </Explained>{' '}
            <Explained
              figure={{ scope: 'totals', name: 'totalReturn' }}
              title={t('portfolio.common.totalReturn')}
              dates={dates}
            >
              <Return value={totals.totalReturn} />
            </Explained>
            {totals.totalReturn === null ? null : (
              <TotalReturnHelp
                peakInvestedCapital={totals.peakInvestedCapital}
                currency={currency}
              />
            )}
          </dd>
        </div>
      </dl>
    </section>
  )
}
