import { useState } from 'react'
import { useI18n } from '../../app/i18n-context'
import type { MessageKey } from '../../i18n/messages'
import { usePerformance } from '../data/portfolio-queries'
import { DEFAULT_RANGE, PERFORMANCE_RANGES, type PerformanceRange } from '../data/performance-range'
import { Return } from './figures'
import { QueryStatus } from './query-status'

/** The value over time for a chosen range, with that range's time- and money-weighted returns. */
export function PerformancePanel(props: { portfolioId: string; asOf: string }) {
  const { t } = useI18n()
  const [range, setRange] = useState<PerformanceRange>(DEFAULT_RANGE)
  const query = usePerformance(props.portfolioId, range, props.asOf)
  const performance = query.data?.body
  return (
    <section className="panel" aria-labelledby="performance-heading">
      <h2 id="performance-heading">{t('portfolio.detail.performance.heading')}</h2>
      <div className="range-switch" role="group" aria-label={t('portfolio.detail.performance.range')}>
        {PERFORMANCE_RANGES.map((option) => (
          <button
            key={option}
            type="button"
            className="range-switch__option"
            aria-pressed={option === range}
            onClick={() => setRange(option)}
          >
            {t(`portfolio.detail.performance.ranges.${option}` as MessageKey)}
          </button>
        ))}
      </div>
      {performance ? (
        <>
          <dl className="figures">
            <div>
              <dt>
                <abbr title={t('portfolio.detail.performance.twrLong')}>
                  {t('portfolio.detail.performance.twr')}
                </abbr>
              </dt>
              <dd>
                <Return value={performance.twr?.cumulative} />
              </dd>
            </div>
            <div>
              <dt>
                <abbr title={t('portfolio.detail.performance.mwrLong')}>
                  {t('portfolio.detail.performance.mwr')}
                </abbr>
              </dt>
              <dd>
                <Return value={performance.mwr?.rate} />
                {performance.mwr?.rate !== null && performance.mwr ? (
                  <span className="cell-note"> {t('portfolio.detail.performance.perYear')}</span>
                ) : null}
              </dd>
            </div>
          </dl>
          <p className="panel__lead">{t('portfolio.detail.performance.explain')}</p>
        </>
      ) : (
        <QueryStatus query={query} />
      )}
    </section>
  )
}
