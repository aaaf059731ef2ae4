import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import type uPlot from 'uplot'
import type { Benchmark, BenchmarkMeasure, Instrument } from '../../../shared/api/schemas'
import { formatDate, formatNumber, formatPercent } from '../../../shared/i18n/format'
import { measuresFor, type RealIndex } from '../../../shared/portfolio/measures'
import { apiData } from '../../api/api-client'
import { api } from '../../api/browser-api'
import { useI18n } from '../../app/i18n-context'
import { readViewChoice, storeViewChoice } from '../../app/view-choices'
import { dateToSeconds, formatReturn, tableRows, timeAxes, utcDate } from '../chart-format'
import type { ChartRange } from '../chart-ranges'
import { ChartTable } from '../chart-table'
import { swatch, type ChartTheme } from '../chart-theme'
import { useBenchmark } from '../data/portfolio-queries'
import { Explained } from '../explain/explained-figure'
import { InstrumentPicker } from '../instrument-picker'
import { UplotChart, type ChartOptions } from '../uplot-chart'
import { QueryStatus, useErrorMessage } from './query-status'

/** The benchmarks offered first: Borsa Istanbul's index and two accumulating ETFs of the catalog. */
const SUGGESTIONS = [
  { code: 'XU100', exchange: 'BIST', label: 'bist100' },
  { code: 'EUNL', exchange: 'XETRA', label: 'msciWorld' },
  { code: 'SXR8', exchange: 'XETRA', label: 'sp500' },
] as const

/** A benchmark the user picked, remembered per portfolio on this device. */
interface Picked {
  id: string
  name: string
}

function readPicked(portfolioId: string): Picked | null {
  try {
    const value: unknown = JSON.parse(readViewChoice('benchmark', portfolioId) ?? 'null')
    if (value && typeof value === 'object' && 'id' in value && 'name' in value) {
      const { id, name } = value
      if (typeof id === 'string' && typeof name === 'string') return { id, name }
    }
  } catch {
    // A value of an older shape: nothing was picked.
  }
  return null
}

const storePicked = (portfolioId: string, picked: Picked | null) =>
  storeViewChoice('benchmark', portfolioId, picked === null ? null : JSON.stringify(picked))

async function searchInstruments(query: string): Promise<Instrument[]> {
  return (await apiData(api.api.instruments.$get({ query: { q: query } }))).instruments
}

/**
 * "Compare with": the portfolio's time-weighted return over the chart's range beside a benchmark
 * the user picks (a suggestion or any catalog instrument), as two figures and their difference,
 * two cumulative curves, and a table (docs/benchmark.md). The pick is remembered per portfolio
 * in this browser: a choice of view, like the range. `measure` comes from the panel; without one
 * the comparison offers nominal and real itself.
 */
export function BenchmarkComparison(props: {
  portfolioId: string
  asOf: string
  range: ChartRange
  measure?: BenchmarkMeasure
}) {
  const { t } = useI18n()
  const headingId = useId()
  const [picked, setPicked] = useState<Picked | null>(null)
  const [ownMeasure, setOwnMeasure] = useState<BenchmarkMeasure>('nominal')
  const [choosing, setChoosing] = useState(false)
  const measure = props.measure ?? ownMeasure
  // Read after hydration: the server has no browser storage.
  useEffect(() => setPicked(readPicked(props.portfolioId)), [props.portfolioId])
  const query = useBenchmark(
    props.portfolioId,
    picked?.id ?? null,
    props.range,
    props.asOf,
    measure,
  )
  const pick = (instrument: Pick<Instrument, 'id' | 'name'>) => {
    const next = { id: instrument.id, name: instrument.name }
    storePicked(props.portfolioId, next)
    setPicked(next)
    setChoosing(false)
  }
  const remove = () => {
    storePicked(props.portfolioId, null)
    setPicked(null)
  }
  const comparison = query.data?.body as Benchmark | undefined
  const offersReal =
    props.measure === undefined &&
    comparison !== undefined &&
    measuresFor(comparison.baseCurrency).includes('real')
  return (
    <section className="benchmark" aria-labelledby={headingId}>
      <div className="benchmark__header">
        <h3 id={headingId}>{t('portfolio.benchmark.heading')}</h3>
        {picked ? (
          <div className="benchmark__actions">
            <button
              type="button"
              className="button button--small"
              aria-expanded={choosing}
              onClick={() => setChoosing((open) => !open)}
            >
              {t('portfolio.benchmark.change')}
            </button>
            <button type="button" className="button button--small" onClick={remove}>
              {t('portfolio.benchmark.remove')}
            </button>
          </div>
        ) : null}
      </div>
      {picked === null || choosing ? <BenchmarkChooser onPick={pick} /> : null}
      {picked === null ? null : comparison ? (
        <>
          {offersReal ? (
            <div
              className="chart__ranges benchmark__measure"
              role="group"
              aria-label={t('portfolio.benchmark.measure.label')}
            >
              {(['nominal', 'real'] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  aria-pressed={option === measure}
                  onClick={() => setOwnMeasure(option)}
                >
                  {t(`portfolio.benchmark.measure.${option}`)}
                </button>
              ))}
            </div>
          ) : null}
          <ComparisonView comparison={comparison} pending={query.isPlaceholderData} />
        </>
      ) : (
        <QueryStatus query={query} />
      )}
    </section>
  )
}

/** The suggestions as buttons, and the catalog search for any other instrument. */
function BenchmarkChooser(props: { onPick: (instrument: Instrument) => void }) {
  const { t } = useI18n()
  const messageOf = useErrorMessage()
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const suggest = async (code: string, exchange: string) => {
    setBusy(code)
    setProblem(null)
    try {
      const found = await searchInstruments(code)
      const line = found.find((each) => each.code === code && each.exchange === exchange)
      if (line) props.onPick(line)
      else setProblem(t('portfolio.benchmark.notInCatalog', { code }))
    } catch (error) {
      setProblem(messageOf(error))
    } finally {
      setBusy(null)
    }
  }
  return (
    <div className="benchmark__chooser">
      <p className="muted">{t('portfolio.benchmark.lead')}</p>
      <ul className="benchmark__suggestions" aria-label={t('portfolio.benchmark.suggestions')}>
        {SUGGESTIONS.map((suggestion) => (
          <li key={suggestion.code}>
            <button
              type="button"
              className="button button--small"
              aria-busy={busy === suggestion.code || undefined}
              onClick={() => void suggest(suggestion.code, suggestion.exchange)}
            >
              {t(`portfolio.benchmark.suggestion.${suggestion.label}`)}
            </button>
          </li>
        ))}
      </ul>
      <InstrumentPicker
        label={t('portfolio.benchmark.searchLabel')}
        hint={t('portfolio.benchmark.searchHint')}
        required={false}
        value={null}
        onChange={(instrument) => {
          if (instrument) props.onPick(instrument)
        }}
        searchInstruments={searchInstruments}
      />
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  )
}

/** Each day's cumulative return of both, on the dates either has a point (the last carried). */
function alignedCurves(comparison: Benchmark) {
  const dates = [
    ...new Set([
      ...comparison.portfolio.points.map((point) => point.date),
      ...comparison.benchmark.points.map((point) => point.date),
    ]),
  ].sort()
  const carry = (points: Benchmark['benchmark']['points']) => {
    const byDate = new Map(points.map((point) => [point.date, point.cumulative]))
    let last: number | null = null
    return dates.map((date) => {
      last = byDate.get(date) ?? last
      return last
    })
  }
  return {
    dates,
    yours: carry(comparison.portfolio.points),
    benchmark: carry(comparison.benchmark.points),
  }
}

/** The two returns side by side, their difference, the curves and their table. */
function ComparisonView({ comparison, pending }: { comparison: Benchmark; pending: boolean }) {
  const { t, locale, formatLocale } = useI18n()
  const readout = useRef<HTMLParagraphElement | null>(null)
  const name = comparison.instrument.name
  const yoursLabel = t('portfolio.benchmark.yours')
  const curves = useMemo(() => alignedCurves(comparison), [comparison])
  const data = useMemo<uPlot.AlignedData>(
    () => [curves.dates.map(dateToSeconds), curves.yours, curves.benchmark],
    [curves],
  )
  const percent = useCallback(
    (value: number | null | undefined) =>
      value === null || value === undefined
        ? '–'
        : formatPercent(formatLocale, value, { signed: true }),
    [locale],
  )
  const options = useCallback(
    (theme: ChartTheme): ChartOptions => {
      const [xAxis, yAxis] = timeAxes(formatLocale, theme)
      return {
        tzDate: utcDate,
        legend: { show: false },
        cursor: { y: false, points: { size: 8 } },
        axes: [
          xAxis ?? {},
          {
            ...yAxis,
            values: (_chart, splits) => splits.map((value) => formatPercent(formatLocale, value)),
          },
        ],
        series: [
          {},
          { label: yoursLabel, stroke: theme.value, width: 2.5 },
          // Solid: a benchmark's daily moves make a dashed line unreadable; the legend and the
          // table tell the two apart.
          { label: name, stroke: theme.invested, width: 1.5 },
        ],
        hooks: {
          setCursor: [
            (chart) => {
              const index = chart.cursor.idx
              const date = index === null || index === undefined ? undefined : curves.dates[index]
              if (readout.current) {
                readout.current.textContent =
                  date === undefined || index === null || index === undefined
                    ? ''
                    : `${formatDate(formatLocale, date)} · ${yoursLabel} ${percent(curves.yours[index])} · ${name} ${percent(curves.benchmark[index])}`
              }
            },
          ],
        },
      }
    },
    [locale, curves, name, yoursLabel, percent],
  )
  const dates = { from: comparison.from, to: comparison.to }
  const own = comparison.portfolio.cumulative
  const theirs = comparison.benchmark.cumulative
  const difference = comparison.difference
  const index = comparison.benchmark.index
  const rows = tableRows(curves.dates.map((date, at) => ({ date, at })))
  const tableTitle = [
    t('portfolio.benchmark.tableTitle', {
      name,
      from: formatDate(formatLocale, comparison.from),
      to: formatDate(formatLocale, comparison.to),
    }),
    rows.monthly ? t('portfolio.chart.tableMonthly') : '',
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <div className="benchmark__comparison" aria-busy={pending || undefined}>
      <dl className="chart__returns benchmark__returns">
        <div>
          <dt>{yoursLabel}</dt>
          <dd>
            {own === null ? (
              <span className="chart__no-rate">{t('portfolio.chart.noRate')}</span>
            ) : (
              <Explained
                figure={{ scope: 'performance', name: 'twr' }}
                title={t('portfolio.chart.twr')}
                dates={dates}
              >
                <Signed fraction={own} />
              </Explained>
            )}
          </dd>
        </div>
        <div>
          <dt>{name}</dt>
          <dd>
            <Explained figure={comparison.benchmark.explanation} title={name} dates={dates}>
              <Signed fraction={theirs} />
            </Explained>
          </dd>
        </div>
        <div>
          <dt>{t('portfolio.benchmark.difference')}</dt>
          <dd>
            {difference === null ? (
              <span className="chart__no-rate">{t('portfolio.chart.noRate')}</span>
            ) : (
              <Points difference={difference} />
            )}
          </dd>
        </div>
      </dl>
      <p className="muted benchmark__basis">
        {[
          t('portfolio.benchmark.basis', {
            start: formatDate(formatLocale, comparison.benchmark.start.date),
            end: formatDate(formatLocale, comparison.benchmark.end.date),
          }),
          comparison.benchmark.rates
            ? t('portfolio.benchmark.converted', {
                currency: comparison.benchmark.currency,
                base: comparison.baseCurrency,
              })
            : '',
          index
            ? t('portfolio.benchmark.deflated', {
                index: t(`portfolio.measure.indexes.${index.code as RealIndex}`),
              })
            : '',
          index?.provisional ? t('portfolio.benchmark.provisional') : '',
        ]
          .filter(Boolean)
          .join(' ')}
      </p>
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
              {yoursLabel}
            </li>
            <li>
              <span className={`chart__swatch chart__swatch--line ${swatch('chart-invested')}`} />
              {name}
            </li>
          </ul>
        </figcaption>
      </figure>
      <details className="chart__details">
        <summary>{t('portfolio.chart.table')}</summary>
        <ChartTable
          title={tableTitle}
          columns={[
            { label: t('portfolio.chart.date') },
            { label: yoursLabel, numeric: true },
            { label: name, numeric: true },
          ]}
          rows={rows.rows.map(({ date, at }) => ({
            key: date,
            cells: [
              formatDate(formatLocale, date),
              percent(curves.yours[at]),
              percent(curves.benchmark[at]),
            ],
          }))}
        />
      </details>
    </div>
  )
}

/** A return, signed, coloured by its sign. */
function Signed({ fraction }: { fraction: number }) {
  const { formatLocale } = useI18n()
  const { text, tone } = formatReturn(formatLocale, fraction)
  return <span className={tone ?? undefined}>{text}</span>
}

/** The difference of two returns, in percentage points, signed and coloured by its sign. */
function Points({ difference }: { difference: number }) {
  const { t, formatLocale } = useI18n()
  const { tone } = formatReturn(formatLocale, difference)
  const value = formatNumber(formatLocale, difference * 100, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  })
  return <span className={tone ?? undefined}>{t('portfolio.benchmark.points', { value })}</span>
}
