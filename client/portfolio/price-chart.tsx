import { useCallback, useId, useMemo } from 'react'
import type uPlot from 'uplot'
import type { z } from 'zod'
import type { Instrument, pricePointSchema } from '../../shared/api/schemas/instrument'
import type { Transaction } from '../../shared/api/schemas/transaction'
import { useI18n } from '../app/i18n-context'
import { formatDate, formatNumber, formatUnitPrice } from '../../shared/i18n/format'
import { dateToSeconds, tableRows, timeAxes, utcDate } from './chart-format'
import { swatch, type ChartTheme } from './chart-theme'
import { ChartTable } from './chart-table'
import { UplotChart, type ChartOptions } from './uplot-chart'
import { publishedDecimals } from '../../shared/portfolio/price-providers'

export type PricePoint = z.infer<typeof pricePointSchema>

/** A buy or a sell to mark on the price line, or a split that rescales the line before it. */
export type Trade = Pick<
  Transaction,
  'id' | 'type' | 'tradeDate' | 'quantity' | 'unitPrice' | 'splitRatio'
>

export interface PriceChartProps {
  instrument: Pick<Instrument, 'code' | 'name' | 'currency' | 'priceProvider'>
  /** Closing prices, oldest first (GET …/instruments/{id}/prices). */
  prices: PricePoint[]
  /** The instrument's transactions; its buys and sells are marked, the others ignored. */
  transactions: Trade[]
}

/** New shares per old share of a split ratio (`'2:1'`, `'1:10'`, `'2'`), as a float for drawing. */
function sharesPerShare(ratio: string): number {
  const [newShares = '1', oldShares = '1'] = ratio.split(':')
  return Number(newShares) / Number(oldShares)
}

/**
 * What a price on each date is drawn at: divided by every split the portfolio recorded after that
 * date, so a 2:1 split is not a halving of the line. The tables keep the prices as published.
 */
function splitAdjustment(trades: readonly Trade[]): (date: string) => number {
  const splits = trades.filter((trade) => trade.type === 'SPLIT' && trade.splitRatio)
  return (date) =>
    splits.reduce(
      (factor, split) =>
        split.tradeDate > date ? factor / sharesPerShare(split.splitRatio ?? '1') : factor,
      1,
    )
}

/**
 * The series the chart draws: one x per date with a close or a trade, the close line, and the
 * buy and sell prices on their dates (null elsewhere, so only points are drawn), all adjusted for
 * later splits. `adjusted` says whether any split rescaled them.
 */
export function priceChartData(prices: readonly PricePoint[], trades: readonly Trade[]) {
  const adjust = splitAdjustment(trades)
  const marked = trades.filter(
    (trade) => (trade.type === 'BUY' || trade.type === 'SELL') && trade.unitPrice !== null,
  )
  const dates = [
    ...new Set([...prices.map((price) => price.date), ...marked.map((t) => t.tradeDate)]),
  ].sort()
  const closes = new Map(
    prices.map((price) => [price.date, Number(price.close) * adjust(price.date)]),
  )
  const at = (type: 'BUY' | 'SELL') => {
    const byDate = new Map<string, number>()
    for (const trade of marked) {
      if (trade.type === type) {
        byDate.set(trade.tradeDate, Number(trade.unitPrice) * adjust(trade.tradeDate))
      }
    }
    return dates.map((date) => byDate.get(date) ?? null)
  }
  const data: uPlot.AlignedData = [
    dates.map(dateToSeconds),
    dates.map((date) => closes.get(date) ?? null),
    at('BUY'),
    at('SELL'),
  ]
  const adjusted = dates.some((date) => adjust(date) !== 1)
  return { dates, data, trades: marked, adjusted }
}

/**
 * An instrument's closing prices with the user's buys (filled dots) and sells (rings) at their
 * prices: colour and shape both tell them apart. Below, the trades and the closes as tables.
 */
export function PriceChart({ instrument, prices, transactions }: PriceChartProps) {
  const { t, locale, formatLocale } = useI18n()
  const headingId = useId()
  const { dates, data, trades, adjusted } = useMemo(
    () => priceChartData(prices, transactions),
    [prices, transactions],
  )
  // Prices keep every decimal they have (a fund's 0,123456), with at least the usual two.
  const priceText = (amount: string) =>
    formatUnitPrice(formatLocale, amount, instrument.currency, publishedDecimals(instrument))

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
        axes: timeAxes(formatLocale, theme),
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
            {adjusted ? <p className="chart__note">{t('portfolio.chart.splitAdjusted')}</p> : null}
          </figcaption>
        </figure>
      ) : (
        <p className="chart__empty">{t('portfolio.chart.noPrices')}</p>
      )}

      {dates.length ? (
        <details className="chart__details">
          <summary>{t('portfolio.chart.table')}</summary>
          {trades.length ? (
            <ChartTable
              title={t('portfolio.chart.trades')}
              columns={[
                { label: t('portfolio.chart.date') },
                { label: t('portfolio.form.type') },
                { label: t('portfolio.form.quantity'), numeric: true },
                { label: t('portfolio.form.unitPrice'), numeric: true },
              ]}
              rows={trades.map((trade) => ({
                key: trade.id,
                cells: [
                  formatDate(formatLocale, trade.tradeDate),
                  trade.type === 'BUY' ? t('portfolio.chart.buy') : t('portfolio.chart.sell'),
                  formatNumber(formatLocale, trade.quantity ?? '0', { maximumFractionDigits: 20 }),
                  priceText(trade.unitPrice ?? '0'),
                ],
              }))}
            />
          ) : null}
          {rows.length ? (
            <ChartTable
              title={closesTitle}
              columns={[
                { label: t('portfolio.chart.date') },
                { label: t('portfolio.chart.close'), numeric: true },
              ]}
              rows={rows.map((price) => ({
                key: price.date,
                cells: [formatDate(formatLocale, price.date), priceText(price.close)],
              }))}
            />
          ) : null}
        </details>
      ) : null}
    </section>
  )
}
