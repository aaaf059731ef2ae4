import { describe, expect, it } from 'vitest'
import de from '../../../locales/de.json'
import en from '../../../locales/en.json'
import tr from '../../../locales/tr.json'
import type { Decimal } from '../../../shared/decimal/decimal'
import {
  CAPITAL_FIGURES,
  HOLDING_FIGURES,
  SALE_FIGURES,
  TOTALS_FIGURES,
  figureId,
} from '../../../shared/portfolio/figure-ids'
import type {
  HoldingFigure,
  ReportFigureRef,
  SaleFigure,
} from '../../../shared/portfolio/figure-ids'
import { partsThatDisagree, recompute, sameValue } from './derivation'
import type { Derivation, Step } from './derivation'
import { MAX_STEP_DEPTH } from '../../../shared/api/schemas/explanation'
import { explainReportFigure } from './explain-report'
import { explainReturn } from './explain-returns'
import type { Holding, PositionIncome } from '../holdings'
import { moneyWeightedReturn } from '../money-weighted-return'
import type { PortfolioInput } from '../portfolio-input'
import { dayChange } from '../price-moves'
import type { RealizedSale } from '../realized-gains'
import { TRY_AVERAGE, TRY_FIFO, analyze, rows, series, unwrap } from '../test-fixtures'
import { valueChange } from '../series-window'
import { timeWeightedReturn } from '../time-weighted-return'
import { formatIsoDate, parseIsoDate } from '../iso-date'
import { computeValueSeries } from '../value-series'
import type { ValuePoint, ValueSeries } from '../value-series'

type Value = Decimal | number | null

/** The figure as the report gives it: what the screens show. */
function holdingValue(holding: Holding, name: HoldingFigure): Value {
  switch (name) {
    case 'quantity':
    case 'averageCost':
    case 'unrealizedCurrencyEffect':
    case 'unrealizedPriceEffect':
    case 'shareOfValue':
      return holding[name]
    case 'unrealizedReturn':
      return holding.unrealizedReturn.base
    case 'realizedCurrencyEffect':
      return holding.realizedCurrencyEffect
    default:
      return holding[name].base
  }
}

function incomeValue(position: PositionIncome, name: HoldingFigure): Value {
  if (name === 'realizedCurrencyEffect') return position.realizedCurrencyEffect
  if (
    name === 'realizedGain' ||
    name === 'dividends' ||
    name === 'interest' ||
    name === 'fees' ||
    name === 'taxes'
  ) {
    return position[name].base
  }
  throw new Error(`${name} is not a closed position's figure`)
}

function saleValue(sale: RealizedSale, name: SaleFigure): Value {
  return name === 'currencyEffect' ? sale.currencyEffect : sale[name].base
}

/** Every figure of the report on `asOf` with the value the report gives it. */
function reportFigures(input: PortfolioInput, asOf: string): [ReportFigureRef, Value][] {
  const report = analyze(input, asOf)
  const figures: [ReportFigureRef, Value][] = []
  for (const name of TOTALS_FIGURES) {
    const value = report.totals[name]
    if (value !== null) figures.push([{ scope: 'totals', name }, value as Value])
  }
  for (const name of CAPITAL_FIGURES) {
    figures.push([{ scope: 'capital', name }, report.totals.investedCapitalParts[name]])
  }
  for (const holding of report.holdings) {
    for (const name of HOLDING_FIGURES) {
      figures.push([
        { scope: 'holding', id: holding.instrumentCode, name },
        holdingValue(holding, name),
      ])
    }
  }
  for (const closed of report.closedPositions) {
    for (const name of [
      'realizedGain',
      'realizedCurrencyEffect',
      'dividends',
      'interest',
      'fees',
      'taxes',
    ] as const) {
      figures.push([
        { scope: 'holding', id: closed.instrumentCode, name },
        incomeValue(closed, name),
      ])
    }
  }
  for (const sale of report.sales) {
    for (const name of SALE_FIGURES) {
      figures.push([{ scope: 'sale', id: sale.transactionId, name }, saleValue(sale, name)])
    }
  }
  const change = dayChange(report.moves)
  figures.push([{ scope: 'dayChange', name: 'change' }, change.change])
  figures.push([{ scope: 'dayChange', name: 'return' }, change.return])
  return figures
}

/** The derivation gives the figure, recomputes to it, and so does every step shown in parts. */
function expectExplains(derivation: Derivation, value: Value): void {
  expect(
    sameValue(derivation.value, value),
    `${derivation.figure}: ${String(derivation.value)} ≠ ${String(value)}`,
  ).toBe(true)
  if (value !== null) {
    const again = recompute(derivation)
    expect(
      sameValue(again, value),
      `${derivation.figure} recomputes to ${String(again)}, not ${String(value)}`,
    ).toBe(true)
  }
  expect(partsThatDisagree(derivation), derivation.figure).toEqual([])
  expect(depthOf(derivation.steps), derivation.figure).toBeLessThanOrEqual(MAX_STEP_DEPTH)
}

/** How deep steps nest in parts: the API's schema is written out to a fixed depth. */
function depthOf(steps: readonly Step[]): number {
  return Math.max(0, ...steps.map((each) => (each.parts ? 1 + depthOf(each.parts.steps) : 0)))
}

function expectEveryFigureExplained(input: PortfolioInput, asOf: string): number {
  const figures = reportFigures(input, asOf)
  for (const [figure, value] of figures) {
    const derivation = unwrap(explainReportFigure(input, { asOf, figure }))
    expect(derivation.figure).toBe(figureId(figure))
    expectExplains(derivation, value)
  }
  return figures.length
}

/** A TRY portfolio with cash, a USD share, and every kind of transaction. */
function mixedPortfolio(settings: typeof TRY_AVERAGE): PortfolioInput {
  return {
    portfolio: { ...settings, recordsCash: true },
    transactions: rows(
      { id: 'd1', type: 'DEPOSIT', tradeDate: '2024-01-02', amount: '100000', fee: '10' },
      {
        id: 'e1',
        type: 'EXCHANGE',
        tradeDate: '2024-01-03',
        amount: '30000',
        toCurrency: 'USD',
        toAmount: '1000',
        fee: '15',
      },
      {
        id: 'b1',
        type: 'BUY',
        tradeDate: '2024-01-04',
        instrumentCode: 'THYAO',
        quantity: '100',
        unitPrice: '250.5',
        fee: '12.3',
        tax: '1.7',
      },
      {
        id: 'b2',
        type: 'BUY',
        tradeDate: '2024-02-01',
        instrumentCode: 'AAPL',
        currency: 'USD',
        fxRate: '30.5',
        quantity: '3',
        unitPrice: '185.25',
        fee: '1',
      },
      {
        id: 'b3',
        type: 'BUY',
        tradeDate: '2024-03-01',
        instrumentCode: 'THYAO',
        quantity: '50',
        unitPrice: '290',
        fee: '6',
      },
      {
        id: 'v1',
        type: 'DIVIDEND',
        tradeDate: '2024-05-15',
        instrumentCode: 'AAPL',
        currency: 'USD',
        fxRate: '32.1',
        amount: '0.72',
        tax: '0.11',
      },
      {
        id: 's1',
        type: 'SELL',
        tradeDate: '2024-06-03',
        instrumentCode: 'THYAO',
        quantity: '120',
        unitPrice: '310.25',
        fee: '9',
        tax: '2',
      },
      {
        id: 'x1',
        type: 'SPLIT',
        tradeDate: '2024-06-10',
        instrumentCode: 'AAPL',
        splitRatio: '4:1',
        amount: '10.5',
      },
      { id: 'f1', type: 'FEE', tradeDate: '2024-07-01', amount: '25' },
      { id: 'r1', type: 'FEE_REFUND', tradeDate: '2024-07-15', amount: '5' },
      { id: 'i1', type: 'INTEREST', tradeDate: '2024-08-01', amount: '120', tax: '18' },
      {
        id: 't1',
        type: 'TRANSFER_IN',
        tradeDate: '2024-09-02',
        instrumentCode: 'GARAN',
        quantity: '40',
        unitPrice: '80',
        acquiredDate: '2023-05-05',
        acquisitionFxRate: '1',
        fee: '4',
        tax: '1',
      },
      {
        id: 'o1',
        type: 'TRANSFER_OUT',
        tradeDate: '2024-10-01',
        instrumentCode: 'GARAN',
        quantity: '10',
      },
      {
        id: 'g1',
        type: 'BONUS_ISSUE',
        tradeDate: '2024-10-15',
        instrumentCode: 'THYAO',
        quantity: '30',
      },
      {
        id: 's2',
        type: 'SELL',
        tradeDate: '2024-11-04',
        instrumentCode: 'AAPL',
        currency: 'USD',
        fxRate: '34.4',
        quantity: '5',
        unitPrice: '56.1',
        fee: '1',
      },
      { id: 'w1', type: 'WITHDRAWAL', tradeDate: '2024-12-02', amount: '2000' },
    ),
    prices: {
      THYAO: series(['2024-11-28', '300.1'], ['2024-11-29', '302.45']),
      AAPL: series(['2024-11-28', '59.2'], ['2024-11-29', '58.75']),
    },
    fxRates: {
      'USD/TRY': series(['2024-01-02', '30.01'], ['2024-11-28', '34.55'], ['2024-11-29', '34.61']),
    },
  }
}

describe('every figure of a report explains itself', () => {
  for (const settings of [TRY_AVERAGE, TRY_FIFO]) {
    it(`recomputes each figure exactly (${settings.costBasisMethod}, with cash, in two currencies)`, () => {
      expect(expectEveryFigureExplained(mixedPortfolio(settings), '2024-12-31')).toBeGreaterThan(80)
    })
  }

  it('recomputes each figure of a portfolio without cash, at cost and at its last trade', () => {
    const input: PortfolioInput = {
      portfolio: TRY_FIFO,
      transactions: rows(
        {
          id: 'b1',
          type: 'BUY',
          tradeDate: '2024-01-04',
          instrumentCode: 'THYAO',
          quantity: '7',
          unitPrice: '101.37',
          fee: '0.55',
        },
        {
          id: 't1',
          type: 'TRANSFER_IN',
          tradeDate: '2024-02-02',
          instrumentCode: 'GARAN',
          quantity: '40',
          unitPrice: '80',
          acquiredDate: '2023-05-05',
          acquisitionFxRate: '1',
        },
        {
          id: 'v1',
          type: 'DIVIDEND',
          tradeDate: '2024-05-15',
          instrumentCode: 'THYAO',
          amount: '9.1',
          tax: '0.91',
        },
      ),
    }
    expectEveryFigureExplained(input, '2024-06-30')
  })
})

describe('explanations of the day change', () => {
  it('leaves out the moves the caller does not count, and says how many', () => {
    const input = mixedPortfolio(TRY_FIFO)
    const counted = unwrap(
      explainReportFigure(input, {
        asOf: '2024-12-31',
        figure: { scope: 'dayChange', name: 'change' },
        counted: (move) => move.instrumentCode === 'THYAO',
      }),
    )
    const report = analyze(input, '2024-12-31')
    const expected = dayChange(report.moves.filter((move) => move.instrumentCode === 'THYAO'))
    expectExplains(counted, expected.change)
    expect(counted.notes).toEqual([{ label: 'staleLeftOut', params: { count: 1 } }])
  })
})

describe('explanations of a figure not in the report', () => {
  it('refuses a holding, a sale or a cash currency that is not there', () => {
    const input = mixedPortfolio(TRY_FIFO)
    for (const figure of [
      { scope: 'holding', id: 'NOPE', name: 'marketValue' },
      { scope: 'sale', id: 'b1', name: 'gain' },
      { scope: 'income', id: 'b1', name: 'net' },
      { scope: 'cash', id: 'EUR', name: 'balance' },
    ] as const) {
      const result = explainReportFigure(input, { asOf: '2024-12-31', figure })
      expect(result.ok ? null : result.error.code).toBe('unknown_figure')
    }
  })
})

describe('explanations of returns', () => {
  const input = mixedPortfolio(TRY_AVERAGE)
  const valueSeries = unwrap(computeValueSeries(input, { from: '2024-01-02', to: '2024-12-31' }))
  const twr = unwrap(timeWeightedReturn(valueSeries))
  const mwr = unwrap(moneyWeightedReturn(valueSeries))

  it('chains the sub-periods of the time-weighted return to the figure exactly', () => {
    const explained = unwrap(explainReturn(valueSeries, 'twr'))
    expectExplains(explained, twr.cumulative)
    // Cut where money or shares cross the portfolio's edge: the deposit and the transfer in
    // start one, the transfer out and the withdrawal end one.
    expect(
      explained.steps.filter((each) => each.label === 'subPeriod').map((each) => each.params),
    ).toEqual([
      { from: '2024-01-02', to: '2024-09-01' },
      { from: '2024-09-02', to: '2024-10-01' },
      { from: '2024-10-02', to: '2024-12-02' },
      { from: '2024-12-03', to: '2024-12-31' },
    ])
  })

  it('gives the dated cash flows the money-weighted return balances', () => {
    const explained = unwrap(explainReturn(valueSeries, 'mwr'))
    expectExplains(explained, mwr.rate)
    expect(explained.steps[0]?.params.date).toBe('2024-01-01')
  })

  it('says when several rates balance the flows, and which is shown', () => {
    // The flows of docs/portfolio-math.md: −55.57 %, +10.33 % and about +180,600 % balance them.
    const flows: [string, number][] = [
      ['2021-12-17', -1845.11],
      ['2022-04-14', 20843.94],
      ['2023-05-12', -145.67],
      ['2023-11-19', -23174.81],
    ]
    const from = parseIsoDate('2021-12-17') ?? 0
    const to = parseIsoDate('2026-11-22') ?? 0
    const points: ValuePoint[] = []
    for (let day = from; day <= to; day++) {
      const date = formatIsoDate(day)
      const net = flows.find(([flowDate]) => flowDate === date)?.[1] ?? 0
      points.push({
        date,
        value: day === to ? 1561.85 : 0,
        investedCapital: 0,
        cumulativeGain: 0,
        inflow: net < 0 ? -net : 0,
        outflow: net > 0 ? net : 0,
      })
    }
    const manyRoots: ValueSeries = {
      baseCurrency: 'TRY',
      from: '2021-12-17',
      to: '2026-11-22',
      opening: { value: 0, investedCapital: 0 },
      points,
    }
    const explained = unwrap(explainReturn(manyRoots, 'mwr'))
    const rates = explained.notes.filter((note) => note.label.startsWith('balancingRate'))
    expect(rates.length).toBe(3)
    expect(rates.filter((note) => note.label === 'balancingRateChosen')).toEqual([
      { label: 'balancingRateChosen', params: { rate: explained.value } },
    ])
    expect(Number(explained.value)).toBeCloseTo(0.1033, 4)
  })

  it('takes the value before the range from the value at its end for the value change', () => {
    const explained = unwrap(explainReturn(valueSeries, 'valueChange'))
    expectExplains(explained, unwrap(valueChange(valueSeries)))
    // Money put in (the deposit) less taken out (the withdrawal and the transfer out).
    expect(explained.notes.find((note) => note.label === 'netFlow')?.params.amount).toBeGreaterThan(
      0,
    )
  })

  it('raises the growth to the power of a year over the days for the yearly rate', () => {
    const long = unwrap(computeValueSeries(input, { from: '2024-01-02', to: '2025-06-30' }))
    const explained = unwrap(explainReturn(long, 'twrAnnualized'))
    expectExplains(explained, unwrap(timeWeightedReturn(long)).annualized)
    const short = unwrap(explainReturn(valueSeries, 'twrAnnualized'))
    expect(short.value).toBeNull()
    expect(short.notes.map((note) => note.label)).toContain('notAnnualized')
  })
})

describe('the words of every explanation', () => {
  const locales = { en, tr, de } as const
  /** The message at a dotted path, or undefined. */
  const message = (messages: unknown, path: string): unknown =>
    path
      .split('.')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], messages)

  it('exist in tr, en and de for each formula, step and note the engine writes', () => {
    const derivations: Derivation[] = []
    for (const settings of [TRY_AVERAGE, TRY_FIFO]) {
      const input = mixedPortfolio(settings)
      for (const [figure] of reportFigures(input, '2024-12-31')) {
        derivations.push(unwrap(explainReportFigure(input, { asOf: '2024-12-31', figure })))
      }
      const valueSeries = unwrap(
        computeValueSeries(input, { from: '2024-01-02', to: '2025-06-30' }),
      )
      for (const name of ['valueChange', 'twr', 'twrAnnualized', 'mwr'] as const) {
        derivations.push(unwrap(explainReturn(valueSeries, name)))
      }
    }
    const keys = new Set<string>()
    const addSteps = (steps: readonly Step[]) => {
      for (const each of steps) {
        keys.add(`explain.step.${each.label}`)
        if (each.parts) addSteps(each.parts.steps)
      }
    }
    for (const derivation of derivations) {
      keys.add(`explain.formula.${derivation.formula}`)
      for (const note of derivation.notes) keys.add(`explain.note.${note.label}`)
      addSteps(derivation.steps)
    }
    for (const [locale, messages] of Object.entries(locales)) {
      const missing = [...keys].filter((key) => message(messages, key) === undefined)
      expect(missing, locale).toEqual([])
    }
  })
})
