import { ZERO, decimal } from '../../../shared/decimal/decimal'
import type { Decimal } from '../../../shared/decimal/decimal'
import type { TurkishTaxItemFigure } from '../../../shared/portfolio/figure-ids'
import { figureId } from '../../../shared/portfolio/figure-ids'
import type { Derivation, StepInit, StepSource } from '../../portfolio/explain/derivation'
import {
  amountDerivation,
  summedParts,
  noSuchFigure,
  transactionSource,
} from '../../portfolio/explain/explain-source'
import type { Observation } from '../../portfolio/ledger'
import type { FundLot, ForeignLot, SaleLot, TurkishTaxItem } from './tax-items'
import { BIST_SHARE_RATE } from './tax-rules'
import type { TurkishItemDetail, TurkishTaxJournal, TurkishTaxPass } from './tax-years'

export const TRY = 'TRY'
/** The index that indexes a foreign security's cost (docs/price-indices.md, rule 8). */
const YI_UFE = 'TR-YIUFE-2003'
export const KURUS = decimal('0.01')

/** What the explanations of a year read: the pass to the view's date, with its journal. */
export interface TurkishTaxSource {
  pass: TurkishTaxPass
  journal: TurkishTaxJournal
  year: number
  /** The year's items, as the view lists them (a figure names one by its index). */
  items: TurkishTaxItem[]
}

/** A figure of the Turkish tax view: always an amount in lira. */
export function taxDerivation(
  figure: string,
  formula: string,
  value: Decimal,
  inits: readonly StepInit[],
  notes: Derivation['notes'] = [],
): Derivation {
  return amountDerivation(TRY, figure, formula, value, inits, notes)
}

/** A step whose parts, shown in place, make its value. */
export function partsStep(init: StepInit, parts: readonly StepInit[]): StepInit {
  return summedParts(TRY, init, parts)
}

export function itemFigure(index: number, name: TurkishTaxItemFigure): string {
  return figureId({ scope: 'turkishTaxItem', id: String(index), name })
}

/** The transaction `id` of the pass, as a step's source; null for none. */
function sourceOf(source: TurkishTaxSource, id: string, code: string | null): StepSource | null {
  const transaction = source.journal.transactions.get(id)
  return transaction === undefined ? null : transactionSource(transaction, code)
}

function detailOf(source: TurkishTaxSource, item: TurkishTaxItem): TurkishItemDetail {
  const detail = source.journal.details.get(item)
  if (detail === undefined) throw new Error(`No detail of the ${item.kind} of ${item.date}`)
  return detail
}

/** × the TCMB buying rate of a bulletin (rule 7); none for an amount in lira. */
export function tcmbRate(
  currency: string,
  rate: Observation | null,
  label = 'turkishTax.tcmbRate',
): StepInit[] {
  if (rate === null) return []
  return [
    {
      op: 'times',
      kind: 'fxRate',
      label,
      params: { currency },
      value: rate.value,
      source: { kind: 'fxRate', currency, date: rate.date, origin: 'tcmb' },
    },
  ]
}

/** An item's figure `name` as a step of a sum, opening its own explanation. */
export function itemStep(source: TurkishTaxSource, index: number, name: TurkishTaxItemFigure) {
  const item = source.items[index]
  if (item === undefined || item.kind === 'notCovered') return noSuchFigure(`item ${index}`)
  return {
    label: `turkishTax.item.${item.kind}`,
    value: itemValue(item, name) ?? noSuchFigure(`${name} of item ${index}`),
    currency: TRY,
    params: { instrument: item.instrumentCode, date: item.date },
    source: sourceOf(source, item.transactionId, item.instrumentCode),
    figure: itemFigure(index, name),
  } satisfies StepInit
}

/** An item's figure as the view gives it; null for one it does not have. */
export function itemValue(item: TurkishTaxItem, name: TurkishTaxItemFigure): Decimal | null {
  switch (item.kind) {
    case 'bistSale':
    case 'fundSale':
    case 'foreignSale':
      if (name === 'proceeds' || name === 'cost' || name === 'gain') return item[name]
      if (name === 'indexedGain') return item.kind === 'foreignSale' ? item.indexedGain : null
      return name === 'stopaj' && item.kind !== 'foreignSale' ? item.stopaj : null
    case 'turkishDividend':
      return name === 'gross' || name === 'stopaj' ? item[name] : null
    case 'foreignDividend':
      return name === 'gross' || name === 'foreignTax' ? item[name] : null
    case 'notCovered':
      return null
  }
}

/**
 * How one figure of an item of the year was computed: a sale's proceeds, cost, gain, indexed
 * gain or stopaj, a dividend's gross, stopaj or tax withheld abroad.
 */
export function explainItem(
  source: TurkishTaxSource,
  index: number,
  name: TurkishTaxItemFigure,
): Derivation {
  const item = source.items[index]
  const value = item === undefined ? null : itemValue(item, name)
  if (item === undefined || item.kind === 'notCovered' || value === null) {
    noSuchFigure(`${name} of item ${index}`)
  }
  const detail = detailOf(source, item)
  const figure = itemFigure(index, name)
  const derived = (inits: StepInit[], notes: Derivation['notes'] = []) =>
    taxDerivation(figure, `turkishTaxItem.${name}`, value, inits, notes)
  if (detail.kind === 'payment') {
    const { payment, rate } = detail
    const currency = payment.currency
    const transaction = sourceOf(source, payment.id, item.instrumentCode)
    switch (name) {
      case 'gross':
        return derived(
          [
            { label: 'gross', value: payment.amount, currency, source: transaction },
            ...tcmbRate(currency, rate),
          ],
          item.kind === 'turkishDividend' ? [{ label: 'turkishTax.exemptHalf', params: {} }] : [],
        )
      case 'foreignTax':
        return derived([
          { label: 'taxWithheld', value: payment.tax, currency, source: transaction },
          ...tcmbRate(currency, rate),
        ])
      default: {
        if (item.kind !== 'turkishDividend') return noSuchFigure(figure)
        return derived([
          { ...itemStep(source, index, 'gross'), label: 'turkishTax.grossDividend' },
          {
            op: 'times',
            kind: 'rate',
            label: 'turkishTax.dividendRate',
            params: { decision: item.decision },
            value: item.rate,
          },
          { op: 'roundHalfUp', label: 'turkishTax.roundedToKurus', value: KURUS, currency: TRY },
        ])
      }
    }
  }
  if (item.kind !== 'bistSale' && item.kind !== 'fundSale' && item.kind !== 'foreignSale') {
    return noSuchFigure(figure)
  }
  const lots: SaleLot[] = item.lots
  const lotProceeds = (at: number) => lotProceedsStep(source, index, detail, at)
  const lotCost = (at: number) => lotCostStep(source, item.instrumentCode, detail, lots, at)
  switch (name) {
    case 'proceeds': {
      const { sell, rate } = detail
      const currency = sell.currency
      return derived([
        {
          kind: 'quantity',
          label: 'quantity',
          value: sell.quantity,
          source: sourceOf(source, sell.id, item.instrumentCode),
        },
        { op: 'times', kind: 'price', label: 'salePrice', value: sell.unitPrice, currency },
        { op: 'minus', label: 'fee', value: sell.fee, currency },
        ...tcmbRate(currency, rate),
      ])
    }
    case 'cost':
      return derived(lots.map((_, at) => lotCost(at)))
    case 'gain':
      return derived([
        {
          label: 'proceeds',
          value: item.proceeds,
          currency: TRY,
          figure: itemFigure(index, 'proceeds'),
        },
        {
          op: 'minus',
          label: 'turkishTax.costOfLots',
          value: item.cost,
          currency: TRY,
          figure: itemFigure(index, 'cost'),
        },
      ])
    case 'stopaj': {
      if (item.kind === 'foreignSale') return noSuchFigure(figure)
      // A fund lot at its band's rate; a Borsa İstanbul share at 0 %.
      const lotRate = (at: number): { rate: StepInit; stopaj: Decimal } => {
        if (item.kind === 'fundSale') {
          const lot = item.lots[at] as FundLot
          return { rate: fundRateStep(lot), stopaj: lot.stopaj }
        }
        const rate: StepInit = {
          op: 'times',
          kind: 'rate',
          label: 'turkishTax.bistRate',
          value: BIST_SHARE_RATE,
        }
        return { rate, stopaj: ZERO }
      }
      return derived(
        [
          ...lots.map((lot, at) =>
            partsStep(
              { ...lotLabel(source, item.instrumentCode, lot), value: lotRate(at).stopaj },
              [
                lotProceeds(at),
                { ...lotCost(at), op: 'minus' },
                { op: 'atLeast', label: 'turkishTax.zero', value: ZERO, currency: TRY },
                lotRate(at).rate,
              ],
            ),
          ),
          ...(item.kind === 'fundSale'
            ? [
                {
                  op: 'roundHalfUp' as const,
                  label: 'turkishTax.roundedToKurus',
                  value: KURUS,
                  currency: TRY,
                },
              ]
            : []),
        ],
        item.kind === 'fundSale' ? [{ label: 'turkishTax.fundStopajFinal', params: {} }] : [],
      )
    }
    default: {
      if (item.kind !== 'foreignSale') return noSuchFigure(figure)
      return derived(
        item.lots.map((_, at) => indexedLotStep(source, index, detail, at)),
        [{ label: 'turkishTax.indexationCap', params: {} }],
      )
    }
  }
}

/** A lot as a step's words: its units and purchase day, naming the purchase. */
function lotLabel(
  source: TurkishTaxSource,
  code: string,
  lot: SaleLot,
): Pick<StepInit, 'label' | 'params' | 'source' | 'currency'> {
  return {
    label: 'lot',
    params: { quantity: lot.units.toString(), acquired: lot.boughtOn },
    source: sourceOf(source, lot.acquiredBy, code),
    currency: TRY,
  }
}

/**
 * What a lot cost in lira: its cost in the sale's currency × the TCMB rate of its purchase.
 * A lot a sale took part of before keeps its share of the lira cost, which that product need not
 * give to the last digit: it is shown as an amount, its cost in the currency beside it.
 */
function lotCostStep(
  source: TurkishTaxSource,
  code: string,
  detail: TurkishItemDetail,
  lots: readonly SaleLot[],
  at: number,
): StepInit {
  const lot = lots[at] as SaleLot
  if (detail.kind !== 'sale') throw new Error('A lot of a payment')
  const bought = detail.lots[at]
  if (bought === undefined) throw new Error(`No lot ${at} in the journal`)
  const currency = detail.sell.currency
  const step: StepInit = { ...lotLabel(source, code, lot), value: lot.cost }
  if (bought.rate === null) return step
  if (!bought.cost.times(bought.rate.value).eq(lot.cost)) {
    return {
      ...step,
      params: { ...step.params, amount: bought.cost.toString(), amountCurrency: currency },
    }
  }
  return partsStep(step, [
    { label: 'costInCurrency', params: { currency }, value: bought.cost, currency },
    ...tcmbRate(currency, bought.rate, 'turkishTax.purchaseTcmbRate'),
  ])
}

/** A fund lot's rate: its purchase band's, for its class (rule 3), naming the decision. */
function fundRateStep(lot: FundLot): StepInit {
  const { band } = lot
  return {
    op: 'times',
    kind: 'rate',
    // The band in force has no last day yet.
    ...(band.through === null
      ? {
          label: `turkishTax.fundRateOpen.${lot.reason}`,
          params: { from: band.from, decision: band.decision },
        }
      : {
          label: `turkishTax.fundRate.${lot.reason}`,
          params: { from: band.from, to: band.through, decision: band.decision },
        }),
    value: lot.rate,
  }
}

/** A Yİ-ÜFE value of a month, as a step (rule 8). */
function indexStep(op: 'times' | 'divide', month: string, value: Decimal): StepInit {
  return {
    op,
    kind: 'factor',
    label: op === 'times' ? 'turkishTax.saleIndex' : 'turkishTax.purchaseIndex',
    params: { month },
    value,
    // The pass reads published months only.
    source: { kind: 'priceIndex', index: YI_UFE, month, provisional: false },
  }
}

/**
 * A foreign lot's gain after indexation (rule 8): its proceeds − its cost, the cost indexed by
 * Yİ-ÜFE when it rose at least 10 %, not below zero; a lot sold at a loss is not indexed.
 */
function indexedLotStep(
  source: TurkishTaxSource,
  index: number,
  detail: TurkishItemDetail,
  at: number,
): StepInit {
  const sale = source.items[index] as Extract<TurkishTaxItem, { kind: 'foreignSale' }>
  const lot = sale.lots[at] as ForeignLot
  const code = sale.instrumentCode
  const proceeds = lotProceedsStep(source, index, detail, at)
  const cost = lotCostStep(source, code, detail, sale.lots, at)
  const head = { ...lotLabel(source, code, lot), value: lot.indexedGain }
  if (lot.gain.sign() <= 0) {
    return partsStep({ ...head, label: 'turkishTax.lotAtLoss' }, [
      proceeds,
      { ...cost, op: 'minus' },
    ])
  }
  const { indexation } = lot
  const rise = indexation.saleIndex.div(indexation.purchaseIndex).minus(decimal('1')).round(6)
  const months = { fromMonth: indexation.purchaseMonth, toMonth: indexation.saleMonth }
  const indexedCost = partsStep(
    {
      op: 'minus',
      label: indexation.applies ? 'turkishTax.indexedCost' : 'turkishTax.costNotIndexed',
      params: { ...months, percent: rise.toString() },
      value: indexation.cost,
      currency: TRY,
    },
    indexation.applies
      ? [
          { ...cost, op: null },
          indexStep('times', indexation.saleMonth, indexation.saleIndex),
          indexStep('divide', indexation.purchaseMonth, indexation.purchaseIndex),
        ]
      : [{ ...cost, op: null }],
  )
  return partsStep(head, [
    proceeds,
    indexedCost,
    { op: 'atLeast', label: 'turkishTax.zero', value: ZERO, currency: TRY },
  ])
}

/**
 * A lot's share of its sale's proceeds: the proceeds × its units ÷ the units sold; the last lot
 * takes what the others left, so they add up.
 */
function lotProceedsStep(
  source: TurkishTaxSource,
  index: number,
  detail: TurkishItemDetail,
  at: number,
): StepInit {
  const sale = source.items[index] as Extract<TurkishTaxItem, { proceeds: Decimal }>
  if (detail.kind !== 'sale') throw new Error('A lot of a payment')
  const lots: readonly SaleLot[] = sale.lots
  const lot = lots[at] as SaleLot
  const proceeds: StepInit = {
    label: 'proceeds',
    value: sale.proceeds,
    currency: TRY,
    figure: itemFigure(index, 'proceeds'),
  }
  const parts: StepInit[] =
    at < lots.length - 1
      ? [
          proceeds,
          { op: 'times', kind: 'quantity', label: 'turkishTax.lotUnits', value: lot.units },
          {
            op: 'divide',
            kind: 'quantity',
            label: 'turkishTax.unitsSold',
            value: detail.sell.quantity,
          },
        ]
      : [
          proceeds,
          ...lots.slice(0, -1).map((other): StepInit => ({
            op: 'minus',
            label: 'turkishTax.otherLotProceeds',
            value: other.proceeds,
            currency: TRY,
            params: { quantity: other.units.toString(), acquired: other.boughtOn },
          })),
        ]
  return partsStep(
    {
      label: 'turkishTax.lotProceeds',
      value: lot.proceeds,
      currency: TRY,
      params: { quantity: lot.units.toString() },
    },
    parts,
  )
}
