import type { Amounts } from './amounts'
import { NO_AMOUNTS, addAmounts } from './amounts'
import { createCostBasis } from './cost-basis'
import type { CostBasis, Lot } from './cost-basis'
import type { Decimal } from '../../shared/decimal/decimal'
import { ONE, ZERO } from '../../shared/decimal/decimal'
import { fail } from './errors'
import { InvestedCapital } from './invested-capital'
import type { CapitalPart } from './invested-capital'
import { entryTransaction } from './journal'
import type { BookingField, Journal } from './journal'
import { NegativeCashWatch } from './negative-cash'
import { lotRecord, realizedSale } from './realized-gains'
import type { RealizedSale, TransferOut } from './realized-gains'
import type {
  AmountTransaction,
  BonusIssueTransaction,
  PortfolioSettings,
  SplitTransaction,
  TradeTransaction,
  Transaction,
  TransferInTransaction,
  TransferOutTransaction,
  TransactionKeys,
  ExchangeTransaction,
} from './transactions'

/** A value and the date it was observed; carried forward to later dates. */
export interface Observation {
  readonly value: Decimal
  readonly date: string
}

/** Income and costs booked to an instrument, or to the portfolio as a whole (`instrumentCode` null). */
class Bookings {
  constructor(readonly instrumentCode: string | null) {}

  /** Net of withholding tax and charges. */
  dividends = NO_AMOUNTS
  interest = NO_AMOUNTS
  /** Every fee and every tax paid, wherever else it is counted. */
  fees = NO_AMOUNTS
  taxes = NO_AMOUNTS
  /** Base currency: costs not inside a cost basis, a sale or an income (FEE, TAX, deposit charges). */
  otherCosts = ZERO
}

/** Everything the portfolio has done with one instrument. */
export class Position extends Bookings {
  readonly basis: CostBasis
  realizedGain = NO_AMOUNTS
  /** Tax withheld on sales, already taken from `realizedGain`. */
  realizedTax = NO_AMOUNTS
  /** Base currency: the parts of `realizedGain.base` that came from exchange rates. */
  realizedCurrencyEffect = ZERO
  /** The last BUY or SELL price, adjusted for splits and bonus issues: stands in for a close until one is known. */
  lastTrade: Observation | null = null

  constructor(
    override readonly instrumentCode: string,
    readonly currency: string,
    settings: PortfolioSettings,
  ) {
    super(instrumentCode)
    this.basis = createCostBasis(settings.costBasisMethod)
  }
}

/** Cash in one currency, and what it was worth in the base currency when it arrived. */
export interface CashBalance {
  amount: Decimal
  costBase: Decimal
}

type Direction = 'in' | 'out'

/**
 * Money or securities crossing the portfolio's boundary, as returns count it: cash amounts in the
 * base currency; securities by quantity, valued by the caller at that day's price (their cost in
 * the instrument's currency stands in when no price is known).
 */
export type ExternalFlow =
  | { kind: 'cash'; direction: Direction; amount: Decimal }
  | {
      kind: 'securities'
      direction: Direction
      position: Position
      quantity: Decimal
      cost: Decimal
    }

/**
 * Applies validated transactions, in order, to positions, cash and invested capital. Holdings,
 * totals and the value series all read this one state.
 */
export class Ledger {
  readonly positions = new Map<string, Position>()
  /** Only filled when the portfolio records cash. */
  readonly cash = new Map<string, CashBalance>()
  /** The latest FX rate seen on a transaction, per currency: stands in when no series has one. */
  readonly fxObserved = new Map<string, Observation>()
  /** Money in minus money out so far (base currency; transfers at their cost basis). */
  readonly capital = new InvestedCapital()
  /** Days whose cash closed below zero (a portfolio that records cash). */
  readonly negativeCash = new NegativeCashWatch()
  readonly sales: RealizedSale[] = []
  readonly transfers: TransferOut[] = []
  /** Interest, fees and taxes of no particular instrument; only their base sums are read. */
  readonly portfolioBookings = new Bookings(null)

  /** The day being applied: it ends when the first transaction of a later one arrives. */
  private openDay: { day: number; date: string } | null = null
  /** The transaction being applied: `apply` sets it first, and only `apply` moves cash. */
  private applying!: TransactionKeys

  /** `journal`, when given, records the amounts added to the sums in its scope, to explain them. */
  constructor(
    readonly settings: PortfolioSettings,
    readonly journal: Journal | null = null,
  ) {}

  get investedCapital(): Decimal {
    return this.capital.total
  }

  /**
   * Ends the day of the transactions applied last: its closing figures count for the peak of
   * invested capital and for cash below zero. Called before a report reads them; repeating it
   * changes nothing.
   */
  closeDay(): void {
    this.capital.closeDay(this.openDay?.date ?? null)
    if (this.openDay === null) return
    this.negativeCash.closeDay(
      this.openDay.date,
      (currency) => this.cash.get(currency)?.amount ?? ZERO,
    )
  }

  /** Every position and the portfolio's own bookings. */
  allBookings(): Bookings[] {
    return [this.portfolioBookings, ...this.positions.values()]
  }

  /** Applies one transaction; returns the external flow it makes, if any. */
  apply(transaction: Transaction): ExternalFlow | null {
    if (this.openDay?.day !== transaction.day) {
      this.closeDay()
      this.openDay = { day: transaction.day, date: transaction.date }
    }
    this.applying = transaction
    if (
      transaction.type !== 'SPLIT' &&
      transaction.type !== 'BONUS_ISSUE' &&
      transaction.type !== 'TRANSFER_OUT' &&
      transaction.currency !== this.settings.baseCurrency
    ) {
      this.fxObserved.set(transaction.currency, {
        value: transaction.fxRate,
        date: transaction.date,
      })
    }
    switch (transaction.type) {
      case 'BUY':
      case 'RIGHTS_ISSUE':
        return this.buy(transaction)
      case 'SELL':
        return this.sell(transaction)
      case 'SPLIT':
        return this.split(transaction)
      case 'BONUS_ISSUE':
        return this.bonusIssue(transaction)
      case 'TRANSFER_IN':
        return this.transferIn(transaction)
      case 'TRANSFER_OUT':
        return this.transferOut(transaction)
      case 'EXCHANGE':
        return this.exchange(transaction)
      default:
        return this.amount(transaction)
    }
  }

  /** The rate of a sale or income in `currency`: null in the base currency, where none moves. */
  private movingRate(currency: string, fxRate: Decimal): Decimal | null {
    return currency === this.settings.baseCurrency ? null : fxRate
  }

  /** A BUY, or a RIGHTS_ISSUE: new units at the subscription price, a lot of their own. */
  private buy(buy: TradeTransaction): ExternalFlow | null {
    const position = this.positionFor(buy.id, buy.instrumentCode, buy.currency)
    const { cost, costBase } = this.acquire(position, buy, buy.day, buy.fxRate)
    // A subscription price is set by the company, not the market: it stands in for no close.
    if (buy.type === 'BUY') position.lastTrade = { value: buy.unitPrice, date: buy.date }
    this.bookCosts(position, buy, buy.fxRate)
    return this.trade('in', 'purchases', buy.currency, cost, costBase)
  }

  /** Adds what a BUY, RIGHTS_ISSUE or TRANSFER_IN brings: quantity × unit price + fee + tax, at `fxRate`. */
  private acquire(
    position: Position,
    acquisition: TradeTransaction | TransferInTransaction,
    acquiredDay: number,
    fxRate: Decimal,
  ): Lot {
    const cost = acquisition.quantity
      .times(acquisition.unitPrice)
      .plus(acquisition.fee)
      .plus(acquisition.tax)
    const lot = {
      acquiredBy: acquisition.id,
      acquiredDay,
      quantity: acquisition.quantity,
      cost,
      costBase: cost.times(fxRate),
    }
    this.changeBasis(position, () => position.basis.acquire(lot))
    return lot
  }

  private sell(sell: TradeTransaction): ExternalFlow | null {
    const position = this.heldPosition(sell)
    const proceeds = sell.quantity.times(sell.unitPrice).minus(sell.fee.plus(sell.tax))
    const proceedsBase = proceeds.times(sell.fxRate)
    const basis = position.basis
    const averageCost =
      this.settings.costBasisMethod === 'AVERAGE' ? basis.cost.div(basis.quantity) : null
    this.realize(
      position,
      sell,
      { instrument: proceeds, base: proceedsBase },
      { instrument: sell.tax, base: sell.tax.times(sell.fxRate) },
      this.changeBasis(position, () => basis.take(sell.quantity)),
      this.movingRate(sell.currency, sell.fxRate),
      averageCost,
    )
    position.lastTrade = { value: sell.unitPrice, date: sell.date }
    this.bookCosts(position, sell, sell.fxRate)
    return this.trade('out', 'sales', sell.currency, proceeds, proceedsBase)
  }

  private realize(
    position: Position,
    transaction: Transaction,
    proceeds: Amounts,
    tax: Amounts,
    lots: readonly Lot[],
    fxRate: Decimal | null,
    averageCost: Decimal | null,
  ): void {
    const sale = realizedSale(
      { ...transaction, instrumentCode: position.instrumentCode },
      { proceeds, tax },
      lots,
      fxRate,
      averageCost,
    )
    this.sales.push(sale)
    position.realizedGain = addAmounts(position.realizedGain, sale.gain.instrument, sale.gain.base)
    position.realizedTax = addAmounts(position.realizedTax, tax.instrument, tax.base)
    position.realizedCurrencyEffect = position.realizedCurrencyEffect.plus(sale.currencyEffect)
  }

  /** Multiplies units, and pays out a fraction of a unit in cash (see `splitLots`). */
  private split(split: SplitTransaction): ExternalFlow | null {
    const position = this.positions.get(split.instrumentCode)
    if (position === undefined) return null
    const paidOut = this.changeBasis(position, () =>
      position.basis.split(split.newShares, split.oldShares),
    )
    if (position.lastTrade !== null) {
      const { value, date } = position.lastTrade
      position.lastTrade = { value: value.share(split.oldShares, split.newShares), date }
    }
    if (paidOut.length === 0 && split.cashInLieu.isZero()) return null
    const currency = position.currency
    const fxRate = this.cashInLieuRate(split, currency)
    const cash = split.cashInLieu
    const cashBase = cash.times(fxRate)
    const averageCost =
      this.settings.costBasisMethod === 'AVERAGE' && paidOut[0] !== undefined
        ? paidOut[0].cost.div(paidOut[0].quantity)
        : null
    this.realize(
      position,
      split,
      { instrument: cash, base: cashBase },
      NO_AMOUNTS,
      paidOut,
      this.movingRate(currency, fxRate),
      averageCost,
    )
    return cash.isZero() ? null : this.trade('out', 'sales', currency, cash, cashBase)
  }

  /**
   * New units for nothing: they join the units held (see `bonusLots`), so the cost basis stays
   * and the cost and trade price per unit fall. No money moves.
   */
  private bonusIssue(bonus: BonusIssueTransaction): null {
    const position = this.positions.get(bonus.instrumentCode)
    const held = position?.basis.quantity
    if (position === undefined || held === undefined || held.isZero()) {
      fail(
        'bonus_issue_not_held',
        `Transaction ${bonus.id}: a bonus issue of ${bonus.instrumentCode}, which is not held`,
        bonus.id,
        'instrumentCode',
      )
    }
    this.changeBasis(position, () => position.basis.addBonusUnits(bonus.quantity))
    if (position.lastTrade !== null) {
      const { value, date } = position.lastTrade
      position.lastTrade = { value: value.share(held, held.plus(bonus.quantity)), date }
    }
    return null
  }

  /** The split's own rate, else the latest seen for the instrument's currency. */
  private cashInLieuRate(split: SplitTransaction, currency: string): Decimal {
    if (currency === this.settings.baseCurrency) return ONE
    const rate = split.fxRate ?? this.fxObserved.get(currency)?.value
    if (rate === undefined) {
      fail(
        'missing_fx_rate',
        `Transaction ${split.id}: fxRate from ${currency} to ${this.settings.baseCurrency} is required`,
        split.id,
        'fxRate',
      )
    }
    return rate
  }

  private transferIn(transfer: TransferInTransaction): ExternalFlow {
    const position = this.positionFor(transfer.id, transfer.instrumentCode, transfer.currency)
    const lot = this.acquire(position, transfer, transfer.acquiredDay, transfer.acquisitionFxRate)
    // Those of the original purchase, inside the carried cost: at its rate, as the cost is.
    this.bookCosts(position, transfer, transfer.acquisitionFxRate)
    this.addCapital('transfersIn', transfer.currency, lot.cost, lot.costBase)
    return {
      kind: 'securities',
      direction: 'in',
      position,
      quantity: transfer.quantity,
      cost: lot.cost,
    }
  }

  private transferOut(transfer: TransferOutTransaction): ExternalFlow {
    const position = this.heldPosition(transfer)
    const lots = this.changeBasis(position, () => position.basis.take(transfer.quantity))
    const records = lots.map((lot) => lotRecord(lot, transfer.day))
    const cost = records.reduce(
      (total, lot) => addAmounts(total, lot.cost.instrument, lot.cost.base),
      NO_AMOUNTS,
    )
    this.transfers.push({
      transactionId: transfer.id,
      instrumentCode: transfer.instrumentCode,
      currency: transfer.currency,
      date: transfer.date,
      quantity: transfer.quantity,
      cost,
      lots: records,
    })
    this.addCapital('transfersOut', transfer.currency, cost.instrument.neg(), cost.base.neg())
    return {
      kind: 'securities',
      direction: 'out',
      position,
      quantity: transfer.quantity,
      cost: cost.instrument,
    }
  }

  /**
   * Money changed between the cash of two currencies: the amount given, with its charges, leaves
   * its currency's cash; the amount received enters the other's at what was given in the base
   * currency. The charges are a cost inside; nothing crosses the portfolio's boundary.
   */
  private exchange(exchange: ExchangeTransaction): null {
    const { currency, fxRate, amount, fee, tax, toCurrency, toAmount } = exchange
    const given = amount.times(fxRate)
    const charges = fee.plus(tax)
    const bookings = this.portfolioBookings
    this.book(bookings, 'fees', currency, fee, fee.times(fxRate))
    this.book(bookings, 'taxes', currency, tax, tax.times(fxRate))
    this.book(bookings, 'otherCosts', currency, charges, charges.times(fxRate))
    this.moveCash('out', currency, amount.plus(charges), given.plus(charges.times(fxRate)))
    this.moveCash('in', toCurrency, toAmount, given)
    // The rate the exchange implies stands in for the received currency until a series has one.
    if (toCurrency !== this.settings.baseCurrency) {
      this.fxObserved.set(toCurrency, { value: given.div(toAmount), date: exchange.date })
    }
    return null
  }

  /** DIVIDEND, INTEREST, FEE, TAX, their refunds, DEPOSIT and WITHDRAWAL. */
  private amount(transaction: AmountTransaction): ExternalFlow | null {
    const { id, type, instrumentCode, currency, amount, fee, tax, fxRate } = transaction
    const bookings =
      instrumentCode === null
        ? this.portfolioBookings
        : this.positionFor(id, instrumentCode, currency)
    this.book(bookings, 'fees', currency, fee, fee.times(fxRate))
    this.book(bookings, 'taxes', currency, tax, tax.times(fxRate))
    switch (type) {
      case 'DIVIDEND':
      case 'INTEREST': {
        // Income counts net of withholding tax and charges.
        const net = amount.minus(fee.plus(tax))
        const netBase = net.times(fxRate)
        this.book(bookings, type === 'DIVIDEND' ? 'dividends' : 'interest', currency, net, netBase)
        return this.trade('out', 'income', currency, net, netBase)
      }
      case 'FEE':
      case 'TAX': {
        const amountBase = amount.times(fxRate)
        this.book(bookings, type === 'FEE' ? 'fees' : 'taxes', currency, amount, amountBase)
        const paid = amount.plus(fee).plus(tax)
        const paidBase = paid.times(fxRate)
        this.book(bookings, 'otherCosts', currency, paid, paidBase)
        return this.trade('in', 'costs', currency, paid, paidBase)
      }
      case 'FEE_REFUND':
      case 'TAX_REFUND': {
        // Money back for a charge: it lowers the fees or taxes paid and the other costs, and
        // comes into the portfolio (net of any charge on the refund itself).
        const amountBase = amount.times(fxRate)
        const field = type === 'FEE_REFUND' ? 'fees' : 'taxes'
        this.book(bookings, field, currency, amount.neg(), amountBase.neg())
        const received = amount.minus(fee).minus(tax)
        const receivedBase = received.times(fxRate)
        this.book(bookings, 'otherCosts', currency, received.neg(), receivedBase.neg())
        return this.trade('out', 'costs', currency, received, receivedBase)
      }
      case 'DEPOSIT':
      case 'WITHDRAWAL': {
        // The amount is what the investor sent or received; charges are a cost inside, taken
        // from a deposit on arrival and paid on top of a withdrawal.
        const direction = type === 'DEPOSIT' ? 'in' : 'out'
        const charges = fee.plus(tax)
        this.book(bookings, 'otherCosts', currency, charges, charges.times(fxRate))
        const moved = direction === 'in' ? amount.minus(charges) : amount.plus(charges)
        this.moveCash(direction, currency, moved, moved.times(fxRate))
        const part = type === 'DEPOSIT' ? 'deposits' : 'withdrawals'
        const signed = direction === 'in' ? amount : amount.neg()
        return this.external(direction, part, currency, signed, amount.times(fxRate))
      }
    }
  }

  /**
   * Money a trade, income or cost moves, seen from the portfolio ('in' = the portfolio pays):
   * cash inside the portfolio when it records cash, otherwise money crossing its boundary
   * (a purchase is money put in, a sale or a dividend money taken out).
   */
  private trade(
    direction: Direction,
    part: CapitalPart,
    currency: string,
    amount: Decimal,
    amountBase: Decimal,
  ): ExternalFlow | null {
    if (this.settings.recordsCash) {
      this.moveCash(direction === 'in' ? 'out' : 'in', currency, amount, amountBase)
      return null
    }
    return this.external(
      direction,
      part,
      currency,
      direction === 'in' ? amount : amount.neg(),
      amountBase,
    )
  }

  /**
   * Money crossing the portfolio's boundary: it changes invested capital, in `part`. `amount`
   * (in `currency`) is signed as it counts; `amountBase` is what crossed.
   */
  private external(
    direction: Direction,
    part: CapitalPart,
    currency: string,
    amount: Decimal,
    amountBase: Decimal,
  ): ExternalFlow {
    this.addCapital(part, currency, amount, direction === 'in' ? amountBase : amountBase.neg())
    return { kind: 'cash', direction, amount: amountBase }
  }

  /** Adds to invested capital; `amount` in `currency`, `base` signed as it counts. */
  private addCapital(part: CapitalPart, currency: string, amount: Decimal, base: Decimal): void {
    this.capital.add(part, base)
    if (this.journal?.recordsCapital(part) && !base.isZero()) {
      this.journal.capital.push({
        transaction: entryTransaction(this.applying),
        instrumentCode: null,
        amount,
        currency,
        base,
      })
    }
  }

  /** Adds to one of the sums of `bookings`, in `currency` and in the base currency. */
  private book(
    bookings: Bookings,
    field: BookingField,
    currency: string,
    amount: Decimal,
    base: Decimal,
  ): void {
    if (field === 'otherCosts') bookings.otherCosts = bookings.otherCosts.plus(base)
    else bookings[field] = addAmounts(bookings[field], amount, base)
    if (this.journal?.recordsBooking(field, bookings.instrumentCode) && !base.isZero()) {
      this.journal.booking(field, {
        transaction: entryTransaction(this.applying),
        instrumentCode: bookings.instrumentCode,
        amount,
        currency,
        base,
      })
    }
  }

  /** Runs a change to the units or cost of `position`, recording what it changed. */
  private changeBasis<T>(position: Position, change: () => T): T {
    const journal = this.journal
    if (journal === null || !journal.recordsBasis(position.instrumentCode)) return change()
    const { quantity, cost, costBase } = position.basis
    const result = change()
    const after = position.basis
    journal.basis.push({
      transaction: entryTransaction(this.applying),
      quantity: after.quantity.minus(quantity),
      cost: after.cost.minus(cost),
      costBase: after.costBase.minus(costBase),
    })
    return result
  }

  private moveCash(
    direction: Direction,
    currency: string,
    amount: Decimal,
    amountBase: Decimal,
  ): void {
    const balance = this.cash.get(currency) ?? { amount: ZERO, costBase: ZERO }
    const after =
      direction === 'in'
        ? { amount: balance.amount.plus(amount), costBase: balance.costBase.plus(amountBase) }
        : { amount: balance.amount.minus(amount), costBase: balance.costBase.minus(amountBase) }
    this.cash.set(currency, after)
    if (this.journal?.recordsCash(currency)) {
      this.journal.cash.push({
        transaction: entryTransaction(this.applying),
        amount: direction === 'in' ? amount : amount.neg(),
        costBase: direction === 'in' ? amountBase : amountBase.neg(),
      })
    }
    this.negativeCash.note(currency, balance.amount, after.amount, this.applying)
  }

  /** A trade's or transfer's fee and tax on the position, in the base currency at `fxRate`. */
  private bookCosts(
    position: Position,
    costs: { fee: Decimal; tax: Decimal },
    fxRate: Decimal,
  ): void {
    this.book(position, 'fees', position.currency, costs.fee, costs.fee.times(fxRate))
    this.book(position, 'taxes', position.currency, costs.tax, costs.tax.times(fxRate))
  }

  private positionFor(id: string, instrumentCode: string, currency: string): Position {
    let position = this.positions.get(instrumentCode)
    if (position === undefined) {
      position = new Position(instrumentCode, currency, this.settings)
      this.positions.set(instrumentCode, position)
    } else if (position.currency !== currency) {
      fail(
        'currency_mismatch',
        `Transaction ${id}: ${instrumentCode} trades in ${position.currency}, not ${currency}`,
        id,
        'currency',
      )
    }
    return position
  }

  private heldPosition(transaction: TradeTransaction | TransferOutTransaction): Position {
    const position = this.positionFor(
      transaction.id,
      transaction.instrumentCode,
      transaction.currency,
    )
    const held = position.basis.quantity
    if (transaction.quantity.gt(held)) {
      fail(
        'insufficient_quantity',
        `Transaction ${transaction.id}: ${transaction.type} of ${transaction.quantity.toString()} ${transaction.instrumentCode} exceeds the ${held.toString()} held`,
        transaction.id,
        'quantity',
      )
    }
    return position
  }
}
