import { AmountsTally } from './amounts'
import { createCostBasis } from './cost-basis'
import type { CostBasisPosition } from './cost-basis'
import type { Decimal } from './decimal'
import { DecimalSum, ONE, ZERO, scale, toBase } from './decimal'
import { fail } from './errors'
import { LotStore } from './lot-store'
import type { Observation } from './price-series'
import { RealizedTally, transferOut } from './realized-gains'
import type { TransferOut } from './realized-gains'
import { SaleLog } from './sale-log'
import type {
  AmountTransaction,
  PortfolioSettings,
  SplitTransaction,
  TradeTransaction,
  Transaction,
  TransferInTransaction,
  TransferOutTransaction,
} from './transactions'

/** Income and costs booked to an instrument, or to the portfolio as a whole. */
class Bookings {
  readonly dividends: AmountsTally
  readonly interest: AmountsTally
  /** Every fee and every tax paid, wherever else it is counted. */
  readonly fees: AmountsTally
  readonly taxes: AmountsTally
  /** Base currency: costs not inside a cost basis, a sale or an income (FEE, TAX, deposit charges). */
  otherCosts: Decimal = ZERO

  constructor(inBaseCurrency: boolean) {
    this.dividends = new AmountsTally(inBaseCurrency)
    this.interest = new AmountsTally(inBaseCurrency)
    this.fees = new AmountsTally(inBaseCurrency)
    this.taxes = new AmountsTally(inBaseCurrency)
  }
}

/** Everything the portfolio has done with one instrument. */
export class Position extends Bookings {
  readonly basis: CostBasisPosition
  readonly realized: RealizedTally
  // The last BUY or SELL price (split-adjusted) and its date, as two fields changed in place:
  // every trade sets them, and an object per trade was garbage for the collector.
  private tradePrice: Decimal | null = null
  private tradeDate = ''

  /** `lots`: where a FIFO position keeps its open lots, shared by the ledger's positions. */
  constructor(
    readonly instrumentCode: string,
    readonly currency: string,
    settings: PortfolioSettings,
    lots: LotStore,
  ) {
    const inBaseCurrency = currency === settings.baseCurrency
    super(inBaseCurrency)
    this.basis = createCostBasis(settings.costBasisMethod, inBaseCurrency, lots)
    this.realized = new RealizedTally(inBaseCurrency, this.basis)
  }

  /** The last BUY or SELL price, split-adjusted: stands in for a close until one is known. */
  get lastTradePrice(): Observation | null {
    return this.tradePrice === null ? null : { value: this.tradePrice, date: this.tradeDate }
  }

  recordTradePrice(price: Decimal, date: string): void {
    this.tradePrice = price
    this.tradeDate = date
  }

  /** Multiplies the last trade price by `oldShares / newShares`, as a split does to prices. */
  splitTradePrice(newShares: Decimal, oldShares: Decimal): void {
    if (this.tradePrice !== null) this.tradePrice = scale(this.tradePrice, oldShares, newShares)
  }
}

type Direction = 'in' | 'out'

/**
 * Cash in one currency, and what it was worth in the base currency when it arrived. Nearly every
 * transaction moves cash, so both are running sums changed in place.
 */
export class CashBalance {
  private readonly amountSum = new DecimalSum()
  private readonly costBaseSum: DecimalSum

  /** `inBaseCurrency`: the cost in the base currency is the amount itself. */
  constructor(inBaseCurrency: boolean) {
    this.costBaseSum = inBaseCurrency ? this.amountSum : new DecimalSum()
  }

  get amount(): Decimal {
    return this.amountSum.value
  }

  get costBase(): Decimal {
    return this.costBaseSum.value
  }

  move(direction: Direction, amount: Decimal, amountBase: Decimal): void {
    const sameSum = this.costBaseSum === this.amountSum
    if (direction === 'in') {
      this.amountSum.add(amount)
      if (!sameSum) this.costBaseSum.add(amountBase)
    } else {
      this.amountSum.subtract(amount)
      if (!sameSum) this.costBaseSum.subtract(amountBase)
    }
  }
}

/** Sums over the whole history so far, all in the base currency. */
export interface LedgerTotals {
  /** Money in minus money out (external flows; transfers at their cost basis). */
  investedCapital: Decimal
  realizedGain: Decimal
  realizedCurrencyEffect: Decimal
  /** Net of withholding tax and charges. */
  dividends: Decimal
  interest: Decimal
  /** Every fee and tax paid, wherever it is counted. */
  fees: Decimal
  taxes: Decimal
  /** Fees and taxes not inside a cost basis, a sale or an income: FEE, TAX, deposit charges. */
  otherCosts: Decimal
}

/**
 * Money or securities crossing the portfolio's boundary, as returns count it: cash amounts in the
 * base currency; securities by quantity, valued by the caller at that day's price (their cost in
 * the instrument's currency stands in when no price is known).
 */
export type ExternalFlow =
  | { kind: 'cash'; direction: 'in' | 'out'; amount: Decimal }
  | {
      kind: 'securities'
      direction: 'in' | 'out'
      position: Position
      quantity: Decimal
      cost: Decimal
    }

/**
 * Applies validated transactions, in order, to positions, cash and invested capital. Holdings,
 * totals and the value series all read this one state machine.
 */
export class Ledger {
  readonly positions = new Map<string, Position>()
  /** Only filled when the portfolio records cash. */
  readonly cash = new Map<string, CashBalance>()
  /**
   * The latest FX rate seen on a transaction, per currency: stands in when no series has one.
   * Changed in place by later transactions, so read the value rather than keep the object.
   */
  readonly fxObserved = new Map<string, Observation>()
  private readonly investedCapitalSum = new DecimalSum()
  private readonly lots = new LotStore()
  /** Every sale with the lots it took; null when not kept (see the constructor). */
  readonly sales: SaleLog | null
  readonly transfers: TransferOut[] = []
  /** Interest, fees and taxes of no particular instrument; only its base sums are read, as its
   * instrument-currency sums mix currencies. */
  private readonly portfolioBookings = new Bookings(false)

  /**
   * `keepSales`: whether to keep a record of every sale and the lots it took. Holdings, totals
   * and the value series do not read them, and for a long history keeping them costs more than
   * anything else a sale does.
   */
  constructor(
    readonly settings: PortfolioSettings,
    keepSales: boolean,
  ) {
    this.sales = keepSales ? new SaleLog() : null
  }

  /** Money in minus money out so far (base currency). */
  get investedCapital(): Decimal {
    return this.investedCapitalSum.value
  }

  /** Applies one transaction; returns the external flow it makes, if any. */
  apply(transaction: Transaction): ExternalFlow | null {
    if (transaction.fxRate !== ONE) this.observeFxRate(transaction)
    switch (transaction.type) {
      case 'BUY':
        return this.buy(transaction)
      case 'SELL':
        return this.sell(transaction)
      case 'SPLIT':
        return this.split(transaction)
      case 'TRANSFER_IN':
        return this.transferIn(transaction)
      case 'TRANSFER_OUT':
        return this.transferOut(transaction)
      default:
        return this.amount(transaction)
    }
  }

  /** Keeps a transaction's FX rate as the latest seen for its currency, in place. */
  private observeFxRate({ currency, fxRate, date }: Transaction): void {
    const observed = this.fxObserved.get(currency)
    if (observed === undefined) this.fxObserved.set(currency, { value: fxRate, date })
    else {
      observed.value = fxRate
      observed.date = date
    }
  }

  /** The sums over positions and portfolio-level bookings, computed when asked. */
  totals(): LedgerTotals {
    const portfolio = this.portfolioBookings
    // Running sums rather than a chain of `plus`: ten year ends read this for every position.
    const realizedGain = new DecimalSum()
    const realizedCurrencyEffect = new DecimalSum()
    const dividends = new DecimalSum()
    const interest = new DecimalSum()
    const fees = new DecimalSum()
    const taxes = new DecimalSum()
    const otherCosts = new DecimalSum()
    dividends.add(portfolio.dividends.base)
    interest.add(portfolio.interest.base)
    fees.add(portfolio.fees.base)
    taxes.add(portfolio.taxes.base)
    otherCosts.add(portfolio.otherCosts)
    for (const position of this.positions.values()) {
      const realized = position.realized.figures()
      realizedGain.add(realized.gain.base)
      realizedCurrencyEffect.add(realized.currencyEffect)
      dividends.add(position.dividends.base)
      interest.add(position.interest.base)
      fees.add(position.fees.base)
      taxes.add(position.taxes.base)
      otherCosts.add(position.otherCosts)
    }
    return {
      investedCapital: this.investedCapital,
      realizedGain: realizedGain.value,
      realizedCurrencyEffect: realizedCurrencyEffect.value,
      dividends: dividends.value,
      interest: interest.value,
      fees: fees.value,
      taxes: taxes.value,
      otherCosts: otherCosts.value,
    }
  }

  private buy(buy: TradeTransaction): ExternalFlow | null {
    const position = this.positionFor(buy.id, buy.instrumentCode, buy.currency)
    const { cost, costBase } = this.acquire(position, buy, buy.day, buy.fxRate)
    position.recordTradePrice(buy.unitPrice, buy.date)
    this.bookCosts(position, buy)
    return this.trade('in', buy.currency, cost, costBase)
  }

  /**
   * Adds the units a BUY or TRANSFER_IN brings to the position's cost basis, at quantity × unit
   * price plus fee and tax, converted at `fxRate`; returns that cost in both currencies.
   */
  private acquire(
    position: Position,
    acquisition: TradeTransaction | TransferInTransaction,
    acquiredDay: number,
    fxRate: Decimal,
  ): { cost: Decimal; costBase: Decimal } {
    const cost = acquisition.quantity
      .times(acquisition.unitPrice)
      .plus(acquisition.fee)
      .plus(acquisition.tax)
    const costBase = toBase(cost, fxRate)
    position.basis.acquire({
      acquiredBy: acquisition.id,
      acquiredDay,
      quantity: acquisition.quantity,
      cost,
      costBase,
    })
    return { cost, costBase }
  }

  private sell(sell: TradeTransaction): ExternalFlow | null {
    const position = this.heldPosition(sell)
    const proceeds = sell.quantity.times(sell.unitPrice).minus(sell.fee.plus(sell.tax))
    const proceedsBase = toBase(proceeds, sell.fxRate)
    const basis = position.basis
    const sales = this.sales
    // The pool before the sale, whose average cost the sale's record shows.
    const recordsPool = sales !== null && this.settings.costBasisMethod === 'AVERAGE'
    const poolCost = recordsPool ? basis.cost : null
    const poolQuantity = recordsPool ? basis.quantity : null
    const disposal = basis.sell(sell.quantity, sell.fxRate, sales !== null)
    if (sales !== null && disposal !== null) {
      sales.record(sell, proceeds, disposal, poolCost, poolQuantity)
    }
    position.realized.add(proceeds, proceedsBase)
    position.recordTradePrice(sell.unitPrice, sell.date)
    this.bookCosts(position, sell)
    return this.trade('out', sell.currency, proceeds, proceedsBase)
  }

  private split(split: SplitTransaction): null {
    const position = this.positions.get(split.instrumentCode)
    if (position === undefined) return null
    position.basis.split(split.newShares, split.oldShares)
    position.splitTradePrice(split.newShares, split.oldShares)
    return null
  }

  private transferIn(transfer: TransferInTransaction): ExternalFlow {
    const position = this.positionFor(transfer.id, transfer.instrumentCode, transfer.currency)
    const { cost, costBase } = this.acquire(
      position,
      transfer,
      transfer.acquiredDay,
      transfer.acquisitionFxRate,
    )
    this.investedCapitalSum.add(costBase)
    return { kind: 'securities', direction: 'in', position, quantity: transfer.quantity, cost }
  }

  private transferOut(transfer: TransferOutTransaction): ExternalFlow {
    const position = this.heldPosition(transfer)
    const disposal = position.basis.dispose(transfer.quantity)
    this.transfers.push(transferOut(transfer, disposal))
    this.investedCapitalSum.subtract(disposal.costBase)
    return {
      kind: 'securities',
      direction: 'out',
      position,
      quantity: transfer.quantity,
      cost: disposal.cost,
    }
  }

  /** DIVIDEND, INTEREST, FEE, TAX, DEPOSIT and WITHDRAWAL. */
  private amount(transaction: AmountTransaction): ExternalFlow | null {
    const { id, type, instrumentCode, currency, amount, fee, tax, fxRate } = transaction
    const bookings =
      instrumentCode === null
        ? this.portfolioBookings
        : this.positionFor(id, instrumentCode, currency)
    const feeBase = toBase(fee, fxRate)
    const taxBase = toBase(tax, fxRate)
    bookings.fees.add(fee, feeBase)
    bookings.taxes.add(tax, taxBase)
    const amountBase = toBase(amount, fxRate)
    switch (type) {
      case 'DIVIDEND':
      case 'INTEREST': {
        // Income counts net of withholding tax and charges.
        const net = amount.minus(fee.plus(tax))
        const netBase = toBase(net, fxRate)
        bookings[type === 'DIVIDEND' ? 'dividends' : 'interest'].add(net, netBase)
        return this.trade('out', currency, net, netBase)
      }
      case 'FEE':
      case 'TAX': {
        bookings[type === 'FEE' ? 'fees' : 'taxes'].add(amount, amountBase)
        const paid = amount.plus(fee).plus(tax)
        const paidBase = toBase(paid, fxRate)
        bookings.otherCosts = bookings.otherCosts.plus(paidBase)
        return this.trade('in', currency, paid, paidBase)
      }
      case 'DEPOSIT':
      case 'WITHDRAWAL': {
        // The amount is what the investor sent or received; charges are a cost inside, taken
        // from a deposit on arrival and paid on top of a withdrawal.
        const direction = type === 'DEPOSIT' ? 'in' : 'out'
        const charges = fee.plus(tax)
        bookings.otherCosts = bookings.otherCosts.plus(toBase(charges, fxRate))
        const moved = direction === 'in' ? amount.minus(charges) : amount.plus(charges)
        this.moveCash(direction, currency, moved, toBase(moved, fxRate))
        return this.external(direction, amountBase)
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
    currency: string,
    amount: Decimal,
    amountBase: Decimal,
  ): ExternalFlow | null {
    if (this.settings.recordsCash) {
      this.moveCash(direction === 'in' ? 'out' : 'in', currency, amount, amountBase)
      return null
    }
    return this.external(direction, amountBase)
  }

  private external(direction: Direction, amountBase: Decimal): ExternalFlow {
    if (direction === 'in') this.investedCapitalSum.add(amountBase)
    else this.investedCapitalSum.subtract(amountBase)
    return { kind: 'cash', direction, amount: amountBase }
  }

  private moveCash(
    direction: Direction,
    currency: string,
    amount: Decimal,
    amountBase: Decimal,
  ): void {
    let balance = this.cash.get(currency)
    if (balance === undefined) {
      balance = new CashBalance(currency === this.settings.baseCurrency)
      this.cash.set(currency, balance)
    }
    balance.move(direction, amount, amountBase)
  }

  private bookCosts(position: Position, trade: TradeTransaction): void {
    position.fees.add(trade.fee, toBase(trade.fee, trade.fxRate))
    position.taxes.add(trade.tax, toBase(trade.tax, trade.fxRate))
  }

  private positionFor(id: string, instrumentCode: string, currency: string): Position {
    let position = this.positions.get(instrumentCode)
    if (position === undefined) {
      position = new Position(instrumentCode, currency, this.settings, this.lots)
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
    if (transaction.quantity.cmp(held) > 0) {
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
