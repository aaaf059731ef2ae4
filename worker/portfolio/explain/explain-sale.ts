import type { Decimal } from '../../../shared/decimal/decimal'
import type { FigureRef, SaleFigure } from '../../../shared/portfolio/figure-ids'
import { figureId } from '../../../shared/portfolio/figure-ids'
import { step } from './derivation'
import type { Step, StepInit } from './derivation'
import type { LotRecord, RealizedSale } from '../realized-gains'
import {
  acquisitionSource,
  currencyEffectSteps,
  decimalSteps,
  derivation,
  joined,
  noSuchFigure,
  positionOf,
  transactionSource,
} from './explain-source'
import type { Explained, Source } from './explain-source'

export function findSale(source: Source, transactionId: string): RealizedSale {
  const sale = source.pass.report.sales.find((s) => s.transactionId === transactionId)
  if (sale === undefined) noSuchFigure(transactionId)
  return sale
}

export function saleFigure(sale: RealizedSale, name: SaleFigure): string {
  return figureId({ scope: 'sale', id: sale.transactionId, name })
}

/** A sale's realized gain, as a step of a sum. */
export function saleStep(source: Source, sale: RealizedSale): StepInit {
  return {
    label: 'sale',
    value: sale.gain.base,
    currency: source.base,
    params: { instrument: sale.instrumentCode, quantity: sale.quantity.toString() },
    source: acquisitionSource(source, sale.transactionId, sale.instrumentCode),
    figure: saleFigure(sale, 'gain'),
  }
}

export function lotStep(source: Source, lot: LotRecord, code: string): StepInit {
  return {
    label: lot.acquiredBy === null ? 'averagePool' : 'lot',
    value: lot.cost.base,
    currency: source.base,
    params: { quantity: lot.quantity.toString(), acquired: lot.acquiredDate },
    source: lot.acquiredBy === null ? null : acquisitionSource(source, lot.acquiredBy, code),
  }
}

export function proceedsSteps(source: Source, sale: RealizedSale): Step[] {
  const transaction = source.pass.applied.get(sale.transactionId)
  const code = sale.instrumentCode
  if (transaction?.type !== 'SELL') {
    return [
      step({
        label: 'cashInLieu',
        value: sale.proceeds.base,
        currency: source.base,
        source: acquisitionSource(source, sale.transactionId, code),
      }),
    ]
  }
  const currency = transaction.currency
  return joined(
    'plus',
    [
      { kind: 'quantity', label: 'quantity', value: transaction.quantity },
      { op: 'times', kind: 'price', label: 'salePrice', value: transaction.unitPrice, currency },
      { op: 'minus', label: 'fee', value: transaction.fee, currency },
      { op: 'minus', label: 'tax', value: transaction.tax, currency },
      ...(sale.fxRate === null
        ? []
        : [
            {
              op: 'times' as const,
              kind: 'fxRate' as const,
              label: 'saleFxRate',
              value: sale.fxRate,
              params: { currency },
              source: acquisitionSource(source, sale.transactionId, code),
            },
          ]),
    ],
    source.base,
  )
}

export function explainSale(source: Source, transactionId: string, name: SaleFigure): Explained {
  const sale = findSale(source, transactionId)
  const ref: FigureRef = { scope: 'sale', id: transactionId, name }
  const base = source.base
  const code = sale.instrumentCode
  const money = (label: string, value: Decimal, figure: SaleFigure): StepInit => ({
    label,
    value,
    currency: base,
    figure: saleFigure(sale, figure),
  })
  const taxStep: StepInit = {
    label: 'taxWithheld',
    value: sale.tax.base,
    currency: base,
    source: acquisitionSource(source, transactionId, code),
  }
  switch (name) {
    case 'proceeds':
      return derivation(ref, sale.proceeds.base, decimalSteps(proceedsSteps(source, sale)))
    case 'cost':
      return derivation(
        ref,
        sale.cost.base,
        decimalSteps(
          joined(
            'plus',
            sale.lots.map((lot) => lotStep(source, lot, code)),
            base,
          ),
        ),
        [],
        `sale.cost.${source.pass.report.costBasisMethod}`,
      )
    case 'gain':
      return derivation(
        ref,
        sale.gain.base,
        decimalSteps(
          joined(
            'plus',
            [
              money('proceeds', sale.proceeds.base, 'proceeds'),
              { ...money('costOfUnitsSold', sale.cost.base, 'cost'), op: 'minus' },
            ],
            base,
          ),
        ),
      )
    case 'tax':
      return derivation(ref, sale.tax.base, decimalSteps([step(taxStep)]))
    case 'gainBeforeTax':
      return derivation(
        ref,
        sale.gainBeforeTax.base,
        decimalSteps(
          joined(
            'plus',
            [money('realizedGain', sale.gain.base, 'gain'), { ...taxStep, op: 'plus' }],
            base,
          ),
        ),
      )
    case 'currencyEffect': {
      const position = positionOf(source, code)
      const rate: StepInit[] =
        sale.fxRate === null
          ? []
          : [
              {
                op: 'times',
                kind: 'fxRate',
                label: 'saleFxRate',
                value: sale.fxRate,
                params: { currency: position.currency },
                source: acquisitionSource(source, transactionId, code),
              },
            ]
      return derivation(
        ref,
        sale.currencyEffect,
        decimalSteps(
          currencyEffectSteps(
            source,
            sale.cost.instrument,
            sale.cost.base,
            position.currency,
            rate,
          ),
        ),
      )
    }
  }
}

/** A DIVIDEND's or INTEREST's net amount: gross − tax withheld − charges, × its FX rate. */
export function explainIncome(source: Source, transactionId: string): Explained {
  const transaction = source.pass.applied.get(transactionId)
  if (transaction?.type !== 'DIVIDEND' && transaction?.type !== 'INTEREST') {
    noSuchFigure(transactionId)
  }
  const { currency, amount, fee, tax, fxRate } = transaction
  const field = transaction.type === 'DIVIDEND' ? 'dividends' : 'interest'
  const entry = (source.journal.bookings.get(field) ?? []).find(
    (candidate) => candidate.transaction.id === transactionId,
  )
  if (entry === undefined) noSuchFigure(transactionId)
  const origin = transactionSource(entry.transaction, transaction.instrumentCode)
  const steps = joined(
    'plus',
    [
      { label: 'gross', value: amount, currency, source: origin },
      { op: 'minus', label: 'taxWithheld', value: tax, currency },
      { op: 'minus', label: 'fee', value: fee, currency },
      ...(currency === source.base
        ? []
        : [
            {
              op: 'times' as const,
              kind: 'fxRate' as const,
              label: 'paymentFxRate',
              value: fxRate,
              params: { currency },
              source: origin,
            },
          ]),
    ],
    source.base,
  )
  return derivation(
    { scope: 'income', id: transactionId, name: 'net' },
    entry.base,
    decimalSteps(steps),
  )
}
