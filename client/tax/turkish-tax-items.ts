import type { TurkishSalePreview, TurkishTaxItemView } from '../../shared/api/schemas'
import { formatDate, formatMoney, formatMonth, formatNumber } from '../../shared/i18n/format'
import type { Translator } from '../../shared/i18n/translator'
import type { TurkishTaxItemFigure } from '../../shared/portfolio/figure-ids'

type Texts = Pick<Translator, 't' | 'formatLocale'>

/**
 * An item's key figures, one kind read alike on the screen and in the CSV: `amount` the sale's
 * gain before indexation or the dividend's gross, `indexed` a foreign sale's gain with
 * indexation, `tax` the stopaj withheld or the tax withheld abroad (null when the item has none).
 */
export function itemFigures(item: TurkishTaxItemView): {
  amount: string | null
  indexed: string | null
  tax: string | null
} {
  switch (item.kind) {
    case 'bistSale':
    case 'fundSale':
      return { amount: item.gain, indexed: null, tax: item.stopaj }
    case 'foreignSale':
      return { amount: item.gain, indexed: item.indexedGain, tax: null }
    case 'turkishDividend':
      return { amount: item.gross, indexed: null, tax: item.stopaj }
    case 'foreignDividend':
      return { amount: item.gross, indexed: null, tax: item.foreignTax }
    case 'notCovered':
      return { amount: null, indexed: null, tax: null }
  }
}

/** The engine's figures behind {@link itemFigures}, each of which explains itself. */
export function itemFigureNames(item: TurkishTaxItemView): {
  amount: TurkishTaxItemFigure
  indexed: TurkishTaxItemFigure
  tax: TurkishTaxItemFigure
} {
  const dividend = item.kind === 'turkishDividend' || item.kind === 'foreignDividend'
  return {
    amount: dividend ? 'gross' : 'gain',
    indexed: 'indexedGain',
    tax: item.kind === 'foreignDividend' ? 'foreignTax' : 'stopaj',
  }
}

/** A rate (a fraction) as a percentage, to the decimal the decisions give: 17.5 %. */
export const ratePercent = (texts: Texts, rate: string) =>
  formatNumber(texts.formatLocale, Number(rate), { style: 'percent', maximumFractionDigits: 2 })

/**
 * Why an item bears what it bears, in sentences: a Borsa İstanbul sale at 0 %; each lot of a
 * fund sale with its purchase band's rate, the reason and the decision; each lot of a foreign
 * sale with the Yİ-ÜFE months and values and whether its cost was indexed; a dividend's rate and
 * decision or its tax withheld abroad; why an entry is not covered. A sale previewed reads alike.
 */
export function itemDetails(
  item: TurkishTaxItemView | TurkishSalePreview['sale'],
  texts: Texts,
): string[] {
  const { t, formatLocale } = texts
  const lira = (amount: string) => formatMoney(formatLocale, amount, 'TRY')
  const date = (value: string) => formatDate(formatLocale, value)
  const units = (value: string) => formatNumber(formatLocale, value)
  switch (item.kind) {
    case 'bistSale':
      return [t('tax.turkey.details.bist')]
    case 'fundSale':
      return item.lots.map((lot) =>
        t('tax.turkey.details.fundLot', {
          units: units(lot.units),
          date: date(lot.boughtOn),
          gain: lira(lot.gain),
          rate: ratePercent(texts, lot.rate),
          reason: t(`tax.turkey.reasons.${lot.reason}`),
          decision: lot.band.decision,
          stopaj: lira(lot.stopaj),
        }),
      )
    case 'foreignSale':
      return item.lots.map((lot) =>
        t(
          lot.indexation.applies
            ? 'tax.turkey.details.foreignLotIndexed'
            : 'tax.turkey.details.foreignLotNotIndexed',
          {
            units: units(lot.units),
            date: date(lot.boughtOn),
            cost: lira(lot.cost),
            from: formatMonth(formatLocale, lot.indexation.purchaseMonth),
            fromIndex: formatNumber(formatLocale, lot.indexation.purchaseIndex),
            to: formatMonth(formatLocale, lot.indexation.saleMonth),
            toIndex: formatNumber(formatLocale, lot.indexation.saleIndex),
            indexedCost: lira(lot.indexation.cost),
            gain: lira(lot.gain),
            indexedGain: lira(lot.indexedGain),
          },
        ),
      )
    case 'turkishDividend':
      return [
        t('tax.turkey.details.turkishDividend', {
          rate: ratePercent(texts, item.rate),
          decision: item.decision,
        }),
      ]
    case 'foreignDividend':
      return [
        t('tax.turkey.details.foreignDividend', {
          amount: formatMoney(formatLocale, item.amount, item.currency),
          tax: formatMoney(formatLocale, item.tax, item.currency),
        }),
      ]
    case 'notCovered':
      return [t(`tax.turkey.notCovered.${item.reason}`)]
  }
}
