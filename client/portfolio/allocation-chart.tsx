import { useId, useState } from 'react'
import { useI18n } from '../app/i18n-context'
import { formatNumber } from '../../shared/i18n/format'
import {
  ALLOCATION_VIEWS,
  allocationSlices,
  type AllocationReport,
  type AllocationSlice,
  type AllocationView,
} from './allocation'
import { swatch, type ChartColour } from './chart-theme'

export interface AllocationChartProps {
  /** The report (GET …/report): its holdings, totals and base currency. */
  report: AllocationReport
  /** The grouping it opens with; the user switches between them. */
  initialView?: AllocationView
}

/** The stylesheet's distinct chart colours; parts beyond them share one neutral colour. */
const COLOURS = 8

const VIEW_LABELS = {
  instrument: 'portfolio.chart.byInstrument',
  currency: 'portfolio.chart.byCurrency',
  type: 'portfolio.chart.byType',
} as const

/**
 * Where the portfolio's value sits, by instrument, currency or kind: a stacked bar for the
 * eye (hidden from screen readers) and a table with the same parts, which is the chart's text.
 */
export function AllocationChart({ report, initialView = 'instrument' }: AllocationChartProps) {
  const { t, formatLocale } = useI18n()
  const headingId = useId()
  const captionId = useId()
  const [view, setView] = useState<AllocationView>(initialView)
  const slices = allocationSlices(report, view)
  const colour = (index: number) =>
    swatch(index < COLOURS ? (`chart-${index + 1}` as ChartColour) : 'chart-rest')
  // Widths as SVG attributes, which the content security policy allows (inline styles it does not).
  const starts = slices.map((_, index) =>
    slices.slice(0, index).reduce((sum, slice) => sum + Math.max(0, slice.share) * 100, 0),
  )
  // An overview in whole units, so the table fits a phone; the holdings list has the exact figures.
  const value = (amount: string) =>
    formatNumber(formatLocale, amount, {
      style: 'currency',
      currency: report.baseCurrency,
      maximumFractionDigits: 0,
    })
  const percent = (share: number) =>
    formatNumber(formatLocale, share, {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    })
  const label = (slice: AllocationSlice) => {
    switch (slice.kind) {
      case 'instrument':
        return (
          <span>
            <strong>{slice.code}</strong> {slice.name}
          </span>
        )
      case 'currency':
        return slice.key
      case 'type':
        return t(`portfolio.form.instrumentTypes.${slice.key}`)
      case 'cash':
        return t('portfolio.chart.cash')
    }
  }

  return (
    <section className="chart allocation" aria-labelledby={headingId}>
      <div className="chart__toolbar">
        <h2 id={headingId}>{t('portfolio.chart.allocationHeading')}</h2>
        <div className="chart__ranges" role="group" aria-label={t('portfolio.chart.allocationBy')}>
          {ALLOCATION_VIEWS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={option === view}
              onClick={() => setView(option)}
            >
              {t(VIEW_LABELS[option])}
            </button>
          ))}
        </div>
      </div>
      {slices.length ? (
        <>
          <svg
            className="allocation__bar"
            aria-hidden="true"
            viewBox="0 0 100 10"
            preserveAspectRatio="none"
          >
            {slices.map((slice, index) => (
              <rect
                key={slice.key}
                className={`allocation__segment ${colour(index)}`}
                x={starts[index]}
                width={Math.max(0, slice.share) * 100}
                height={10}
              />
            ))}
          </svg>
          {/* On the narrowest screens it scrolls: a named region keyboard users can scroll. */}
          <div
            className="allocation__table-wrap"
            role="region"
            aria-labelledby={captionId}
            tabIndex={0}
          >
            <table className="data-table allocation__table">
              <caption id={captionId} className="visually-hidden">
                {t('portfolio.chart.allocationHeading')}: {t(VIEW_LABELS[view])}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t(VIEW_LABELS[view])}</th>
                  <th scope="col" className="numeric">
                    {t('portfolio.chart.marketValue', { currency: report.baseCurrency })}
                  </th>
                  <th scope="col" className="numeric">
                    {t('portfolio.chart.share')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {slices.map((slice, index) => (
                  <tr key={slice.key}>
                    <th scope="row">
                      <span className="allocation__name">
                        <span className={`chart__swatch ${colour(index)}`} />
                        {label(slice)}
                      </span>
                      <svg
                        className="allocation__meter"
                        aria-hidden="true"
                        viewBox="0 0 100 1"
                        preserveAspectRatio="none"
                      >
                        <rect
                          className={colour(index)}
                          width={Math.max(0, slice.share) * 100}
                          height={1}
                        />
                      </svg>
                    </th>
                    <td className="numeric">{value(slice.value)}</td>
                    <td className="numeric">{percent(slice.share)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p className="chart__empty">{t('portfolio.chart.noHoldings')}</p>
      )}
    </section>
  )
}
