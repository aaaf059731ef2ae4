import { useCallback, useId, useMemo } from 'react'
import type uPlot from 'uplot'
import type { z } from 'zod'
import type { Instrument, pricePointSchema } from '../api/schemas/instrument'
import type { Transaction } from '../api/schemas/transaction'
import { useI18n } from '../app/i18n-context'
import { formatDate, formatNumber } from '../i18n/format'
import { dateToSeconds, spanInDays, tableRows, timeAxes, utcDate } from './chart-format'
import { swatch, type ChartTheme } from './chart-theme'
import { ChartTable } from './chart-table'
import { UplotChart, type ChartOptions } from './uplot-chart'

export type PricePoint = z.infer<typeof pricePointSchema>

/** A buy or a sell to mark on the price line. */
export type Trade = Pick<Transaction, 'id' | 'type' | 'tradeDate' | 'quantity' | 'unitPrice'>

export interface PriceChartProps {
  instrument: Pick<Instrument, 'code' | 'name' | 'currency'>
  /** Closing prices, oldest first (GET …/instruments/{id}/prices). */
  prices: PricePoint[]
  /** The instrument's transactions; its buys and sells are marked, the others ignored. */
  transactions: Trade[]
}

/**
 * The series the chart draws: one x per date with a close or a trade, the close line, and the
 * buy and sell prices on their dates (null elsewhere, so only points are drawn).
 */
export function priceChartData(prices: readonly PricePoint[], trades: readonly Trade[]) {
  const marked = trades.filter(
    (trade) => (trade.type === 'BUY' || trade.type === 'SELL') && trade.unitPrice !== null,
  )
  const dates = [
    ...new Set([...prices.map((price) => price.date), ...marked.map((t) => t.tradeDate)]),
  ].sort()
  const closes = new Map(prices.map((price) => [price.date, Number(price.close)]))
  const at = (type: 'BUY' | 'SELL') => {
    const byDate = new Map<string, number>()
    for (const trade of marked) {
      if (trade.type === type) byDate.set(trade.tradeDate, Number(trade.unitPrice))
    }
    return dates.map((date) => byDate.get(date) ?? null)
  }
  const data: uPlot.AlignedData = [
    dates.map(dateToSeconds),
    dates.map((date) => closes.get(date) ?? null),
    at('BUY'),
    at('SELL'),
  ]
  return { dates, data, trades: marked }
}

/**
 * An instrument's closing prices with the user's buys (filled dots) and sells (rings) at their
 * prices: colour and shape both tell them apart. Below, the trades and the closes as tables.
 */
export function PriceChart({ instrument, prices, transactions }: PriceChartProps) {
  const { t, locale } = useI18n()
  const headingId = useId()
  const { dates, data, trades } = useMemo(
    () => priceChartData(prices, transactions),
    [prices, transactions],
  )
  // Prices keep every decimal they have (a fund's 0,123456), with at least the usual two.
  const money = (amount: string) =>
    formatNumber(locale, amount, {
      style: 'currency',
      currency: instrument.currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 20,
    })

  const options = useCallback(
    (theme: ChartTheme): ChartOptions => {
      const marker = (color: string, filled: boolean): uPlot.Series => ({
        stroke: color,
        width: 0,
        paths: () => null,
        points: {
          show: true,
          size: 13,
          width: 2.5,
          stroke: color,
          fill: filled ? color : theme.background,
        },
      })
      return {
        tzDate: utcDate,
        legend: { show: false },
        cursor: { y: false, points: { size: 8 } },
        axes: timeAxes(locale, theme, spanInDays(dates)),
        series: [
          {},
          { label: t('portfolio.chart.close'), stroke: theme.price, width: 1.5, spanGaps: true },
          { label: t('portfolio.chart.buy'), ...marker(theme.buy, true) },
          { label: t('portfolio.chart.sell'), ...marker(theme.sell, false) },
        ],
      }
    },
    [t, locale, dates],
  )

  const { rows, monthly } = tableRows(prices)
  const closesTitle = [
    t('portfolio.chart.priceLabel', { name: instrument.name, currency: instrument.currency }),
    monthly ? t('portfolio.chart.tableMonthly') : '',
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <section className="chart price-chart" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('portfolio.chart.priceHeading', { name: instrument.name })}</h2>
      {dates.length ? (
        <figure className="chart__figure">
          <UplotChart data={data} options={options} />
          <figcaption>
            <ul className="chart__legend">
              <li>
                <span className={`chart__swatch chart__swatch--line ${swatch('chart-price')}`} />
                {t('portfolio.chart.close')} ({instrument.currency})
              </li>
              <li>
                <span className={`chart__swatch chart__swatch--point ${swatch('chart-buy')}`} />
                {t('portfolio.chart.buy')}
              </li>
              <li>
                <span className={`chart__swatch chart__swatch--ring ${swatch('chart-sell')}`} />
                {t('portfolio.chart.sell')}
              </li>
            </ul>
          </figcaption>
        </figure>
      ) : (
        <p className="chart__empty">{t('portfolio.chart.noPrices')}</p>
      )}

      {dates.length ? (
        <details className="chart__details">
          <summary>{t('portfolio.chart.table')}</summary>
          {trades.length ? (
            <ChartTable title={t('portfolio.chart.trades')}>
              <thead>
                <tr>
                  <th scope="col">{t('portfolio.chart.date')}</th>
                  <th scope="col">{t('portfolio.form.type')}</th>
                  <th scope="col" className="numeric">
                    {t('portfolio.form.quantity')}
                  </th>
                  <th scope="col" className="numeric">
                    {t('portfolio.form.unitPrice')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {trades.map((trade) => (
                  <tr key={trade.id}>
                    <th scope="row">{formatDate(locale, trade.tradeDate)}</th>
                    <td>
                      {trade.type === 'BUY' ? t('portfolio.chart.buy') : t('portfolio.chart.sell')}
                    </td>
                    <td className="numeric">
                      {formatNumber(locale, trade.quantity ?? '0', { maximumFractionDigits: 20 })}
                    </td>
                    <td className="numeric">{money(trade.unitPrice ?? '0')}</td>
                  </tr>
                ))}
              </tbody>
            </ChartTable>
          ) : null}
          {rows.length ? (
            <ChartTable title={closesTitle}>
              <thead>
                <tr>
                  <th scope="col">{t('portfolio.chart.date')}</th>
                  <th scope="col" className="numeric">
                    {t('portfolio.chart.close')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((price) => (
                  <tr key={price.date}>
                    <th scope="row">{formatDate(locale, price.date)}</th>
                    <td className="numeric">{money(price.close)}</td>
                  </tr>
                ))}
              </tbody>
            </ChartTable>
          ) : null}
        </details>
      ) : null}
    </section>
  )
}
