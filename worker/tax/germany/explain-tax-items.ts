import { ZERO, decimal } from '../../../shared/decimal/decimal'
import type { Decimal } from '../../../shared/decimal/decimal'
import type { FundType } from '../../../shared/portfolio/portfolio-kinds'
import type { GermanTaxExpectedFigure } from '../../../shared/portfolio/figure-ids'
import { figureId } from '../../../shared/portfolio/figure-ids'
import type { Derivation, StepInit, StepSource } from '../../portfolio/explain/derivation'
import {
  amountDerivation,
  summedParts,
  noSuchFigure,
  transactionSource,
} from '../../portfolio/explain/explain-source'
import { formatIsoDate } from '../../portfolio/iso-date'
import { BASISZINS, afterTeilfreistellung, taxablePart, teilfreistellungRate } from './tax-rules'
import { lotVorabpauschalen } from './tax-years'
import type {
  FifoPart,
  ItemDetail,
  LotVorabpauschale,
  SourcedTaxItem,
  TaxJournal,
  TaxPass,
} from './tax-years'
import { BASISERTRAG_SHARE } from './vorabpauschale'

export const EUR = 'EUR'

/** What the explanations of a year read: the pass to the view's date, with its journal. */
export interface TaxSource {
  pass: TaxPass
  journal: TaxJournal
  year: number
  /** The year's items, as the view lists them (a figure names one by its index). */
  items: SourcedTaxItem[]
}

/** A figure of the tax view: always an amount in euros. */
export function taxDerivation(
  figure: string,
  formula: string,
  value: Decimal,
  inits: readonly StepInit[],
  notes: Derivation['notes'] = [],
): Derivation {
  return amountDerivation(EUR, figure, formula, value, inits, notes)
}

/** A step whose parts, shown in place, make its value. */
export function partsStep(init: StepInit, parts: readonly StepInit[]): StepInit {
  return summedParts(EUR, init, parts)
}

export function itemFigure(index: number): string {
  return figureId({ scope: 'germanTaxItem', id: String(index), name: 'amount' })
}

/** The transaction `id` of the pass, as a step's source; null for none. */
function sourceOf(source: TaxSource, id: string | null, code: string | null): StepSource | null {
  const transaction = id === null ? undefined : source.journal.transactions.get(id)
  return transaction === undefined ? null : transactionSource(transaction, code)
}

function detailOf(source: TaxSource, item: SourcedTaxItem): ItemDetail {
  const detail = source.journal.details.get(item)
  if (detail === undefined) throw new Error(`No detail of the ${item.kind} of ${item.date}`)
  return detail
}

/** An item as a step of a sum, opening its own explanation. */
export function itemStep(source: TaxSource, index: number): StepInit {
  const item = source.items[index]
  if (item === undefined) return noSuchFigure(`item ${index}`)
  const code = item.instrumentCode
  const label =
    item.kind === 'interest' && code === null
      ? 'germanTax.item.interestCash'
      : `germanTax.item.${item.kind}`
  return {
    label,
    value: item.amount,
    currency: EUR,
    params: code === null ? { date: item.date } : { instrument: code, date: item.date },
    source: sourceOf(source, item.transactionId, code),
    figure: itemFigure(index),
  }
}

/** × the part a fund's Teilfreistellung leaves taxable. */
function taxablePartStep(fundType: FundType): StepInit {
  return {
    op: 'times',
    kind: 'rate',
    label: 'germanTax.taxablePart',
    params: { percent: teilfreistellungRate(fundType).toString() },
    value: taxablePart(fundType),
  }
}

/** The foreign tax of a payment credited in Germany: withheld, at most the treaty rate (rule 7). */
export function creditStep(source: TaxSource, index: number): StepInit | null {
  const item = source.items[index]
  if (item === undefined) return null
  const detail = detailOf(source, item)
  if (detail.kind !== 'income' || detail.treatyRate === null) return null
  const { payment, treatyRate } = detail
  const currency = payment.currency
  const rate = paymentRate(payment)
  // Its value is the credit, not the item's amount: it opens no explanation of its own.
  const credit = { ...itemStep(source, index), value: item.creditableForeignTax, figure: null }
  return partsStep(credit, [
    partsStep(
      {
        label: 'germanTax.withheldAbroad',
        value: payment.tax.times(payment.fxRate),
        currency: EUR,
      },
      [{ label: 'taxWithheld', value: payment.tax, currency }, ...rate],
    ),
    partsStep(
      {
        op: 'atMost',
        label: 'germanTax.treatyCap',
        value: payment.amount.times(payment.fxRate).times(treatyRate),
        currency: EUR,
      },
      [
        { label: 'germanTax.grossDividend', value: payment.amount, currency },
        ...rate,
        { op: 'times', kind: 'rate', label: 'germanTax.treatyRate', value: treatyRate },
      ],
    ),
  ])
}

/** × a payment's own rate into euros; none for a payment in euros (its rate is 1). */
function paymentRate(payment: { currency: string; fxRate: Decimal }): StepInit[] {
  if (payment.currency === EUR) return []
  return [
    {
      op: 'times',
      kind: 'fxRate',
      label: 'paymentFxRate',
      params: { currency: payment.currency },
      value: payment.fxRate,
    },
  ]
}

/** How one item of the year was computed: a sale's gain, a payment, a Vorabpauschale. */
export function explainItem(source: TaxSource, index: number): Derivation {
  const item = source.items[index]
  if (item === undefined) noSuchFigure(`item ${index}`)
  const detail = detailOf(source, item)
  const figure = itemFigure(index)
  const code = item.instrumentCode
  const instrument = code === null ? null : source.pass.instrumentOf(code)
  const fundType = instrument?.kind === 'fund' ? instrument.fundType : null
  const teilfreistellung = fundType === null ? [] : [taxablePartStep(fundType)]
  switch (detail.kind) {
    case 'sale': {
      const lots = lotSteps(source, detail.parts, code)
      const formula = fundType === null ? 'germanTaxItem.sale' : 'germanTaxItem.fundSale'
      const bore = detail.parts.some((part) => part.paid !== null && !part.paid.isZero())
      return taxDerivation(
        figure,
        formula,
        item.amount,
        [proceedsStep(source, detail), ...lots, ...teilfreistellung],
        bore ? [{ label: 'germanTax.vorabpauschalenInFull', params: {} }] : [],
      )
    }
    case 'income': {
      const { payment, treatyRate } = detail
      const formula =
        fundType !== null
          ? 'germanTaxItem.distribution'
          : item.kind === 'dividend'
            ? 'germanTaxItem.dividend'
            : 'germanTaxItem.interest'
      const notes: Derivation['notes'] =
        treatyRate === null
          ? []
          : [
              {
                label: 'germanTax.creditable',
                params: {
                  amount: item.creditableForeignTax.toString(),
                  percent: treatyRate.toString(),
                },
              },
            ]
      return taxDerivation(
        figure,
        formula,
        item.amount,
        [
          {
            label: 'gross',
            value: payment.amount,
            currency: payment.currency,
            source: sourceOf(source, payment.id, code),
          },
          ...paymentRate(payment),
          ...teilfreistellung,
        ],
        notes,
      )
    }
    case 'vorabpauschale':
      if (code === null || fundType === null) throw new Error('A Vorabpauschale of no fund')
      return taxDerivation(
        figure,
        'germanTaxItem.vorabpauschale',
        item.amount,
        [...vorabpauschaleSteps(source, detail.lots, code, 'yearEnd'), taxablePartStep(fundType)],
        [{ label: 'germanTax.receivedOn', params: { date: item.date, year: detail.year } }],
      )
  }
}

/** The proceeds of a sale in euros: units × price − fee, × its rate (the tax withheld stays). */
function proceedsStep(source: TaxSource, detail: Extract<ItemDetail, { kind: 'sale' }>): StepInit {
  const { sell, proceeds } = detail
  const currency = sell.currency
  return partsStep(
    {
      label: 'proceeds',
      value: proceeds,
      currency: EUR,
      source: sourceOf(source, sell.id, sell.instrumentCode),
    },
    [
      { kind: 'quantity', label: 'quantity', value: sell.quantity },
      { op: 'times', kind: 'price', label: 'salePrice', value: sell.unitPrice, currency },
      { op: 'minus', label: 'fee', value: sell.fee, currency },
      ...(currency === EUR
        ? []
        : [
            {
              op: 'times' as const,
              kind: 'fxRate' as const,
              label: 'saleFxRate',
              params: { currency },
              value: sell.fxRate,
            },
          ]),
    ],
  )
}

/** − the cost of each FIFO lot a sale took, then − the Vorabpauschalen those units bore. */
function lotSteps(source: TaxSource, parts: readonly FifoPart[], code: string | null): StepInit[] {
  const lotOf = (part: FifoPart) => ({
    params: { quantity: part.units.toString(), acquired: formatIsoDate(part.acquiredDay) },
    source: sourceOf(source, part.acquiredBy, code),
  })
  const costs: StepInit[] = parts.map((part) => ({
    op: 'minus',
    label: 'lot',
    value: part.cost,
    currency: EUR,
    ...lotOf(part),
  }))
  const borne: StepInit[] = parts.flatMap((part) =>
    part.paid === null || part.paid.isZero()
      ? []
      : [
          {
            op: 'minus' as const,
            label: 'germanTax.vorabpauschalenBorne',
            value: part.paid,
            currency: EUR,
            ...lotOf(part),
          },
        ],
  )
  return [...costs, ...borne]
}

/**
 * Each lot's Vorabpauschale, in euros, as a step made of its parts (rule 9): units × first price
 * × Basiszins × 70 %, at most the rise with distributions, − distributions, not below zero, × the
 * twelfths kept, × the rate of the day it is received. `until`: the year's end, or today. A
 * year without distributions leaves them out (adding and taking away zero).
 */
function vorabpauschaleSteps(
  source: TaxSource,
  lots: readonly LotVorabpauschale[],
  code: string,
  until: 'yearEnd' | 'today',
): StepInit[] {
  const currency = source.pass.holdings.get(code)?.currency ?? EUR
  const price = (date: string): StepSource => ({
    kind: 'price',
    instrumentCode: code,
    date,
    origin: 'close',
  })
  return lots.map(({ lot, fundYear, result, first, last, rate, amount }) => {
    const { year, units, distributionsPerUnit } = fundYear
    const firstPrice: StepInit = {
      kind: 'price',
      label: 'germanTax.firstPrice',
      params: { year },
      value: first.value,
      currency,
      source: price(first.date),
    }
    const perUnit: StepInit = {
      kind: 'price',
      label: 'germanTax.distributionsPerUnit',
      params: { year },
      value: distributionsPerUnit,
      currency,
    }
    const quantity: StepInit = { kind: 'quantity', label: 'quantity', value: units }
    const distributed = !distributionsPerUnit.isZero()
    const basiszins = BASISZINS[year]
    if (basiszins === undefined) throw new Error(`No Basiszins of ${year}`)
    return partsStep(
      {
        label: 'lot',
        value: amount,
        currency: EUR,
        params: { quantity: units.toString(), acquired: formatIsoDate(lot.acquiredDay) },
        source: sourceOf(source, lot.acquiredBy, code),
      },
      [
        quantity,
        { ...firstPrice, op: 'times' },
        {
          op: 'times',
          kind: 'rate',
          label: 'germanTax.basiszins',
          params: { year },
          value: decimal(basiszins),
          source: { kind: 'basiszins', year },
        },
        {
          op: 'times',
          kind: 'rate',
          label: 'germanTax.basisertragShare',
          value: BASISERTRAG_SHARE,
        },
        partsStep(
          {
            op: 'atMost',
            label: until === 'today' ? 'germanTax.riseSoFar' : 'germanTax.yearRise',
            params: { year },
            value: result.cap,
            currency,
          },
          [
            {
              kind: 'price',
              label: until === 'today' ? 'germanTax.latestPrice' : 'germanTax.lastPrice',
              params: { year },
              value: last.value,
              currency,
              source: price(last.date),
            },
            { ...firstPrice, op: 'minus' },
            ...(distributed ? [{ ...perUnit, op: 'plus' as const }] : []),
            { ...quantity, op: 'times' },
          ],
        ),
        ...(distributed
          ? [
              partsStep(
                {
                  op: 'minus',
                  label: 'germanTax.distributions',
                  params: { year },
                  value: result.distributions,
                  currency,
                },
                [quantity, { ...perUnit, op: 'times' }],
              ),
            ]
          : []),
        { op: 'atLeast', label: 'germanTax.zero', value: ZERO, currency },
        ...(fundYear.boughtOn === null
          ? []
          : [
              {
                op: 'times' as const,
                kind: 'one' as const,
                label: 'germanTax.monthsKept',
                params: { date: fundYear.boughtOn },
                value: decimal(String(result.twelfths)),
              },
              {
                op: 'divide' as const,
                kind: 'one' as const,
                label: 'germanTax.monthsOfYear',
                value: decimal('12'),
              },
            ]),
        ...(rate === null
          ? []
          : [
              {
                op: 'times' as const,
                kind: 'fxRate' as const,
                label: 'fxRate',
                params: { currency },
                value: rate.value,
                source: {
                  kind: 'fxRate' as const,
                  currency,
                  date: rate.date,
                  origin: 'reference' as const,
                },
              },
            ]),
      ],
    )
  })
}

/**
 * A fund's Vorabpauschale for the current year at today's price, as the view expects it
 * (in-year.ts): its lots' as at the year's end, with the latest price for the last.
 */
export function explainExpected(
  source: TaxSource,
  code: string,
  name: GermanTaxExpectedFigure,
): Derivation {
  const holding = source.pass.holdings.get(code)
  const instrument = holding === undefined ? null : source.pass.instrumentOf(code)
  if (holding === undefined || instrument?.kind !== 'fund' || holding.basis.quantity.isZero()) {
    noSuchFigure(code)
  }
  const lots = lotVorabpauschalen(holding, source.year, source.pass.market, code, source.pass.asOf)
  if (lots.length === 0) noSuchFigure(code)
  const amount = lots.reduce((total, each) => total.plus(each.amount), ZERO)
  const received = lots[0]?.result.receivedOn ?? ''
  const notes = [{ label: 'germanTax.receivedOn', params: { date: received, year: source.year } }]
  const figure = (of: GermanTaxExpectedFigure) =>
    figureId({ scope: 'germanTaxExpected', id: code, name: of })
  if (name === 'amount') {
    return taxDerivation(
      figure('amount'),
      'germanTaxExpected.amount',
      amount,
      vorabpauschaleSteps(source, lots, code, 'today'),
      notes,
    )
  }
  return taxDerivation(
    figure('taxable'),
    'germanTaxExpected.taxable',
    afterTeilfreistellung(amount, instrument.fundType),
    [
      { label: 'germanTax.expected', value: amount, currency: EUR, figure: figure('amount') },
      taxablePartStep(instrument.fundType),
    ],
    notes,
  )
}
