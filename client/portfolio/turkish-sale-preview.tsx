import { Suspense, use } from 'react'
import type { SalePreviewQuery, TurkishSalePreview } from '../../shared/api/schemas/tax'
import { decimal } from '../../shared/decimal/decimal'
import { formatDate, formatMoney, formatMonth, formatNumber } from '../../shared/i18n/format'
import type { Translator } from '../../shared/i18n/translator'
import { groupTexts } from '../app/group-texts'
import { useI18n } from '../app/i18n-context'
import { itemDetails, ratePercent } from '../tax/turkish-tax-items'
import { useTurkishSalePreview } from './data/portfolio-queries'
import { FigureRow, SaleLots, SaleTaxFrame, useSettledSale } from './sale-tax-preview'

/**
 * What selling would cause a Turkish resident in tax, under the transaction form of a lira
 * portfolio (docs/tax-turkey.md, "The sale preview"): asked once the fields have settled, in the
 * frame the German preview has. `saving`: the sale is being recorded; asking then would count it
 * twice.
 */
export function TurkishSaleTaxPreview(props: {
  portfolioId: string
  sale: SalePreviewQuery
  saving: boolean
}) {
  const { t } = useI18n()
  const asked = useSettledSale(props.sale)
  const query = useTurkishSalePreview(props.portfolioId, props.saving ? null : asked)
  return (
    <SaleTaxFrame
      query={query}
      unsettled={asked !== props.sale}
      note={t('portfolio.turkishSalePreview.note')}
    >
      {(preview) => (
        <Suspense
          fallback={
            <p className="loading" role="status">
              {t('portfolio.salePreview.loading')}
            </p>
          }
        >
          <WithTaxTexts preview={preview} />
        </Suspense>
      )}
    </SaleTaxFrame>
  )
}

/** The figures once the Turkish tax screen's texts (reasons, bands, not covered) are loaded. */
function WithTaxTexts({ preview }: { preview: TurkishSalePreview }) {
  const taxTexts = use(groupTexts(useI18n(), 'tax'))
  return <TurkishSaleTaxFigures preview={preview} taxTexts={taxTexts} />
}

/**
 * A previewed sale in lira: the FIFO lots it takes (a fund lot's rate, whether a foreign lot's
 * cost is indexed; narrow enough for a phone) and why each bears what it bears; then a fund's stopaj, final; a foreign share's gain
 * after indexation and the year's değer artış kazancı and estimated tax before and after it; a
 * Borsa İstanbul share's "not taxed"; or why the sale is not covered.
 */
export function TurkishSaleTaxFigures({
  preview,
  taxTexts,
}: {
  preview: TurkishSalePreview
  /** The `tax` group's texts, which the portfolio screens do not load with theirs. */
  taxTexts: Translator
}) {
  const { t, formatLocale } = useI18n()
  const { sale, year } = preview
  if (sale.kind === 'notCovered') {
    return <p className="sale-tax__free">{taxTexts.t(`tax.turkey.notCovered.${sale.reason}`)}</p>
  }
  const lira = (amount: string) => formatMoney(formatLocale, amount, 'TRY')
  const units = (value: string) => formatNumber(formatLocale, value, { maximumFractionDigits: 8 })
  // The currency in the heading, not in every cell: four columns fit a phone.
  const columns = [
    t('portfolio.salePreview.acquired'),
    t('portfolio.salePreview.units'),
    t('portfolio.turkishSalePreview.costLira'),
  ]
  const lot = (each: { acquiredBy: string; boughtOn: string; units: string; cost: string }) => ({
    key: each.acquiredBy,
    cells: [
      formatDate(formatLocale, each.boughtOn),
      units(each.units),
      formatNumber(formatLocale, each.cost, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    ],
  })
  const lots =
    sale.kind === 'fundSale' ? (
      <SaleLots
        columns={[...columns, t('portfolio.turkishSalePreview.rate')]}
        rows={sale.lots.map((each) => {
          const row = lot(each)
          return { ...row, cells: [...row.cells, ratePercent(taxTexts, each.rate)] }
        })}
      />
    ) : sale.kind === 'foreignSale' ? (
      <SaleLots
        columns={[...columns, t('portfolio.turkishSalePreview.indexed')]}
        rows={sale.lots.map((each) => {
          const row = lot(each)
          const indexed = each.indexation.applies
            ? t('portfolio.turkishSalePreview.indexedYes')
            : t('portfolio.turkishSalePreview.indexedNo')
          return { ...row, cells: [...row.cells, indexed] }
        })}
      />
    ) : (
      <SaleLots columns={columns} rows={sale.lots.map(lot)} />
    )
  // A Borsa İstanbul sale's one sentence says it all below.
  const details = sale.kind === 'bistSale' ? [] : itemDetails(sale, taxTexts)
  const loss = decimal(sale.gain).sign() < 0
  const next = String(year.year + 1)
  return (
    <>
      {lots}
      {details.length > 0 ? (
        <ul className="sale-tax__details">
          {details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {preview.indexEstimate ? (
        <p className="sale-tax__estimate">
          {t('portfolio.turkishSalePreview.indexEstimate', {
            month: formatMonth(formatLocale, preview.indexEstimate.month),
            used: formatMonth(formatLocale, preview.indexEstimate.used),
          })}
        </p>
      ) : null}
      <dl className="sale-tax__rows">
        {sale.kind === 'foreignSale' && sale.saleRate ? (
          <FigureRow
            label={t('portfolio.turkishSalePreview.tcmbRate', {
              date: formatDate(formatLocale, sale.saleRate.date),
            })}
            value={formatNumber(formatLocale, sale.saleRate.value, { minimumFractionDigits: 4 })}
          />
        ) : null}
        <FigureRow label={t('portfolio.turkishSalePreview.proceeds')} value={lira(sale.proceeds)} />
        <FigureRow label={t('portfolio.turkishSalePreview.cost')} value={lira(sale.cost)} />
        <FigureRow
          label={
            loss ? t('portfolio.turkishSalePreview.loss') : t('portfolio.turkishSalePreview.gain')
          }
          value={lira(sale.gain)}
        />
        {sale.kind === 'fundSale' ? (
          <FigureRow
            label={t('portfolio.turkishSalePreview.stopaj')}
            value={lira(sale.stopaj)}
            className="sale-tax__total"
          />
        ) : null}
        {sale.kind === 'bistSale' ? (
          <FigureRow
            label={taxTexts.t('tax.turkey.lines.bistTax')}
            value={taxTexts.t('tax.turkey.lines.notTaxed')}
            className="sale-tax__total"
          />
        ) : null}
        {sale.kind === 'foreignSale' ? (
          <>
            <FigureRow
              label={
                decimal(sale.indexedGain).sign() < 0
                  ? t('portfolio.turkishSalePreview.indexedLoss')
                  : t('portfolio.turkishSalePreview.indexedGain')
              }
              value={lira(sale.indexedGain)}
              className="sale-tax__tax"
            />
            <FigureRow
              label={t('portfolio.turkishSalePreview.yearBefore', { year: String(year.year) })}
              value={lira(year.foreignGains.before)}
            />
            <FigureRow
              label={t('portfolio.turkishSalePreview.yearAfter', { year: String(year.year) })}
              value={lira(year.foreignGains.after)}
              className="sale-tax__total"
            />
            {year.tax ? (
              <FigureRow
                label={t('portfolio.turkishSalePreview.taxAdded', { next })}
                value={lira(decimal(year.tax.after).minus(decimal(year.tax.before)).toString())}
              />
            ) : null}
          </>
        ) : null}
      </dl>
      {sale.kind === 'foreignSale' ? null : (
        <p className="sale-tax__free">
          {sale.kind === 'fundSale'
            ? t('portfolio.turkishSalePreview.fundFinal')
            : taxTexts.t('tax.turkey.details.bist')}
        </p>
      )}
    </>
  )
}
