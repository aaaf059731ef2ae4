import type {
  PortfolioSettings,
  TransactionInput,
  TransactionType,
} from '../../worker/portfolio/transactions'
import { formatIsoDate } from '../../worker/portfolio/iso-date'
import {
  DEMO_INSTRUMENTS,
  PRICE_SCALE,
  RATE_SCALE,
  preferredSource,
  type DemoInstrument,
  type DemoMarket,
  type DemoSplit,
} from './demo-market'
import { formatFixed } from './fixed-point'
import { dayOf } from './trading-days'

/** A transaction as the demo stores it: the engine's fields and a note for the list. */
export interface DemoTransaction extends TransactionInput {
  type: TransactionType
  note: string | null
}

/** Quantities are whole 1/10,000 shares: savings plans buy fractions. */
const QUANTITY_SCALE = 4
const WHOLE_SHARE = 10 ** QUANTITY_SCALE
/** Withholding rates are given in parts per 100,000: 26.375 % (Germany) is 26375. */
const RATE_PARTS = 100_000

/** Broker commission in minor units for a trade of `gross` minor units. */
export type Commission = (gross: number) => number

interface Movement {
  date: string
  code: string
  /** Whole 1/10,000 shares added (negative: removed), applied before `factor`. */
  change: number
  factor: number
}

type Draft = Omit<DemoTransaction, 'id' | 'sequence'>

/**
 * Writes one portfolio's history in a few lines per event: each call reads that weekday's close
 * and FX rate from the market and computes quantities, fees and withholding in whole minor units.
 * Days are counted from the market's first day and land on the weekday on or before.
 */
export class TransactionScript {
  private readonly drafts: Draft[] = []
  private readonly movements: Movement[] = []

  constructor(
    private readonly market: DemoMarket,
    private readonly settings: PortfolioSettings,
    private readonly commission: Commission,
  ) {}

  buy(daysAfterStart: number, code: string, shares: number): void {
    this.trade('BUY', daysAfterStart, code, shares * WHOLE_SHARE)
  }

  /** A savings plan's purchase: as many 1/10,000 shares as `amount` minor units buy, no fee. */
  buyFor(daysAfterStart: number, code: string, amount: number): void {
    const date = this.market.dayAt(daysAfterStart)
    const units = Math.floor((amount * WHOLE_SHARE) / this.market.close(code, date))
    this.trade('BUY', daysAfterStart, code, units, 0)
  }

  sell(daysAfterStart: number, code: string, shares: number): void {
    this.trade('SELL', daysAfterStart, code, shares * WHOLE_SHARE)
  }

  /** Shares moved in from another broker with their cost per share and original purchase date. */
  transferIn(
    daysAfterStart: number,
    code: string,
    shares: number,
    carriedUnitPrice: number,
    acquiredDaysBeforeStart: number,
    note: string,
  ): void {
    const instrument = instrumentOf(code)
    if (instrument.currency !== this.settings.baseCurrency) {
      throw new Error(`${code}: transfers in are written for base-currency instruments only`)
    }
    const date = this.market.dayAt(daysAfterStart)
    this.move(date, code, shares * WHOLE_SHARE, 1)
    this.add({
      ...this.money(date, instrument.currency),
      type: 'TRANSFER_IN',
      tradeDate: date,
      instrumentCode: code,
      quantity: String(shares),
      unitPrice: formatFixed(carriedUnitPrice, PRICE_SCALE),
      acquiredDate: formatIsoDate(dayOf(this.market.days[0] ?? '') - acquiredDaysBeforeStart),
      note,
    })
  }

  transferOut(daysAfterStart: number, code: string, shares: number, note: string): void {
    const date = this.market.dayAt(daysAfterStart)
    this.takeShares(date, code, shares * WHOLE_SHARE)
    this.add({
      type: 'TRANSFER_OUT',
      tradeDate: date,
      instrumentCode: code,
      currency: instrumentOf(code).currency,
      quantity: String(shares),
      note,
    })
  }

  split(split: DemoSplit, note: string): void {
    if (split.kind !== 'split') throw new Error(`${split.code}: not a split`)
    const date = this.market.splitDate(split)
    this.move(date, split.code, 0, split.newShares / split.oldShares)
    this.add({
      type: 'SPLIT',
      tradeDate: date,
      instrumentCode: split.code,
      currency: instrumentOf(split.code).currency,
      splitRatio: `${split.newShares}:${split.oldShares}`,
      note,
    })
  }

  /** A bonus issue, booked as the new shares received on the shares held that day. */
  bonusIssue(bonus: DemoSplit, note: string): void {
    if (bonus.kind !== 'bonus') throw new Error(`${bonus.code}: not a bonus issue`)
    const date = this.market.splitDate(bonus)
    const held = this.heldThrough(date, bonus.code)
    const received = Math.round((held * (bonus.newShares - bonus.oldShares)) / bonus.oldShares)
    this.move(date, bonus.code, received, 1)
    this.add({
      type: 'BONUS_ISSUE',
      tradeDate: date,
      instrumentCode: bonus.code,
      currency: instrumentOf(bonus.code).currency,
      quantity: formatFixed(received, QUANTITY_SCALE),
      note,
    })
  }

  /** A rights issue: `shares` new shares subscribed at `price` minor units each, no fee. */
  rightsIssue(daysAfterStart: number, code: string, shares: number, price: number, note: string) {
    const date = this.market.dayAt(daysAfterStart)
    this.move(date, code, shares * WHOLE_SHARE, 1)
    this.add({
      ...this.money(date, instrumentOf(code).currency),
      type: 'RIGHTS_ISSUE',
      tradeDate: date,
      instrumentCode: code,
      quantity: String(shares),
      unitPrice: formatFixed(price, PRICE_SCALE),
      note,
    })
  }

  /** A dividend of `perShare` minor units on the shares held the day before, tax withheld. */
  dividend(daysAfterStart: number, code: string, perShare: number, withholding: number): void {
    const date = this.market.dayAt(daysAfterStart)
    const held = this.heldBefore(date, code)
    const gross = Math.floor((held * perShare) / WHOLE_SHARE)
    this.add({
      ...this.money(date, instrumentOf(code).currency),
      type: 'DIVIDEND',
      tradeDate: date,
      instrumentCode: code,
      amount: formatFixed(gross, PRICE_SCALE),
      tax: formatFixed(withheld(gross, withholding), PRICE_SCALE),
      note: null,
    })
  }

  interest(daysAfterStart: number, amount: number, withholding: number, note: string): void {
    this.cash('INTEREST', daysAfterStart, amount, note, withheld(amount, withholding))
  }

  fee(daysAfterStart: number, amount: number, note: string, code: string | null = null): void {
    this.cash('FEE', daysAfterStart, amount, note, 0, code)
  }

  tax(daysAfterStart: number, amount: number, note: string, code: string | null = null): void {
    this.cash('TAX', daysAfterStart, amount, note, 0, code)
  }

  feeRefund(daysAfterStart: number, amount: number, note: string): void {
    this.cash('FEE_REFUND', daysAfterStart, amount, note, 0)
  }

  taxRefund(daysAfterStart: number, amount: number, note: string): void {
    this.cash('TAX_REFUND', daysAfterStart, amount, note, 0)
  }

  deposit(daysAfterStart: number, amount: number, note: string | null = null): void {
    this.cash('DEPOSIT', daysAfterStart, amount, note, 0)
  }

  withdraw(daysAfterStart: number, amount: number, note: string | null = null): void {
    this.cash('WITHDRAWAL', daysAfterStart, amount, note, 0)
  }

  /** Changes `amount` of the base currency's cash into `currency` at that day's rate. */
  exchange(daysAfterStart: number, amount: number, currency: string, note: string): void {
    const date = this.market.dayAt(daysAfterStart)
    const base = this.settings.baseCurrency
    // Units of `currency` per unit of the base, as the bank publishes the pair (EUR/USD).
    const pair = { source: preferredSource(base, currency), base, quote: currency }
    const received = Math.floor((amount * this.market.rate(pair, date)) / 10 ** RATE_SCALE)
    this.add({
      ...this.money(date, base),
      type: 'EXCHANGE',
      tradeDate: date,
      instrumentCode: null,
      amount: formatFixed(amount, PRICE_SCALE),
      toCurrency: currency,
      toAmount: formatFixed(received, PRICE_SCALE),
      note,
    })
  }

  /**
   * The history in applying order (by date; a day's transactions as written), each with an id
   * `<prefix>-<n>` and its sequence.
   */
  transactions(idPrefix: string): DemoTransaction[] {
    return this.drafts
      .map((draft, written) => ({ draft, written }))
      .sort((a, b) => compare(a.draft.tradeDate, b.draft.tradeDate) || a.written - b.written)
      .map(({ draft }, index) => ({ ...draft, id: `${idPrefix}-${index + 1}`, sequence: index }))
  }

  private trade(
    type: 'BUY' | 'SELL',
    daysAfterStart: number,
    code: string,
    units: number,
    fee?: number,
  ): void {
    const instrument = instrumentOf(code)
    const date = this.market.dayAt(daysAfterStart)
    const close = this.market.close(code, date)
    if (type === 'SELL') this.takeShares(date, code, units)
    else this.move(date, code, units, 1)
    const gross = Math.round((units * close) / WHOLE_SHARE)
    this.add({
      ...this.money(date, instrument.currency),
      type,
      tradeDate: date,
      instrumentCode: code,
      quantity: formatFixed(units, QUANTITY_SCALE),
      unitPrice: formatFixed(close, PRICE_SCALE),
      fee: formatFixed(fee ?? this.commission(gross), PRICE_SCALE),
      note: null,
    })
  }

  private cash(
    type: 'INTEREST' | 'FEE' | 'FEE_REFUND' | 'TAX' | 'TAX_REFUND' | 'DEPOSIT' | 'WITHDRAWAL',
    daysAfterStart: number,
    amount: number,
    note: string | null,
    tax: number,
    code: string | null = null,
  ): void {
    const date = this.market.dayAt(daysAfterStart)
    const currency = code === null ? this.settings.baseCurrency : instrumentOf(code).currency
    this.add({
      ...this.money(date, currency),
      type,
      tradeDate: date,
      instrumentCode: code,
      amount: formatFixed(amount, PRICE_SCALE),
      tax: formatFixed(tax, PRICE_SCALE),
      note,
    })
  }

  /** The currency and, for another currency than the base, the central bank's rate that day. */
  private money(date: string, currency: string): Pick<Draft, 'currency' | 'fxRate'> {
    const base = this.settings.baseCurrency
    if (currency === base) return { currency, fxRate: null }
    const pair = { source: preferredSource(currency, base), base: currency, quote: base }
    return { currency, fxRate: formatFixed(this.market.rate(pair, date), RATE_SCALE) }
  }

  private add(draft: Draft): void {
    this.drafts.push(draft)
  }

  private move(date: string, code: string, change: number, factor: number): void {
    this.movements.push({ date, code, change, factor })
  }

  private takeShares(date: string, code: string, units: number): void {
    const held = this.heldThrough(date, code)
    if (held < units) {
      throw new Error(`${code} on ${date}: ${units} units leave, ${held} are held`)
    }
    this.move(date, code, -units, 1)
  }

  private heldBefore(date: string, code: string): number {
    return this.held(code, (movement) => movement.date < date)
  }

  private heldThrough(date: string, code: string): number {
    return this.held(code, (movement) => movement.date <= date)
  }

  private held(code: string, counts: (movement: Movement) => boolean): number {
    return this.movements
      .filter((movement) => movement.code === code && counts(movement))
      .sort((a, b) => compare(a.date, b.date))
      .reduce((units, movement) => Math.round((units + movement.change) * movement.factor), 0)
  }
}

function instrumentOf(code: string): DemoInstrument {
  const instrument = DEMO_INSTRUMENTS.find((candidate) => candidate.code === code)
  if (!instrument) throw new Error(`Not a demo instrument: ${code}`)
  return instrument
}

function withheld(gross: number, rate: number): number {
  return Math.round((gross * rate) / RATE_PARTS)
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
