import { useState } from 'react'
import { useI18n } from '../../app/i18n-context'
import { formatPercent } from '../../i18n/format'
import type { MessageKey } from '../../i18n/messages'
import { usePerformance } from '../data/portfolio-queries'
import { DEFAULT_RANGE, PERFORMANCE_RANGES, type PerformanceRange } from '../data/performance-range'
import { Return } from './figures'
import { QueryStatus } from './query-status'

/** The value over time for a chosen range, with that range's time- and money-weighted returns. */
export function PerformancePanel(props: { portfolioId: string; asOf: string }) {
  const { t, locale } = useI18n()
  const [range, setRange] = useState<PerformanceRange>(DEFAULT_RANGE)
  const query = usePerformance(props.portfolioId, range, props.asOf)
  const performance = query.data?.body
  const mwr = performance?.mwr ?? null
  return (
    <section className="panel" aria-labelledby="performance-heading">
      <h2 id="performance-heading">{t('portfolio.chart.valueHeading')}</h2>
      <div className="range-switch" role="group" aria-label={t('portfolio.chart.ranges.label')}>
        {PERFORMANCE_RANGES.map((option) => (
          <button
            key={option}
            type="button"
            className="range-switch__option"
            aria-pressed={option === range}
            aria-label={t(`portfolio.chart.rangeNames.${option}` as MessageKey)}
            onClick={() => setRange(option)}
          >
            {t(`portfolio.chart.ranges.${option}` as MessageKey)}
          </button>
        ))}
      </div>
      {performance ? (
        <dl className="figures figures--wide" aria-busy={query.isPlaceholderData}>
          <div>
            <dt>{t('portfolio.chart.twr')}</dt>
            <dd>
              <Return value={performance.twr?.cumulative} />
              <span className="cell-note">{t('portfolio.chart.twrHint')}</span>
            </dd>
          </div>
          <div>
            <dt>{t('portfolio.chart.mwr')}</dt>
            <dd>
              {mwr && mwr.rate !== null ? (
                <span className={`figure figure--${mwr.rate < 0 ? 'loss' : 'gain'}`}>
                  {t('portfolio.chart.perYear', {
                    rate: formatPercent(locale, mwr.rate, { signed: true }),
                  })}
                </span>
              ) : (
                <span className="figure">{t('portfolio.chart.noRate')}</span>
              )}
              <span className="cell-note">
                {mwr?.reason
                  ? t(`portfolio.chart.mwrReason.${mwr.reason}` as MessageKey)
                  : t('portfolio.chart.mwrHint')}
              </span>
            </dd>
          </div>
        </dl>
      ) : (
        <QueryStatus query={query} />
      )}
    </section>
  )
}
