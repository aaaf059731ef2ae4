import { useState, type ReactNode } from 'react'
import type { Holding } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { formatMoney, formatNumber, formatAveragePrice } from '../../../shared/i18n/format'
import type { MessageKey } from '../../../shared/i18n/messages'
import { compareDecimalText } from '../../../shared/decimal/decimal'
import type { HoldingFigure } from '../../../shared/portfolio/figure-ids'
import { Explained } from '../explain/explained-figure'
import { Gain, HoldingPrice, Return, Share } from './figures'
import { InstrumentLink } from './instrument-link'
import { CardDetailsToggle, ScrollTable, cardCell, useOpenRows } from './scroll-table'
import { publishedDecimals } from '../../../shared/portfolio/price-providers'

type Column =
  | 'instrument'
  | 'quantity'
  | 'averageCost'
  | 'value'
  | 'gain'
  | 'return'
  | 'currencyEffect'
  | 'priceEffect'
  | 'share'

const COLUMNS: Column[] = [
  'instrument',
  'quantity',
  'averageCost',
  'value',
  'gain',
  'return',
  'currencyEffect',
  'priceEffect',
  'share',
]

const byFraction = (a: number | null, b: number | null) => (a ?? -Infinity) - (b ?? -Infinity)

/** How each column orders two holdings, ascending. */
const ORDER: Record<Column, (a: Holding, b: Holding) => number> = {
  instrument: (a, b) => a.instrument.code.localeCompare(b.instrument.code),
  quantity: (a, b) => compareDecimalText(a.quantity, b.quantity),
  averageCost: (a, b) => compareDecimalText(a.averageCost, b.averageCost),
  value: (a, b) => compareDecimalText(a.marketValue.base, b.marketValue.base),
  gain: (a, b) => compareDecimalText(a.unrealizedGain.base, b.unrealizedGain.base),
  return: (a, b) => byFraction(a.unrealizedReturn.base, b.unrealizedReturn.base),
  currencyEffect: (a, b) =>
    compareDecimalText(a.unrealizedCurrencyEffect, b.unrealizedCurrencyEffect),
  priceEffect: (a, b) => compareDecimalText(a.unrealizedPriceEffect, b.unrealizedPriceEffect),
  share: (a, b) => byFraction(a.shareOfValue, b.shareOfValue),
}

/**
 * The holdings: one row per open position with its figures in the base currency (the price and
 * average cost in the instrument's), sortable by any column with the header buttons.
 */
export function HoldingsTable(props: {
  holdings: Holding[]
  baseCurrency: string
  portfolioId: string
  asOf: string
}) {
  const { t, formatLocale } = useI18n()
  const dates = { asOf: props.asOf }
  const [sort, setSort] = useState<{ column: Column; descending: boolean }>({
    column: 'value',
    descending: true,
  })
  const rows = [...props.holdings].sort((a, b) => {
    const order = ORDER[sort.column](a, b)
    return sort.descending ? -order : order
  })
  const base = props.baseCurrency
  const openRows = useOpenRows()
  const label = (column: Column) => t(`portfolio.detail.holdings.${column}` as MessageKey)
  /** A holding's figure in `column`, opening how it was calculated. */
  const explained = (holding: Holding, column: Column, name: HoldingFigure, figure: ReactNode) => (
    <Explained
      figure={{ scope: 'holding', id: holding.instrument.id, name }}
      title={t('portfolio.common.figureOf', {
        figure: label(column),
        subject: holding.instrument.code,
      })}
      dates={dates}
    >
      {figure}
    </Explained>
  )
  const toggle = (column: Column) =>
    setSort((current) =>
      current.column === column
        ? { column, descending: !current.descending }
        : { column, descending: column !== 'instrument' },
    )

  return (
    <ScrollTable caption={t('portfolio.detail.holdings.caption')} className="holdings-table">
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th
              key={column}
              scope="col"
              className={column === 'instrument' ? 'text' : undefined}
              aria-sort={
                sort.column === column ? (sort.descending ? 'descending' : 'ascending') : undefined
              }
            >
              <button type="button" className="sort-button" onClick={() => toggle(column)}>
                {label(column)}
                <span aria-hidden="true" className="sort-button__mark">
                  {sort.column === column ? (sort.descending ? '▼' : '▲') : '↕'}
                </span>
              </button>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((holding) => (
          <tr key={holding.instrument.id} {...openRows.rowProps(holding.instrument.id)}>
            <th scope="row" {...cardCell('title', undefined, 'instrument-cell')}>
              <span>
                <InstrumentLink portfolioId={props.portfolioId} instrument={holding.instrument} />
                <span className="cell-note">
                  <HoldingPrice holding={holding} />
                </span>
              </span>
              <CardDetailsToggle
                open={openRows.isOpen(holding.instrument.id)}
                which={holding.instrument.name}
                onToggle={() => openRows.toggle(holding.instrument.id)}
              />
            </th>
            <td {...cardCell('detail', label('quantity'))}>
              {explained(
                holding,
                'quantity',
                'quantity',
                formatNumber(formatLocale, holding.quantity, { maximumFractionDigits: 8 }),
              )}
            </td>
            <td {...cardCell('detail', label('averageCost'))}>
              {explained(
                holding,
                'averageCost',
                'averageCost',
                formatAveragePrice(
                  formatLocale,
                  holding.averageCost,
                  holding.currency,
                  holding.price,
                  publishedDecimals(holding.instrument),
                ),
              )}
            </td>
            <td {...cardCell('key', label('value'))}>
              {explained(
                holding,
                'value',
                'marketValue',
                formatMoney(formatLocale, holding.marketValue.base, base),
              )}
            </td>
            <td {...cardCell('key', label('gain'))}>
              {explained(
                holding,
                'gain',
                'unrealizedGain',
                <Gain amount={holding.unrealizedGain.base} currency={base} />,
              )}
            </td>
            <td {...cardCell('key', label('return'))}>
              {explained(
                holding,
                'return',
                'unrealizedReturn',
                <Return value={holding.unrealizedReturn.base} />,
              )}
            </td>
            <td {...cardCell('detail', label('currencyEffect'))}>
              {explained(
                holding,
                'currencyEffect',
                'unrealizedCurrencyEffect',
                <Gain amount={holding.unrealizedCurrencyEffect} currency={base} />,
              )}
            </td>
            <td {...cardCell('detail', label('priceEffect'))}>
              {explained(
                holding,
                'priceEffect',
                'unrealizedPriceEffect',
                <Gain amount={holding.unrealizedPriceEffect} currency={base} />,
              )}
            </td>
            <td {...cardCell('detail', label('share'))}>
              {explained(holding, 'share', 'shareOfValue', <Share value={holding.shareOfValue} />)}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  )
}
