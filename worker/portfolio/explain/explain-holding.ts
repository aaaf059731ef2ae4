import type { Decimal } from '../../../shared/decimal/decimal'
import type { HoldingFigure } from '../../../shared/portfolio/figure-ids'
import { figureId } from '../../../shared/portfolio/figure-ids'
import type { Step, StepInit } from './derivation'
import { formatIsoDate } from '../iso-date'
import type { PositionValue } from '../valuation'
import {
  acquisitionSource,
  bookingSteps,
  currencyEffectSteps,
  decimalSteps,
  derivation,
  floatSteps,
  fxSteps,
  holdingFigure,
  holdingOf,
  joined,
  positionOf,
  transactionSource,
} from './explain-source'
import type { Explained, Source } from './explain-source'
import { saleStep } from './explain-sale'

/** Units × price (or the cost, without a price) × the FX rate: a holding's market value. */
export function marketValueSteps(source: Source, value: PositionValue): Step[] {
  const { position, price } = value
  const code = position.instrumentCode
  const local: StepInit[] =
    price === null
      ? [{ label: 'valuedAtCost', value: position.basis.cost, currency: position.currency }]
      : [
          {
            kind: 'quantity',
            label: 'quantity',
            value: position.basis.quantity,
            figure: figureId(holdingFigure(code, 'quantity')),
          },
          {
            op: 'times',
            kind: 'price',
            label: value.source === 'close' ? 'closingPrice' : 'tradePrice',
            value: price.value,
            currency: position.currency,
            source: {
              kind: 'price',
              instrumentCode: code,
              date: price.date,
              origin: value.source === 'close' ? 'close' : 'trade',
            },
          },
        ]
  return joined('times', [...local, ...fxSteps(source, position.currency)], source.base)
}

export function holdingValueStep(source: Source, value: PositionValue): StepInit {
  const code = value.position.instrumentCode
  return {
    label: 'holding',
    params: { instrument: code },
    value: value.marketValueBase,
    currency: source.base,
    figure: figureId(holdingFigure(code, 'marketValue')),
    parts: decimalSteps(marketValueSteps(source, value)),
  }
}

/** A holding's cost basis: its open lots (FIFO) or the pool's history (weighted average). */
export function costBasisSteps(source: Source, code: string): Step[] {
  const position = positionOf(source, code)
  if (source.pass.report.costBasisMethod === 'FIFO') {
    return joined(
      'plus',
      position.basis.lots.map((lot) => ({
        label: 'lot',
        value: lot.costBase,
        currency: source.base,
        params: {
          quantity: lot.quantity.toString(),
          acquired: formatIsoDate(Math.round(lot.acquiredDay)),
        },
        source: lot.acquiredBy === null ? null : acquisitionSource(source, lot.acquiredBy, code),
      })),
      source.base,
    )
  }
  return joined(
    'plus',
    source.journal.basis.map((entry) => ({
      label: 'basisChange',
      value: entry.costBase,
      currency: source.base,
      params: { quantity: entry.quantity.toString() },
      source: transactionSource(entry.transaction, code),
    })),
    source.base,
  )
}

export function quantitySteps(source: Source, code: string): Step[] {
  return joined(
    'plus',
    source.journal.basis
      .filter((entry) => !entry.quantity.isZero())
      .map((entry) => ({
        kind: 'quantity' as const,
        label: 'quantityChange',
        value: entry.quantity,
        source: transactionSource(entry.transaction, code),
      })),
    source.base,
  )
}

export function explainHolding(source: Source, code: string, name: HoldingFigure): Explained {
  const ref = holdingFigure(code, name)
  const base = source.base
  const money = (label: string, value: Decimal, figure: HoldingFigure): StepInit => ({
    label,
    value,
    currency: base,
    figure: figureId(holdingFigure(code, figure)),
  })
  const position = positionOf(source, code)
  switch (name) {
    case 'quantity':
      return derivation(ref, position.basis.quantity, decimalSteps(quantitySteps(source, code)))
    case 'realizedCurrencyEffect': {
      const sales = source.pass.report.sales.filter((sale) => sale.instrumentCode === code)
      return derivation(
        ref,
        position.realizedCurrencyEffect,
        decimalSteps(
          joined(
            'plus',
            sales.map((sale) => ({
              ...saleStep(source, sale),
              value: sale.currencyEffect,
              figure: figureId({ scope: 'sale', id: sale.transactionId, name: 'currencyEffect' }),
            })),
            base,
          ),
        ),
      )
    }
    case 'realizedGain': {
      const sales = source.pass.report.sales.filter((sale) => sale.instrumentCode === code)
      return derivation(
        ref,
        position.realizedGain.base,
        decimalSteps(
          joined(
            'plus',
            sales.map((sale) => saleStep(source, sale)),
            base,
          ),
        ),
      )
    }
    case 'dividends':
    case 'interest':
    case 'fees':
    case 'taxes':
      return derivation(ref, position[name].base, decimalSteps(bookingSteps(source, name, code)))
    default:
      break
  }
  const [holding, value] = holdingOf(source, code)
  const method = source.pass.report.costBasisMethod
  switch (name) {
    case 'costBasis':
      return derivation(
        ref,
        holding.costBasis.base,
        decimalSteps(costBasisSteps(source, code)),
        [],
        `holding.costBasis.${method}`,
      )
    case 'averageCost':
      return derivation(
        ref,
        holding.averageCost,
        decimalSteps(
          joined(
            'plus',
            [
              { label: 'costInCurrency', value: position.basis.cost, currency: position.currency },
              {
                op: 'divide',
                kind: 'quantity',
                label: 'quantity',
                value: position.basis.quantity,
                figure: figureId(holdingFigure(code, 'quantity')),
              },
            ],
            base,
          ),
        ),
      )
    case 'marketValue':
      return derivation(
        ref,
        holding.marketValue.base,
        decimalSteps(marketValueSteps(source, value)),
        value.source === 'close' ? [] : [{ label: `valuedAt.${value.source}`, params: {} }],
      )
    case 'unrealizedGain':
      return derivation(
        ref,
        holding.unrealizedGain.base,
        decimalSteps(
          joined(
            'plus',
            [
              money('marketValue', holding.marketValue.base, 'marketValue'),
              { ...money('costBasis', holding.costBasis.base, 'costBasis'), op: 'minus' },
            ],
            base,
          ),
        ),
      )
    case 'unrealizedReturn':
      return derivation(
        ref,
        holding.unrealizedReturn.base,
        floatSteps(
          joined(
            'plus',
            [
              money('unrealizedGain', holding.unrealizedGain.base, 'unrealizedGain'),
              { ...money('costBasis', holding.costBasis.base, 'costBasis'), op: 'divide' },
            ],
            base,
          ),
        ),
      )
    case 'unrealizedCurrencyEffect':
      return derivation(
        ref,
        holding.unrealizedCurrencyEffect,
        decimalSteps(
          currencyEffectSteps(
            source,
            position.basis.cost,
            position.basis.costBase,
            position.currency,
            fxSteps(source, position.currency),
          ),
        ),
      )
    case 'unrealizedPriceEffect':
      return derivation(
        ref,
        holding.unrealizedPriceEffect,
        decimalSteps(
          joined(
            'plus',
            [
              money('unrealizedGain', holding.unrealizedGain.base, 'unrealizedGain'),
              {
                ...money(
                  'currencyEffect',
                  holding.unrealizedCurrencyEffect,
                  'unrealizedCurrencyEffect',
                ),
                op: 'minus',
              },
            ],
            base,
          ),
        ),
      )
    case 'shareOfValue':
      return derivation(
        ref,
        holding.shareOfValue,
        floatSteps(
          joined(
            'plus',
            [
              money('marketValue', holding.marketValue.base, 'marketValue'),
              {
                op: 'divide',
                label: 'portfolioValue',
                value: source.pass.valuation.value,
                currency: base,
                figure: figureId({ scope: 'totals', name: 'value' }),
              },
            ],
            base,
          ),
        ),
      )
  }
}
