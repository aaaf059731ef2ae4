import { ZERO, parseDecimal, sum } from '../../../shared/decimal/decimal'
import type { Decimal } from '../../../shared/decimal/decimal'
import type { Lot } from '../../portfolio/cost-basis'
import { FifoCostBasis } from '../../portfolio/cost-basis-fifo'
import { fail, toResult } from '../../portfolio/errors'
import type { Result } from '../../portfolio/errors'
import { formatIsoDate, yearOf } from '../../portfolio/iso-date'
import type { EntryTransaction } from '../../portfolio/journal'
import type { Observation } from '../../portfolio/ledger'
import { dayOption, prepareInput } from '../../portfolio/portfolio-input'
import type { PortfolioInput } from '../../portfolio/portfolio-input'
import { MarketData } from '../../portfolio/price-series'
import { readTransaction } from '../../portfolio/transactions'
import type { AmountTransaction, TradeTransaction, Transaction } from '../../portfolio/transactions'
import { assessTurkishYear } from './assess-year'
import type { TurkishYearAssessment } from './assess-year'
import type {
  FundLot,
  ForeignLot,
  NotCoveredReason,
  SaleLot,
  TurkishTaxInstrument,
  TurkishTaxItem,
} from './tax-items'
import {
  BIST_SHARE_RATE,
  dividendRate,
  fundRate,
  gainAfterIndexation,
  indexMonthOf,
  indexedCost,
  roundTax,
} from './tax-rules'

/** Every figure of the tax is in lira (rule 7), whatever the portfolio's base currency. */
const LIRA = 'TRY'

export interface TurkishTaxOptions {
  /** The last day the pass reads, `YYYY-MM-DD`. */
  asOf: string
  /**
   * Yİ-ÜFE (2003 = 100) by month, `{ '2025-05': '4125.00' }`: published values only, since a sale
   * waits for the index of the month before it (rule 8).
   */
  yiUfe: Readonly<Record<string, string>>
}

/** An instrument's open FIFO lots, each with the TCMB rate its cost was converted at. */
export interface TurkishHolding {
  basis: FifoCostBasis
  /** By the transaction that brought the lot; null for a lot bought in lira. */
  purchaseRates: Map<string, Observation | null>
}

/** Where a pass over a portfolio's transactions ends: its items by year and the lots it holds. */
export interface TurkishTaxPass {
  itemsByYear: Map<number, TurkishTaxItem[]>
  /** By instrument code; instruments of kind `other` keep none. */
  holdings: Map<string, TurkishHolding>
  firstYear: number
  asOf: string
}

export interface TurkishTaxYear {
  year: number
  items: TurkishTaxItem[]
  assessment: TurkishYearAssessment
}

/** What an item was computed from, as a {@link TurkishTaxJournal} records it for its explanation. */
export type TurkishItemDetail =
  /**
   * `rate`: the TCMB rate the sale converts at (rule 7), null in lira; `lots`: each lot's cost in
   * the sale's currency and the TCMB rate of its purchase, in the order of the item's lots.
   */
  | {
      kind: 'sale'
      sell: TradeTransaction
      rate: Observation | null
      lots: { cost: Decimal; rate: Observation | null }[]
    }
  /** `rate`: the TCMB rate the payment converts at (rule 7), null in lira. */
  | { kind: 'payment'; payment: AmountTransaction; rate: Observation | null }

/**
 * What a pass records for explanations (worker/tax/turkey/explain-tax.ts): each item's detail and
 * the transactions lots came from. A pass without one records nothing.
 */
export class TurkishTaxJournal {
  readonly details = new Map<TurkishTaxItem, TurkishItemDetail>()
  readonly transactions = new Map<string, EntryTransaction>()
}

/** What a pass reads besides the transactions: rates, the index, each instrument's tax details. */
interface PassContext {
  market: MarketData
  instrumentOf: (code: string) => TurkishTaxInstrument
  indexOf: (month: string, transactionId: string) => Decimal
  holdings: Map<string, TurkishHolding>
  /** A computed item with what it was computed from; a `notCovered` item has no detail. */
  add: (item: TurkishTaxItem, detail?: TurkishItemDetail) => void
}

/**
 * The pass over a portfolio's transactions up to `options.asOf` for the Turkish tax: FIFO lots in
 * lira at the TCMB buying rate of the bulletin before each purchase day, whatever the portfolio's
 * own method and the rates recorded on its transactions (rules 7 and 10); each sale and payment an
 * item of the year of its date (rule 13). Rates come from the input's `fxRates` (`'USD/TRY'`, the
 * TCMB buying rates: docs/fx-rates.md), read as in force on the day before each trade, for a
 * portfolio in any base currency: each amount is in its trade's currency (Example 23). Throws a
 * typed error: a rate, an index month or an instrument's tax details missing is refused, naming
 * it. `journal` records what each item was computed from.
 */
export function turkishTaxPass(
  input: PortfolioInput,
  instruments: Readonly<Record<string, TurkishTaxInstrument>>,
  options: TurkishTaxOptions,
  journal?: TurkishTaxJournal,
): TurkishTaxPass {
  const asOfDay = dayOption(options.asOf, 'asOf')
  const { settings, transactions } = prepareInput(input)
  // The rates read are to lira, not to the portfolio's base currency.
  const market = new MarketData({}, input.fxRates ?? {}, LIRA)
  const itemsByYear = new Map<number, TurkishTaxItem[]>()
  const context: PassContext = {
    market,
    instrumentOf: (code) => {
      const found = instruments[code]
      if (found === undefined)
        fail('missing_field', `No tax details of ${code}`, null, 'instruments')
      return found
    },
    indexOf: (month, transactionId) => {
      const field = `yiUfe.${month}`
      const text = Object.hasOwn(options.yiUfe, month) ? options.yiUfe[month] : undefined
      if (text === undefined)
        fail('missing_price_index', `No Yİ-ÜFE for ${month}`, transactionId, field)
      const value = parseDecimal(text)
      if (value === null || value.sign() <= 0) {
        fail(
          'invalid_market_data',
          `${field}: "${String(text)}" is not a positive index`,
          null,
          field,
        )
      }
      return value
    },
    holdings: new Map(),
    add: (item, detail) => {
      const year = Number(item.date.slice(0, 4))
      const list = itemsByYear.get(year)
      if (list === undefined) itemsByYear.set(year, [item])
      else list.push(item)
      if (detail !== undefined) journal?.details.set(item, detail)
    },
  }
  for (const { keys, input: row } of transactions) {
    if (keys.day > asOfDay) break
    const transaction = readTransaction(row, keys, settings)
    journal?.transactions.set(transaction.id, {
      id: transaction.id,
      type: transaction.type,
      date: transaction.date,
    })
    apply(transaction, context)
  }
  const firstYear = transactions[0] ? yearOf(transactions[0].keys.day) : yearOf(asOfDay)
  return { itemsByYear, holdings: context.holdings, firstYear, asOf: options.asOf }
}

/**
 * The Turkish tax of a portfolio, year by year from its first to `options.asOf`'s (see
 * {@link turkishTaxPass}), each year's items assessed (see {@link assessTurkishYear}).
 */
export function turkishTaxYears(
  input: PortfolioInput,
  instruments: Readonly<Record<string, TurkishTaxInstrument>>,
  options: TurkishTaxOptions,
): Result<TurkishTaxYear[]> {
  return toResult(() => {
    const pass = turkishTaxPass(input, instruments, options)
    const years: TurkishTaxYear[] = []
    for (let year = pass.firstYear; year <= Number(pass.asOf.slice(0, 4)); year++) {
      const items = pass.itemsByYear.get(year) ?? []
      years.push({ year, items, assessment: assessTurkishYear(year, items) })
    }
    return years
  })
}

/**
 * `amount` of `currency` in lira at the TCMB buying rate of the last bulletin before `day`: the
 * rate in force on the day before, since the TCMB sets a day's rates at 15:30 and they apply from
 * the next day (rule 7). Never the rate recorded on the transaction.
 */
function inLira(
  market: MarketData,
  amount: Decimal,
  currency: string,
  day: number,
  transactionId: string,
): { amount: Decimal; rate: Observation | null } {
  if (currency === LIRA) return { amount, rate: null }
  const dayBefore = formatIsoDate(day - 1)
  const rate = market.fxSeries(currency)?.at(dayBefore) ?? null
  if (rate === null) {
    fail(
      'missing_fx_rate',
      `Transaction ${transactionId}: no TCMB ${currency}/${LIRA} rate in force on ${dayBefore}`,
      transactionId,
      `fxRates.${currency}/${LIRA}`,
    )
  }
  return { amount: amount.times(rate.value), rate }
}

function apply(transaction: Transaction, context: PassContext): void {
  switch (transaction.type) {
    case 'BUY':
    case 'RIGHTS_ISSUE':
    case 'TRANSFER_IN': {
      if (context.instrumentOf(transaction.instrumentCode).kind === 'other') return
      const cost = transaction.quantity
        .times(transaction.unitPrice)
        .plus(transaction.fee)
        .plus(transaction.tax)
      const acquiredDay =
        transaction.type === 'TRANSFER_IN' ? transaction.acquiredDay : transaction.day
      const { amount, rate } = inLira(
        context.market,
        cost,
        transaction.currency,
        acquiredDay,
        transaction.id,
      )
      let holding = context.holdings.get(transaction.instrumentCode)
      if (holding === undefined) {
        holding = { basis: new FifoCostBasis(), purchaseRates: new Map() }
        context.holdings.set(transaction.instrumentCode, holding)
      }
      holding.basis.acquire({
        acquiredBy: transaction.id,
        acquiredDay,
        quantity: transaction.quantity,
        cost,
        costBase: amount,
      })
      holding.purchaseRates.set(transaction.id, rate)
      return
    }
    case 'SELL':
      sell(transaction, context)
      return
    case 'TRANSFER_OUT':
      if (context.instrumentOf(transaction.instrumentCode).kind === 'other') return
      takeLots(context, transaction)
      return
    case 'SPLIT': {
      const holding = context.holdings.get(transaction.instrumentCode)
      if (holding === undefined) return
      if (!transaction.cashInLieu.isZero()) {
        fail(
          'missing_field',
          `Transaction ${transaction.id}: cash in lieu is not in the Turkish tax view`,
          transaction.id,
          'amount',
        )
      }
      holding.basis.split(transaction.newShares, transaction.oldShares)
      return
    }
    case 'BONUS_ISSUE': {
      const holding = context.holdings.get(transaction.instrumentCode)
      if (holding !== undefined && holding.basis.quantity.sign() > 0) {
        holding.basis.addBonusUnits(transaction.quantity)
      }
      return
    }
    case 'DIVIDEND':
      dividend(transaction, context)
      return
    case 'INTEREST':
      // Deposit and bond interest have their own stopaj, outside this view.
      notCovered(context, transaction, 'interest')
      return
    default:
      // Cash moving, exchanges, fees and taxes of their own: not capital income.
      return
  }
}

function notCovered(
  context: PassContext,
  transaction: TradeTransaction | AmountTransaction,
  reason: NotCoveredReason,
): void {
  context.add({
    kind: 'notCovered',
    reason,
    transactionId: transaction.id,
    type: transaction.type,
    instrumentCode: transaction.instrumentCode,
    date: transaction.date,
  })
}

/** Takes `quantity` units FIFO; refuses more than the portfolio holds that day. */
function takeLots(
  context: PassContext,
  transaction: { id: string; instrumentCode: string; quantity: Decimal },
): { holding: TurkishHolding; lots: Lot[] } {
  const holding = context.holdings.get(transaction.instrumentCode)
  const held = holding?.basis.quantity ?? ZERO
  if (holding === undefined || transaction.quantity.gt(held)) {
    fail(
      'insufficient_quantity',
      `Transaction ${transaction.id}: ${transaction.quantity.toString()} ${transaction.instrumentCode} exceed the ${held.toString()} held`,
      transaction.id,
      'quantity',
    )
  }
  return { holding, lots: holding.basis.take(transaction.quantity) }
}

/** The sale's lots with their share of its proceeds; the last takes the rest, so they add up. */
function saleLots(lots: readonly Lot[], quantity: Decimal, proceeds: Decimal): SaleLot[] {
  let left = proceeds
  return lots.map((lot, index) => {
    const share = index === lots.length - 1 ? left : proceeds.share(lot.quantity, quantity)
    left = left.minus(share)
    return {
      acquiredBy: lot.acquiredBy ?? '',
      boughtOn: formatIsoDate(lot.acquiredDay),
      units: lot.quantity,
      cost: lot.costBase,
      proceeds: share,
      gain: share.minus(lot.costBase),
    }
  })
}

function sell(sale: TradeTransaction, context: PassContext): void {
  const instrument = context.instrumentOf(sale.instrumentCode)
  if (instrument.kind === 'other') {
    notCovered(context, sale, 'instrument')
    return
  }
  const { holding, lots } = takeLots(context, sale)
  // Costs of the sale lower the proceeds; stopaj withheld on it does not (rule 6, GVK mük. 81).
  const proceedsInCurrency = sale.quantity.times(sale.unitPrice).minus(sale.fee)
  const { amount: proceeds, rate: saleRate } = inLira(
    context.market,
    proceedsInCurrency,
    sale.currency,
    sale.day,
    sale.id,
  )
  const parts = saleLots(lots, sale.quantity, proceeds)
  const cost = sum(parts.map((part) => part.cost))
  const detail: Extract<TurkishItemDetail, { kind: 'sale' }> = {
    kind: 'sale',
    sell: sale,
    rate: saleRate,
    lots: lots.map((lot) => ({
      cost: lot.cost,
      rate: holding.purchaseRates.get(lot.acquiredBy ?? '') ?? null,
    })),
  }
  const base = {
    transactionId: sale.id,
    instrumentCode: sale.instrumentCode,
    date: sale.date,
    quantity: sale.quantity,
    proceeds,
    cost,
    gain: proceeds.minus(cost),
  }
  switch (instrument.kind) {
    case 'bistShare':
      context.add({ kind: 'bistSale', ...base, lots: parts, stopaj: BIST_SHARE_RATE }, detail)
      return
    case 'tefasFund': {
      const { fundClass } = instrument
      if (fundClass === null) {
        notCovered(context, sale, 'unclassifiedFund')
        return
      }
      const fundLots: FundLot[] = []
      for (const part of parts) {
        const rate = fundRate(fundClass, part.boughtOn, sale.date)
        if (rate === null) {
          notCovered(context, sale, 'boughtBeforeTable')
          return
        }
        // Each lot on its own: a loss bears no stopaj and offsets no other lot's gain.
        const stopaj = part.gain.sign() > 0 ? part.gain.times(rate.rate) : ZERO
        fundLots.push({ ...part, ...rate, stopaj })
      }
      context.add(
        {
          kind: 'fundSale',
          ...base,
          fundClass,
          lots: fundLots,
          stopaj: roundTax(sum(fundLots.map((lot) => lot.stopaj))),
        },
        detail,
      )
      return
    }
    default: {
      const saleMonth = indexMonthOf(sale.date)
      const saleIndex = context.indexOf(saleMonth, sale.id)
      const foreignLots = parts.map((part, index): ForeignLot => {
        const purchaseMonth = indexMonthOf(part.boughtOn)
        const purchaseIndex = context.indexOf(purchaseMonth, sale.id)
        const indexed = indexedCost(part.cost, purchaseIndex, saleIndex)
        const bought = detail.lots[index] as (typeof detail.lots)[number]
        return {
          ...part,
          costInCurrency: bought.cost,
          costRate: bought.rate,
          indexation: { purchaseMonth, purchaseIndex, saleMonth, saleIndex, ...indexed },
          indexedGain: gainAfterIndexation(part.proceeds, part.cost, indexed.cost),
        }
      })
      context.add(
        {
          kind: 'foreignSale',
          ...base,
          currency: sale.currency,
          proceedsInCurrency,
          saleRate,
          lots: foreignLots,
          indexedGain: sum(foreignLots.map((lot) => lot.indexedGain)),
        },
        detail,
      )
    }
  }
}

function dividend(payment: AmountTransaction, context: PassContext): void {
  const code = payment.instrumentCode as string
  const { kind } = context.instrumentOf(code)
  if (kind === 'other' || kind === 'tefasFund') {
    notCovered(context, payment, kind === 'other' ? 'instrument' : 'fundDistribution')
    return
  }
  const { amount: gross, rate } = inLira(
    context.market,
    payment.amount,
    payment.currency,
    payment.day,
    payment.id,
  )
  const base = { transactionId: payment.id, instrumentCode: code, date: payment.date, gross }
  const detail: TurkishItemDetail = { kind: 'payment', payment, rate }
  if (kind === 'bistShare') {
    // The rate of the payment date, not the tax recorded on the transaction (rule 4).
    const stopaj = dividendRate(payment.date)
    if (stopaj === null) {
      notCovered(context, payment, 'paidBeforeTable')
      return
    }
    context.add(
      {
        kind: 'turkishDividend',
        ...base,
        ...stopaj,
        stopaj: roundTax(gross.times(stopaj.rate)),
      },
      detail,
    )
    return
  }
  context.add(
    {
      kind: 'foreignDividend',
      ...base,
      currency: payment.currency,
      amount: payment.amount,
      tax: payment.tax,
      rate,
      // The tax withheld abroad at the dividend's rate (rule 12).
      foreignTax: rate === null ? payment.tax : payment.tax.times(rate.value),
    },
    detail,
  )
}
