import { useEffect, useId, useState, type ReactNode } from 'react'
import {
  salePreviewQuerySchema,
  type GermanSalePreview,
  type SalePreviewQuery,
} from '../../shared/api/schemas/tax'
import type { FormatLocale } from '../../shared/i18n/format-locale'
import { decimal } from '../../shared/decimal/decimal'
import { formatDate, formatMoney, formatNumber } from '../../shared/i18n/format'
import { parseDecimalInput } from '../../shared/portfolio/decimal-input'
import { ApiError } from '../api/api-client'
import { useI18n } from '../app/i18n-context'
import { useSalePreview, type ApiQuery } from './data/portfolio-queries'
import { parseDateInput } from './date-input'

/** How long the form's fields stay still before the tax is asked for: typing asks nothing. */
const SETTLE_MS = 400

/** The sale's fields as the form holds them: text in the locale's format. */
export interface SaleFields {
  instrumentId: string
  quantity: string
  unitPrice: string
  fee: string
  tradeDate: string
  /** Euros per unit of the instrument's currency; only read when the form asks for a rate. */
  fxRate: string | null
}

/**
 * The sale to preview once its fields read as the API takes them: an instrument, a quantity and
 * a price above zero, a date up to `today`, and a fee and rate that are empty or valid (an empty
 * rate is the reference rate of the day). Null while any does not.
 * @example saleOfFields({ instrumentId, quantity: '12', unitPrice: '160', fee: '', tradeDate: '20.06.2025', fxRate: null }, 'de-DE', '2026-11-29')
 */
export function saleOfFields(
  fields: SaleFields,
  locale: FormatLocale,
  today: string,
): SalePreviewQuery | null {
  const date = parseDateInput(fields.tradeDate.trim(), locale)
  if (!date.ok || date.value > today) return null
  const number = (text: string) => {
    const parsed = parseDecimalInput(text.trim(), locale)
    return parsed.ok ? parsed.value : null
  }
  const optional = (text: string | null) =>
    text === null || text.trim() === '' ? undefined : (number(text) ?? '')
  const sale = salePreviewQuerySchema.safeParse({
    instrument: fields.instrumentId,
    quantity: number(fields.quantity) ?? '',
    price: number(fields.unitPrice) ?? '',
    fee: optional(fields.fee),
    date: date.value,
    fxRate: optional(fields.fxRate),
  })
  return sale.success ? sale.data : null
}

/** `value` once it has stayed the same for `delayMs`; null before it first has. */
function useSettled<T>(value: T, delayMs: number): T | null {
  const [settled, setSettled] = useState<{ value: T } | null>(null)
  useEffect(() => {
    const timer = setTimeout(() => setSettled({ value }), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled?.value ?? null
}

/** The sale to ask about once the fields have stayed still; null while they have not. */
export const useSettledSale = (sale: SalePreviewQuery) => useSettled(sale, SETTLE_MS)

/**
 * The frame of a sale's tax under the transaction form, whichever country's: its heading, the
 * figures once the API answered (the previous answer kept on show, dimmed, while the next is
 * asked), its refusal or a failure in their place, and the note of what it is. A failure leaves
 * the form as it is.
 */
export function SaleTaxFrame<T>(props: {
  query: ApiQuery<T>
  /** The fields have changed since the figures shown were asked. */
  unsettled: boolean
  note: string
  children: (preview: T) => ReactNode
}) {
  const { t } = useI18n()
  const headingId = useId()
  const { query } = props
  const preview = query.data?.body
  return (
    <section
      className="sale-tax"
      aria-labelledby={headingId}
      aria-busy={props.unsettled || query.isFetching}
    >
      <h3 id={headingId} className="sale-tax__heading">
        {t('portfolio.salePreview.heading')}
      </h3>
      {query.isError ? (
        <p role="status">
          {/* The API's own words for what it refused (more than held, no rate); else ours. */}
          {query.error instanceof ApiError && query.error.status === 422
            ? query.error.message
            : t('portfolio.salePreview.failed')}
        </p>
      ) : preview ? (
        props.children(preview)
      ) : (
        <p className="loading" role="status">
          {t('portfolio.salePreview.loading')}
        </p>
      )}
      <p className="sale-tax__note">{props.note}</p>
    </section>
  )
}

/**
 * The FIFO lots a sale takes, oldest first: each row's first cell (its purchase day) heads it,
 * the others are figures. `columns` names them all.
 */
export function SaleLots(props: {
  columns: readonly string[]
  rows: readonly { key: string; cells: readonly ReactNode[] }[]
}) {
  const { t } = useI18n()
  return (
    <table className="sale-tax__lots">
      <caption>{t('portfolio.salePreview.lots')}</caption>
      <thead>
        <tr>
          {props.columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map(({ key, cells: [first, ...figures] }) => (
          <tr key={key}>
            <th scope="row">{first}</th>
            {figures.map((figure, index) => (
              <td key={index} className="figure">
                {figure}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** One line of a sale's figures: its label, and its amount to the right. */
export function FigureRow(props: { label: string; value: string; className?: string }) {
  return (
    <div className={props.className}>
      <dt>{props.label}</dt>
      <dd className="figure">{props.value}</dd>
    </div>
  )
}

/**
 * What selling would cost a German investor in tax, under the transaction form: asked of the API
 * once the fields have settled. `sale` keeps its identity while its fields do. `saving`: the sale
 * is being recorded, and asking again then (as the saved transaction makes every figure of the
 * portfolio ask again) would count it twice.
 */
export function SaleTaxPreview(props: {
  portfolioId: string
  sale: SalePreviewQuery
  saving: boolean
}) {
  const { t } = useI18n()
  const asked = useSettledSale(props.sale)
  const query = useSalePreview(props.portfolioId, props.saving ? null : asked)
  return (
    <SaleTaxFrame
      query={query}
      unsettled={asked !== props.sale}
      note={t('portfolio.salePreview.note')}
    >
      {(preview) => <SaleTaxFigures preview={preview} />}
    </SaleTaxFrame>
  )
}

/**
 * A previewed sale as a bank's settlement reads: the lots it takes, its gain (a fund's less the
 * Vorabpauschalen its units bore, then its Teilfreistellung), the KapESt, Soli and church tax it
 * adds with their sum, the Freistellungsauftrag left after it, and the units tax-free.
 */
export function SaleTaxFigures({ preview }: { preview: GermanSalePreview }) {
  const { t, plural, formatLocale } = useI18n()
  const euros = (amount: string) => formatMoney(formatLocale, amount, 'EUR')
  // What is taken off (the Vorabpauschalen, the tax-free part) shows with a minus.
  const less = (amount: string) => euros(decimal(amount).neg().toString())
  const units = (value: string) => formatNumber(formatLocale, value, { maximumFractionDigits: 8 })
  const loss = decimal(preview.grossGain).sign() < 0
  const freeUnits = Number(preview.taxFreeUnits)
  const count = { count: units(preview.taxFreeUnits) }
  const taxFree =
    freeUnits === 0
      ? t('portfolio.salePreview.taxFreeNone')
      : decimal(preview.taxFreeUnits).eq(decimal(preview.held))
        ? plural('portfolio.salePreview.taxFreeAll', freeUnits, count)
        : plural('portfolio.salePreview.taxFree', freeUnits, count)
  const { teilfreistellung } = preview
  const row = (label: string, value: string, className?: string) => (
    <FigureRow label={label} value={value} className={className} />
  )
  return (
    <>
      <SaleLots
        columns={[
          t('portfolio.salePreview.acquired'),
          t('portfolio.salePreview.units'),
          t('portfolio.salePreview.cost'),
        ]}
        rows={preview.lots.map((lot) => ({
          key: lot.transactionId ?? lot.tradeDate,
          cells: [formatDate(formatLocale, lot.tradeDate), units(lot.units), euros(lot.cost)],
        }))}
      />
      <dl className="sale-tax__rows">
        {decimal(preview.vorabpauschalen).isZero()
          ? null
          : row(t('portfolio.salePreview.vorabpauschalen'), less(preview.vorabpauschalen))}
        {row(
          loss ? t('portfolio.salePreview.loss') : t('portfolio.salePreview.gain'),
          euros(preview.grossGain),
        )}
        {teilfreistellung ? (
          <>
            {row(
              t('portfolio.salePreview.teilfreistellung', {
                rate: formatNumber(formatLocale, teilfreistellung.rate, { style: 'percent' }),
              }),
              less(teilfreistellung.amount),
            )}
            {row(t('portfolio.salePreview.taxable'), euros(preview.taxableGain))}
          </>
        ) : null}
        {row(t('portfolio.salePreview.kapESt'), euros(preview.tax.kapESt), 'sale-tax__tax')}
        {row(t('portfolio.salePreview.soli'), euros(preview.tax.soli))}
        {preview.churchTaxRate === '0'
          ? null
          : row(t('portfolio.salePreview.churchTax'), euros(preview.tax.churchTax))}
        {row(t('portfolio.salePreview.total'), euros(preview.tax.total), 'sale-tax__total')}
        {row(
          t('portfolio.salePreview.allowanceLeft'),
          euros(preview.freistellungsauftragLeft.after),
        )}
      </dl>
      <p className="sale-tax__free">{taxFree}</p>
    </>
  )
}
