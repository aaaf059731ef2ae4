import { useCallback, useId, useMemo, useRef, type ReactNode } from 'react'
import type uPlot from 'uplot'
import type { Performance } from '../../shared/api/schemas/report'
import { useI18n } from '../app/i18n-context'
import {
  formatDate,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPercent,
} from '../../shared/i18n/format'
import type { MessageKey } from '../../shared/i18n/messages'
import { dateToSeconds, formatReturn, tableRows, timeAxes, utcDate } from './chart-format'
import { CHART_RANGES, type ChartRange } from './chart-ranges'
import { swatch, withAlpha, type ChartTheme } from './chart-theme'
import { ChartTable } from './chart-table'
import { UplotChart, type ChartOptions } from './uplot-chart'
import { Explained } from './explain/explained-figure'
import { Gain } from './screens/figures'

export interface ValueChartProps {
  /** The range's daily values and returns (GET …/performance). */
  performance: Performance
  range: ChartRange
  onRangeChange: (range: ChartRange) => void
  /** A new range is loading: the current one stays, dimmed, until it arrives. */
  pending?: boolean
  /** The "Measure in" control, shown with the ranges. */
  measureSwitch?: ReactNode
}

const MWR_REASONS: readonly string[] = ['no_investment', 'no_solution', 'invalid_flow']

/**
 * The portfolio's value over time with the capital invested as a second line, the period's
 * time- and money-weighted returns, range buttons, and the figures as a table for screen
 * readers and anyone who prefers numbers.
 */
export function ValueChart({
  performance,
  range,
  onRangeChange,
  pending,
  measureSwitch,
}: ValueChartProps) {
  const { t, locale, formatLocale } = useI18n()
  const headingId = useId()
  const readout = useRef<HTMLParagraphElement | null>(null)
  const { points, baseCurrency } = performance
  const money = useCallback(
    (value: number) =>
      formatMoney(formatLocale, String(Math.round(value * 100) / 100), baseCurrency),
    [locale, baseCurrency],
  )

  const data = useMemo<uPlot.AlignedData>(
    () => [
      points.map((point) => dateToSeconds(point.date)),
      points.map((point) => point.value),
      points.map((point) => point.investedCapital),
    ],
    [points],
  )
  const labels = {
    value: t('portfolio.chart.value'),
    invested: t('portfolio.chart.investedCapital'),
  }
  const options = useCallback(
    (theme: ChartTheme): ChartOptions => {
      const value = t('portfolio.chart.value')
      const invested = t('portfolio.chart.investedCapital')
      return {
        tzDate: utcDate,
        legend: { show: false },
        cursor: { y: false, points: { size: 8 } },
        axes: timeAxes(formatLocale, theme),
        series: [
          {},
          {
            label: value,
            stroke: theme.value,
            width: 2,
            fill: withAlpha(theme.value, 0.12),
          },
          { label: invested, stroke: theme.invested, width: 2, dash: [6, 4] },
        ],
        hooks: {
          setCursor: [
            (chart) => {
              const index = chart.cursor.idx
              const point = index === null || index === undefined ? undefined : points[index]
              if (readout.current) {
                readout.current.textContent = point
                  ? `${formatDate(formatLocale, point.date)} · ${value} ${money(point.value)} · ${invested} ${money(point.investedCapital)}`
                  : ''
              }
            },
          ],
        },
      }
    },
    [t, locale, points, money],
  )

  const { rows, monthly } = tableRows(points)
  const measured = performance.measure
  const tableTitle = [
    t('portfolio.chart.valueLabel', {
      from: formatDate(formatLocale, performance.from),
      to: formatDate(formatLocale, performance.to),
      currency: baseCurrency,
    }),
    measured?.kind === 'real'
      ? t('portfolio.measure.moneyOf', {
          date: formatDate(formatLocale, performance.to),
          index: t(`portfolio.measure.indexes.${measured.index}`),
        })
      : '',
    monthly ? t('portfolio.chart.tableMonthly') : '',
  ]
    .filter(Boolean)
    .join(' ')
  const twr = performance.twr
  const mwr = performance.mwr
  // The range the figures are of, and their measure, as the performance route read them (not
  // the switch's: while another measure loads, these figures are still of the one before).
  const dates = {
    from: performance.from,
    to: performance.to,
    ...(measured ? { measure: measured.measure } : {}),
  }
  const nominal = measured?.nominal
  return (
    <section
      className="chart value-chart"
      aria-labelledby={headingId}
      aria-busy={pending || undefined}
    >
      <div className="chart__toolbar">
        <h2 id={headingId}>{t('portfolio.chart.valueHeading')}</h2>
        <div className="chart__ranges" role="group" aria-label={t('portfolio.chart.ranges.label')}>
          {CHART_RANGES.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={option === range}
              title={t(`portfolio.chart.rangeNames.${option}`)}
              onClick={() => onRangeChange(option)}
            >
              {t(`portfolio.chart.ranges.${option}`)}
            </button>
          ))}
        </div>
        {measureSwitch}
      </div>

      <dl className="chart__returns">
        <div>
          <dt title={t('portfolio.chart.valueChangeHint')}>{t('portfolio.chart.valueChange')}</dt>
          <dd>
            <Explained
              figure={{ scope: 'performance', name: 'valueChange' }}
              title={t('portfolio.chart.valueChange')}
              dates={dates}
            >
              <Gain amount={String(performance.valueChange)} currency={baseCurrency} />
            </Explained>
          </dd>
        </div>
        <div>
          <dt title={t('portfolio.chart.twrHint')}>{t('portfolio.chart.twr')}</dt>
          <dd>
            {twr ? (
              <>
                <Explained
                  figure={{ scope: 'performance', name: 'twr' }}
                  title={t('portfolio.chart.twr')}
                  dates={dates}
                >
                  <Return fraction={twr.cumulative} />
                </Explained>
                {nominal?.twr ? <NominalBeside fraction={nominal.twr.cumulative} /> : null}
                {twr.annualized !== null ? (
                  <small>
                    <Explained
                      figure={{ scope: 'performance', name: 'twrAnnualized' }}
                      title={t('portfolio.chart.twr')}
                      dates={dates}
                    >
                      {t('portfolio.chart.perYear', {
                        rate: formatReturn(formatLocale, twr.annualized).text,
                      })}
                    </Explained>
                  </small>
                ) : null}
              </>
            ) : (
              <span className="chart__no-rate">{t('portfolio.chart.noRate')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt title={t('portfolio.chart.mwrHint')}>{t('portfolio.chart.mwr')}</dt>
          <dd>
            {mwr && mwr.rate !== null ? (
              <>
                {/* A yearly rate: "per year" is part of the figure, never a label standing alone. */}
                <Explained
                  figure={{ scope: 'performance', name: 'mwr' }}
                  title={t('portfolio.chart.mwr')}
                  dates={dates}
                >
                  <Return fraction={mwr.rate} perYear />
                </Explained>
                {nominal?.mwr?.rate != null ? (
                  <NominalBeside fraction={nominal.mwr.rate} perYear />
                ) : null}
              </>
            ) : (
              <>
                <span className="chart__no-rate">{t('portfolio.chart.noRate')}</span>
                {mwr?.reason && MWR_REASONS.includes(mwr.reason) ? (
                  <small>{t(`portfolio.chart.mwrReason.${mwr.reason}` as MessageKey)}</small>
                ) : null}
              </>
            )}
          </dd>
        </div>
      </dl>

      {measured ? <MeasureNote performance={performance} /> : null}

      {points.length ? (
        <figure className="chart__figure">
          <p className="chart__readout" ref={readout} aria-hidden="true" />
          <UplotChart
            data={data}
            options={options}
            className={pending ? 'chart__plot chart__plot--busy' : 'chart__plot'}
          />
          <figcaption>
            <ul className="chart__legend">
              <li>
                <span className={`chart__swatch chart__swatch--line ${swatch('chart-value')}`} />
                {labels.value} ({baseCurrency})
              </li>
              <li>
                <span
                  className={`chart__swatch chart__swatch--dashed ${swatch('chart-invested')}`}
                />
                {labels.invested} ({baseCurrency})
              </li>
            </ul>
          </figcaption>
        </figure>
      ) : (
        <p className="chart__empty">{t('portfolio.chart.noData')}</p>
      )}

      {points.length ? (
        <details className="chart__details">
          <summary>{t('portfolio.chart.table')}</summary>
          <ChartTable
            title={tableTitle}
            columns={[
              { label: t('portfolio.chart.date') },
              { label: labels.value, numeric: true },
              { label: labels.invested, numeric: true },
            ]}
            rows={rows.map((point) => ({
              key: point.date,
              cells: [
                formatDate(formatLocale, point.date),
                money(point.value),
                money(point.investedCapital),
              ],
            }))}
          />
        </details>
      ) : null}
    </section>
  )
}

/** A return, signed, coloured by its sign; with `perYear`, read as a yearly rate. */
function Return({ fraction, perYear }: { fraction: number; perYear?: boolean }) {
  const { t, formatLocale } = useI18n()
  const { text, tone } = formatReturn(formatLocale, fraction)
  return (
    <span className={tone ?? undefined}>
      {perYear ? t('portfolio.chart.perYear', { rate: text }) : text}
    </span>
  )
}

/** The nominal return beside a real or converted one, for comparison. */
function NominalBeside({ fraction, perYear }: { fraction: number; perYear?: boolean }) {
  const { t, formatLocale } = useI18n()
  const { text } = formatReturn(formatLocale, fraction)
  const rate = perYear ? t('portfolio.chart.perYear', { rate: text }) : text
  return <small className="chart__nominal">{t('portfolio.measure.nominal', { rate })}</small>
}

/**
 * What a real or converted series is measured by: the index values (with their months) or the
 * rates at the two ends of the range and their change, and whether an index value is provisional.
 */
function MeasureNote({ performance }: { performance: Performance }) {
  const { t, formatLocale } = useI18n()
  const measured = performance.measure
  if (!measured) return null
  const change = (start: string, end: string) =>
    formatPercent(formatLocale, Number(end) / Number(start) - 1, { signed: true })
  if (measured.kind === 'real') {
    const index = t(`portfolio.measure.indexes.${measured.index}`)
    const indexValue = (value: string) =>
      formatNumber(formatLocale, value, { maximumFractionDigits: 4 })
    const { start, end } = measured
    return (
      <div className="chart__measure-note">
        <p>
          {t('portfolio.measure.moneyOf', {
            date: formatDate(formatLocale, performance.to),
            index,
          })}{' '}
          {t('portfolio.measure.indexUsed', {
            index,
            startMonth: formatMonth(formatLocale, start.valueMonth),
            start: indexValue(start.value),
            endMonth: formatMonth(formatLocale, end.valueMonth),
            end: indexValue(end.value),
            change: change(start.value, end.value),
          })}
        </p>
        <p className="chart__source">{t(`portfolio.measure.sources.${measured.index}`)}</p>
        {measured.provisional ? (
          <p className="chart__provisional">
            {t('portfolio.measure.provisional', {
              month: formatMonth(formatLocale, end.month),
              index,
              valueMonth: formatMonth(formatLocale, end.valueMonth),
            })}
          </p>
        ) : null}
      </div>
    )
  }
  const rate = (value: string) => formatNumber(formatLocale, value, { maximumSignificantDigits: 6 })
  return (
    <div className="chart__measure-note">
      <p>
        {t('portfolio.measure.converted', { currency: performance.baseCurrency })}{' '}
        {t('portfolio.measure.rateUsed', {
          base: measured.portfolioCurrency,
          currency: performance.baseCurrency,
          start: rate(measured.start.value),
          startDate: formatDate(formatLocale, measured.start.date),
          end: rate(measured.end.value),
          endDate: formatDate(formatLocale, measured.end.date),
          change: change(measured.start.value, measured.end.value),
        })}
      </p>
    </div>
  )
}
