import { useEffect, useId, useState } from 'react'
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
import { useSalePreview } from './data/portfolio-queries'
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

/**
 * What selling would cost a German investor in tax, under the transaction form: asked of the API
 * once the fields have settled, the previous answer kept on show while the next is asked. A
 * failure says so and leaves the form as it is. `sale` keeps its identity while its fields do.
 * `saving`: the sale is being recorded, and asking again then (as the saved transaction makes
 * every figure of the portfolio ask again) would count it twice.
 */
export function SaleTaxPreview(props: {
  portfolioId: string
  sale: SalePreviewQuery
  saving: boolean
}) {
  const { t } = useI18n()
  const headingId = useId()
  const asked = useSettled(props.sale, SETTLE_MS)
  const query = useSalePreview(props.portfolioId, props.saving ? null : asked)
  const preview = query.data?.body
  const busy = asked !== props.sale || query.isFetching
  return (
    <section className="sale-tax" aria-labelledby={headingId} aria-busy={busy}>
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
        <SaleTaxFigures preview={preview} />
      ) : (
        <p className="loading" role="status">
          {t('portfolio.salePreview.loading')}
        </p>
      )}
      <p className="sale-tax__note">{t('portfolio.salePreview.note')}</p>
    </section>
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
    <div className={className}>
      <dt>{label}</dt>
      <dd className="figure">{value}</dd>
    </div>
  )
  return (
    <>
      <table className="sale-tax__lots">
        <caption>{t('portfolio.salePreview.lots')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('portfolio.salePreview.acquired')}</th>
            <th scope="col">{t('portfolio.salePreview.units')}</th>
            <th scope="col">{t('portfolio.salePreview.cost')}</th>
          </tr>
        </thead>
        <tbody>
          {preview.lots.map((lot) => (
            <tr key={lot.transactionId ?? lot.tradeDate}>
              <th scope="row">{formatDate(formatLocale, lot.tradeDate)}</th>
              <td className="figure">{units(lot.units)}</td>
              <td className="figure">{euros(lot.cost)}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
