import type { Decimal } from '../../../shared/decimal/decimal'
import { ZERO } from '../../../shared/decimal/decimal'
import type { FigureRef, HoldingFigure, TotalsFigure } from '../../../shared/portfolio/figure-ids'
import { CAPITAL_FIGURES, figureId } from '../../../shared/portfolio/figure-ids'
import { step } from './derivation'
import type { Step, StepInit, StepSource } from './derivation'
import type { Holding } from '../holdings'
import type { PriceMove } from '../price-moves'
import type { RealizedSale } from '../realized-gains'
import {
  bookingSteps,
  decimalSteps,
  derivation,
  floatSteps,
  fxSteps,
  holdingFigure,
  joined,
  noSuchFigure,
  positionOf,
  transactionSource,
} from './explain-source'
import type { Explained, Source } from './explain-source'
import { holdingValueStep } from './explain-holding'
import { saleStep } from './explain-sale'

/** Cash in one currency: every amount that moved it. */
export function explainCash(source: Source, currency: string): Explained {
  const balance = source.pass.ledger.cash.get(currency)
  if (balance === undefined) noSuchFigure(currency)
  const entries = source.journal.cash
  return derivation(
    { scope: 'cash', id: currency, name: 'balance' },
    balance.amount,
    decimalSteps(
      joined(
        'plus',
        entries.map((entry) => ({
          label: 'transaction',
          value: entry.amount,
          currency,
          source: transactionSource(entry.transaction, null),
        })),
        currency,
      ),
    ),
  )
}

/** Each currency's cash × its rate on the report date (− its cost at arrival, for the effect). */
export function cashSteps(source: Source, effect: boolean): Step[] {
  const base = source.base
  return joined(
    'plus',
    source.pass.valuation.cash.map((cash): StepInit => {
      const parts = joined(
        'times',
        [
          {
            label: 'cashIn',
            params: { currency: cash.currency },
            value: cash.balance,
            currency: cash.currency,
            figure: figureId({ scope: 'cash', id: cash.currency, name: 'balance' }),
          },
          ...fxSteps(source, cash.currency),
          ...(effect
            ? [
                {
                  op: 'minus' as const,
                  label: 'cashCostAtArrival',
                  value: cash.costBase,
                  currency: base,
                },
              ]
            : []),
        ],
        base,
      )
      return {
        label: effect ? 'cashEffectIn' : 'cashIn',
        params: { currency: cash.currency },
        value: effect ? cash.valueBase.minus(cash.costBase) : cash.valueBase,
        currency: base,
        parts: decimalSteps(parts),
      }
    }),
    base,
  )
}

export function capitalSteps(source: Source): Step[] {
  const parts = source.pass.ledger.capital.parts
  return joined(
    'plus',
    CAPITAL_FIGURES.filter((part) => !parts[part].isZero()).map((part) => ({
      label: `capital.${part}`,
      value: parts[part],
      currency: source.base,
      figure: figureId({ scope: 'capital', name: part }),
    })),
    source.base,
  )
}

export function explainTotals(source: Source, name: TotalsFigure): Explained {
  const { report, valuation, ledger } = source.pass
  const totals = report.totals
  const base = source.base
  const ref: FigureRef = { scope: 'totals', name }
  const total = (label: string, figure: TotalsFigure, op?: StepInit['op']): StepInit => ({
    op,
    label,
    value: totals[figure] as Decimal,
    currency: base,
    figure: figureId({ scope: 'totals', name: figure }),
  })
  const sum = (inits: StepInit[]) => decimalSteps(joined('plus', inits, base))
  const holdingsSum = (figure: HoldingFigure, pick: (holding: Holding) => Decimal) =>
    sum(
      report.holdings.map((holding) => ({
        label: 'holding',
        params: { instrument: holding.instrumentCode },
        value: pick(holding),
        currency: base,
        figure: figureId(holdingFigure(holding.instrumentCode, figure)),
      })),
    )
  const salesSum = (pick: (sale: RealizedSale) => Decimal) =>
    sum(report.sales.map((sale) => ({ ...saleStep(source, sale), value: pick(sale) })))
  switch (name) {
    case 'value':
      return totals.cashBalance === null
        ? derivation(ref, totals.value, sum([total('securitiesValue', 'securitiesValue')]))
        : derivation(
            ref,
            totals.value,
            sum([total('securitiesValue', 'securitiesValue'), total('cashBalance', 'cashBalance')]),
            [],
            'totals.valueWithCash',
          )
    case 'securitiesValue':
      return derivation(
        ref,
        totals.securitiesValue,
        sum(valuation.positions.map((value) => holdingValueStep(source, value))),
      )
    case 'cashBalance':
      if (totals.cashBalance === null) noSuchFigure('cash')
      return derivation(ref, totals.cashBalance, decimalSteps(cashSteps(source, false)))
    case 'investedCapital':
      return derivation(ref, totals.investedCapital, decimalSteps(capitalSteps(source)))
    case 'peakInvestedCapital':
      return derivation(
        ref,
        totals.peakInvestedCapital,
        decimalSteps([
          step({
            label: 'peakOn',
            value: totals.peakInvestedCapital,
            currency: base,
            params: ledger.capital.peakDate === null ? {} : { date: ledger.capital.peakDate },
          }),
        ]),
      )
    case 'totalGain':
      return derivation(
        ref,
        totals.totalGain,
        sum([total('value', 'value'), total('investedCapital', 'investedCapital', 'minus')]),
      )
    case 'totalReturn':
      return derivation(
        ref,
        totals.totalReturn,
        floatSteps(
          joined(
            'plus',
            [
              total('totalGain', 'totalGain'),
              total('peakInvestedCapital', 'peakInvestedCapital', 'divide'),
            ],
            base,
          ),
        ),
      )
    case 'unrealizedGain':
      return derivation(
        ref,
        totals.unrealizedGain,
        holdingsSum('unrealizedGain', (holding) => holding.unrealizedGain.base),
      )
    case 'unrealizedCurrencyEffect':
      return derivation(
        ref,
        totals.unrealizedCurrencyEffect,
        holdingsSum('unrealizedCurrencyEffect', (holding) => holding.unrealizedCurrencyEffect),
      )
    case 'unrealizedPriceEffect':
      return derivation(
        ref,
        totals.unrealizedPriceEffect,
        holdingsSum('unrealizedPriceEffect', (holding) => holding.unrealizedPriceEffect),
      )
    case 'realizedGain':
      return derivation(
        ref,
        totals.realizedGain,
        salesSum((sale) => sale.gain.base),
      )
    case 'realizedTax':
      return derivation(
        ref,
        totals.realizedTax,
        salesSum((sale) => sale.tax.base),
        [],
        'totals.realizedTax',
      )
    case 'realizedCurrencyEffect':
      return derivation(
        ref,
        totals.realizedCurrencyEffect,
        salesSum((sale) => sale.currencyEffect),
      )
    case 'realizedGainBeforeTax':
      return derivation(
        ref,
        totals.realizedGainBeforeTax,
        sum([total('realizedGain', 'realizedGain'), total('realizedTax', 'realizedTax', 'plus')]),
      )
    case 'realizedPriceEffect':
      return derivation(
        ref,
        totals.realizedPriceEffect,
        sum([
          total('realizedGain', 'realizedGain'),
          total('currencyEffect', 'realizedCurrencyEffect', 'minus'),
        ]),
      )
    case 'dividends':
    case 'interest':
    case 'fees':
    case 'taxes':
    case 'otherCosts':
      return derivation(ref, totals[name], decimalSteps(bookingSteps(source, name)))
    case 'cashCurrencyEffect':
      return derivation(ref, totals.cashCurrencyEffect, decimalSteps(cashSteps(source, true)))
  }
}

/** One instrument's last move: units × latest close × rate − the same units at the close before. */
export function moveStep(source: Source, move: PriceMove): StepInit {
  const position = positionOf(source, move.instrumentCode)
  const currency = position.currency
  const foreign = currency !== source.base
  const priceSource = (date: string): StepSource => ({
    kind: 'price',
    instrumentCode: move.instrumentCode,
    date,
    origin: 'close',
  })
  const valueAt = (quantity: Decimal, price: Decimal, rate: Decimal, date: string): StepInit[] => [
    { kind: 'quantity', label: 'quantity', value: quantity },
    {
      op: 'times',
      kind: 'price',
      label: 'closingPrice',
      value: price,
      currency,
      source: priceSource(date),
    },
    ...(foreign
      ? [
          {
            op: 'times' as const,
            kind: 'fxRate' as const,
            label: 'fxRate',
            value: rate,
            params: { currency },
          },
        ]
      : []),
  ]
  const previous = decimalSteps(
    joined(
      'times',
      valueAt(move.quantity, move.previousPrice, move.previousFxRate, move.previousDate),
      source.base,
    ),
  )
  const parts = decimalSteps(
    joined(
      'times',
      [
        ...valueAt(move.latestQuantity, move.latestPrice, move.latestFxRate, move.date),
        {
          op: 'minus',
          label: 'valueAtPreviousClose',
          params: { date: move.previousDate },
          value: move.previousValue,
          currency: source.base,
          parts: previous,
        },
      ],
      source.base,
    ),
  )
  return {
    label: 'move',
    params: { instrument: move.instrumentCode, date: move.date, previousDate: move.previousDate },
    value: move.change,
    currency: source.base,
    parts,
  }
}

export function explainDayChange(source: Source, name: 'change' | 'return'): Explained {
  const moves = source.pass.report.moves.filter((move) => source.counted(move))
  const change = joined(
    'plus',
    moves.map((move) => moveStep(source, move)),
    source.base,
  )
  const changeValue = moves.reduce((total, move) => total.plus(move.change), ZERO)
  const left = source.pass.report.moves.length - moves.length
  const notes = left > 0 ? [{ label: 'staleLeftOut', params: { count: left } }] : []
  if (name === 'change') {
    return derivation({ scope: 'dayChange', name }, changeValue, decimalSteps(change), notes)
  }
  const previous = moves.reduce((total, move) => total.plus(move.previousValue), ZERO)
  return derivation(
    { scope: 'dayChange', name },
    previous.sign() > 0 ? changeValue.toNumber() / previous.toNumber() : null,
    floatSteps(
      joined(
        'plus',
        [
          {
            label: 'dayChange',
            value: changeValue,
            currency: source.base,
            figure: figureId({ scope: 'dayChange', name: 'change' }),
          },
          {
            op: 'divide',
            label: 'previousValues',
            value: previous,
            currency: source.base,
            parts: decimalSteps(
              joined(
                'plus',
                moves.map((move) => ({
                  label: 'valueAtPreviousClose',
                  params: { instrument: move.instrumentCode, date: move.previousDate },
                  value: move.previousValue,
                  currency: source.base,
                })),
                source.base,
              ),
            ),
          },
        ],
        source.base,
      ),
    ),
    notes,
  )
}
