import type { Decimal } from './decimal'
import { applyingOrder } from './applying-order'
import { ONE, ZERO, parseDecimal } from './decimal'
import { fail } from './errors'
import { IdSet } from './id-set'
import { parseIsoDate } from './iso-date'

export const TRANSACTION_TYPES = [
  'BUY',
  'SELL',
  'DIVIDEND',
  'INTEREST',
  'FEE',
  'TAX',
  'DEPOSIT',
  'WITHDRAWAL',
  'SPLIT',
  'TRANSFER_IN',
  'TRANSFER_OUT',
] as const

export type TransactionType = (typeof TRANSACTION_TYPES)[number]

const KNOWN_TYPES: ReadonlySet<string> = new Set(TRANSACTION_TYPES)

/** `AVERAGE`: weighted average cost (Turkish brokers). `FIFO`: oldest lots first (German tax law). */
export const COST_BASIS_METHODS = ['AVERAGE', 'FIFO'] as const

export type CostBasisMethod = (typeof COST_BASIS_METHODS)[number]

export interface PortfolioSettings {
  /** ISO 4217 code every total is reported in. */
  baseCurrency: string
  costBasisMethod: CostBasisMethod
  /**
   * Whether the portfolio keeps a cash balance. With cash, deposits and withdrawals are the money
   * moving in and out and trades move cash; without, every trade and income is money in or out.
   */
  recordsCash: boolean
}

/**
 * A transaction as stored or received over JSON. Decimals are strings (`'1.5'`) so nothing passes
 * through binary floating point; dates are `YYYY-MM-DD`; absent fields may be omitted or null.
 * Which fields each type reads is listed in `docs/portfolio-math.md`.
 */
export interface TransactionInput {
  id: string
  /** Orders transactions of the same trade date (then the id does). */
  sequence: number
  /** One of {@link TRANSACTION_TYPES}; anything else is reported as `unknown_type`. */
  type: string
  tradeDate: string
  instrumentCode?: string | null
  /** Currency of the prices and amounts; for an instrument, its trading currency. SPLIT: unused. */
  currency: string
  /** Base-currency units per unit of `currency` on the trade date; needed for other currencies. */
  fxRate?: string | null
  quantity?: string | null
  unitPrice?: string | null
  /** Gross amount of DIVIDEND, INTEREST, FEE, TAX, DEPOSIT and WITHDRAWAL. */
  amount?: string | null
  fee?: string | null
  tax?: string | null
  /** SPLIT only: new shares for old, `'2:1'`, `'1:10'`, or one number (`'2'` = `'2:1'`). */
  splitRatio?: string | null
  /** TRANSFER_IN only: when the shares were first bought (FIFO order, holding periods). */
  acquiredDate?: string | null
  /** TRANSFER_IN only: the purchase FX rate the carried cost converts at (defaults to `fxRate`). */
  acquisitionFxRate?: string | null
}

interface TransactionCommon {
  id: string
  sequence: number
  day: number
  date: string
  currency: string
  /** The shared `ONE` for base-currency transactions. */
  fxRate: Decimal
}

interface Costs {
  fee: Decimal
  tax: Decimal
}

export interface TradeTransaction extends TransactionCommon, Costs {
  type: 'BUY' | 'SELL'
  instrumentCode: string
  quantity: Decimal
  unitPrice: Decimal
}

export interface AmountTransaction extends TransactionCommon, Costs {
  type: 'DIVIDEND' | 'INTEREST' | 'FEE' | 'TAX' | 'DEPOSIT' | 'WITHDRAWAL'
  /** Always set for DIVIDEND, never for DEPOSIT and WITHDRAWAL, optional otherwise. */
  instrumentCode: string | null
  amount: Decimal
}

/** A split moves no money: its currency is empty and its rate the shared `ONE`. */
export interface SplitTransaction extends TransactionCommon {
  type: 'SPLIT'
  instrumentCode: string
  /** Quantities are multiplied by `newShares / oldShares`. */
  newShares: Decimal
  oldShares: Decimal
}

export interface TransferInTransaction extends TransactionCommon, Costs {
  type: 'TRANSFER_IN'
  instrumentCode: string
  quantity: Decimal
  /** The carried cost per unit, not a market price. */
  unitPrice: Decimal
  acquiredDay: number
  acquisitionFxRate: Decimal
}

export interface TransferOutTransaction extends TransactionCommon {
  type: 'TRANSFER_OUT'
  instrumentCode: string
  quantity: Decimal
}

/** A validated transaction: decimals parsed, dates as day numbers, fields checked for its type. */
export type Transaction =
  | TradeTransaction
  | AmountTransaction
  | SplitTransaction
  | TransferInTransaction
  | TransferOutTransaction

/** Three capital letters A–Z, as ISO 4217 codes are: checked for every transaction, so no regex. */
function isCurrencyCode(text: unknown): text is string {
  if (typeof text !== 'string' || text.length !== 3) return false
  for (let index = 0; index < 3; index++) {
    const code = text.charCodeAt(index)
    if (code < 65 || code > 90) return false
  }
  return true
}

/**
 * Whether `text` is empty or only white space, as `trim` sees it. A printable ASCII first
 * character settles it without `trim`, which this runs for nearly every transaction.
 */
function isBlank(text: string): boolean {
  const first = text.charCodeAt(0)
  if (first > 32 && first < 127) return false
  return text.trim() === ''
}

/** Checks the portfolio settings; throws a typed error when they cannot be used. */
export function validatePortfolioSettings(settings: PortfolioSettings): void {
  if (!isCurrencyCode(settings.baseCurrency)) {
    fail(
      'invalid_currency',
      `Base currency ${String(settings.baseCurrency)} is not an ISO 4217 code`,
      null,
      'baseCurrency',
    )
  }
  if (!(COST_BASIS_METHODS as readonly string[]).includes(settings.costBasisMethod)) {
    fail(
      'unknown_cost_basis_method',
      `Cost-basis method ${String(settings.costBasisMethod)} is not one of ${COST_BASIS_METHODS.join(', ')}`,
      null,
      'costBasisMethod',
    )
  }
}

type DecimalField = 'quantity' | 'unitPrice' | 'amount' | 'fee' | 'tax'

class TransactionReader {
  constructor(
    private readonly input: TransactionInput,
    private readonly settings: PortfolioSettings,
  ) {}

  private fail(code: Parameters<typeof fail>[0], message: string, field: string | null): never {
    return fail(code, `Transaction ${this.input.id}: ${message}`, this.input.id, field)
  }

  private decimal(field: DecimalField): Decimal | null {
    const text = this.input[field]
    if (text === undefined || text === null) return null
    const value = parseDecimal(text)
    if (value === null) this.fail('invalid_number', `${field} "${text}" is not a decimal`, field)
    return value
  }

  private positive(
    field: DecimalField,
    code: 'non_positive_quantity' | 'non_positive_price' | 'non_positive_amount',
  ): Decimal {
    const value = this.decimal(field)
    if (value === null) this.fail('missing_field', `${field} is required`, field)
    if (value.sign() <= 0) this.fail(code, `${field} must be greater than zero`, field)
    return value
  }

  private cost(field: 'fee' | 'tax'): Decimal {
    const value = this.decimal(field)
    if (value === null || value.isZero()) return ZERO
    if (value.sign() < 0) this.fail('negative_fee_or_tax', `${field} must not be negative`, field)
    return value
  }

  private instrumentCode(): string {
    const code = this.optionalInstrumentCode()
    if (code === null) this.fail('missing_field', 'instrumentCode is required', 'instrumentCode')
    return code
  }

  private optionalInstrumentCode(): string | null {
    const code = this.input.instrumentCode
    if (code === undefined || code === null) return null
    if (typeof code !== 'string' || isBlank(code)) {
      this.fail('missing_field', 'instrumentCode must not be empty', 'instrumentCode')
    }
    return code
  }

  private currency(): string {
    const currency = this.input.currency
    if (!isCurrencyCode(currency)) {
      this.fail(
        'invalid_currency',
        `currency ${String(currency)} is not an ISO 4217 code`,
        'currency',
      )
    }
    return currency
  }

  /** A rate to the base currency: required and positive for other currencies, 1 for the base. */
  private fxRate(
    field: 'fxRate' | 'acquisitionFxRate',
    currency: string,
    fallback: Decimal | null,
  ): Decimal {
    const text = this.input[field]
    const isBase = currency === this.settings.baseCurrency
    if (text === undefined || text === null) {
      if (isBase) return ONE
      if (fallback !== null) return fallback
      this.fail(
        'missing_fx_rate',
        `${field} from ${currency} to ${this.settings.baseCurrency} is required`,
        field,
      )
    }
    const rate = parseDecimal(text)
    if (rate === null) this.fail('invalid_number', `${field} "${text}" is not a decimal`, field)
    if (isBase) {
      if (rate.cmp(ONE) !== 0) {
        this.fail('invalid_fx_rate', `${field} must be 1 for the base currency`, field)
      }
      return ONE
    }
    if (rate.sign() <= 0) this.fail('invalid_fx_rate', `${field} must be greater than zero`, field)
    return rate
  }

  private splitRatio(): { newShares: Decimal; oldShares: Decimal } {
    const text = this.input.splitRatio
    if (text === undefined || text === null) {
      this.fail('missing_field', 'splitRatio is required', 'splitRatio')
    }
    const parts = String(text).split(':')
    const newShares = parts[0] === undefined ? null : parseDecimal(parts[0])
    const oldShares =
      parts.length === 1 ? ONE : parts.length === 2 ? parseDecimal(parts[1] ?? '') : null
    if (
      newShares === null ||
      oldShares === null ||
      newShares.sign() <= 0 ||
      oldShares.sign() <= 0
    ) {
      this.fail(
        'invalid_split_ratio',
        `splitRatio "${text}" must be positive, like "2:1" or "1:10"`,
        'splitRatio',
      )
    }
    return { newShares, oldShares }
  }

  private acquiredDay(tradeDay: number): number {
    const text = this.input.acquiredDate
    if (text === undefined || text === null) return tradeDay
    const day = parseIsoDate(text)
    if (day === null || day > tradeDay) {
      this.fail(
        'invalid_date',
        `acquiredDate "${text}" must be a date on or before the trade date`,
        'acquiredDate',
      )
    }
    return day
  }

  /** The whole transaction, once its type, date and sequence are known to be valid. */
  read(day: number): Transaction {
    const { id, sequence, tradeDate: date, type } = this.input
    if (type === 'SPLIT') {
      // A split changes units, not money: no currency or rate to read.
      const { newShares, oldShares } = this.splitRatio()
      const instrumentCode = this.instrumentCode()
      return {
        id,
        sequence,
        day,
        date,
        currency: '',
        fxRate: ONE,
        type,
        instrumentCode,
        newShares,
        oldShares,
      }
    }
    const currency = this.currency()
    const fxRate = this.fxRate('fxRate', currency, null)
    // Plain literals rather than spreading a shared object: this runs once per transaction.
    switch (type as TransactionType) {
      case 'BUY':
      case 'SELL':
        return {
          id,
          sequence,
          day,
          date,
          currency,
          fxRate,
          type: type as 'BUY' | 'SELL',
          instrumentCode: this.instrumentCode(),
          quantity: this.positive('quantity', 'non_positive_quantity'),
          unitPrice: this.positive('unitPrice', 'non_positive_price'),
          fee: this.cost('fee'),
          tax: this.cost('tax'),
        }
      case 'TRANSFER_IN':
        return {
          id,
          sequence,
          day,
          date,
          currency,
          fxRate,
          type: 'TRANSFER_IN',
          instrumentCode: this.instrumentCode(),
          quantity: this.positive('quantity', 'non_positive_quantity'),
          unitPrice: this.positive('unitPrice', 'non_positive_price'),
          fee: this.cost('fee'),
          tax: this.cost('tax'),
          acquiredDay: this.acquiredDay(day),
          acquisitionFxRate: this.fxRate('acquisitionFxRate', currency, fxRate),
        }
      case 'TRANSFER_OUT':
        return {
          id,
          sequence,
          day,
          date,
          currency,
          fxRate,
          type: 'TRANSFER_OUT',
          instrumentCode: this.instrumentCode(),
          quantity: this.positive('quantity', 'non_positive_quantity'),
        }
      case 'DEPOSIT':
      case 'WITHDRAWAL':
        if (!this.settings.recordsCash) {
          this.fail('cash_not_recorded', `${type} needs a portfolio that records cash`, 'type')
        }
        return this.amountTransaction(day, currency, fxRate, type as 'DEPOSIT' | 'WITHDRAWAL', null)
      case 'DIVIDEND':
        return this.amountTransaction(day, currency, fxRate, 'DIVIDEND', this.instrumentCode())
      default:
        return this.amountTransaction(
          day,
          currency,
          fxRate,
          type as 'INTEREST' | 'FEE' | 'TAX',
          this.optionalInstrumentCode(),
        )
    }
  }

  private amountTransaction(
    day: number,
    currency: string,
    fxRate: Decimal,
    type: AmountTransaction['type'],
    instrumentCode: string | null,
  ): AmountTransaction {
    const { id, sequence, tradeDate } = this.input
    return {
      id,
      sequence,
      day,
      date: tradeDate,
      currency,
      fxRate,
      type,
      instrumentCode,
      amount: this.positive('amount', 'non_positive_amount'),
      fee: this.cost('fee'),
      tax: this.cost('tax'),
    }
  }
}

/**
 * A portfolio's transactions in the order they apply: trade date, then sequence, then id, so the
 * input order never matters. The order keys are checked up front; the rest of a transaction when
 * it is read, just before it is applied, so its parsed decimals are short-lived.
 */
export class TransactionSequence {
  private constructor(
    private readonly inputs: readonly TransactionInput[],
    private readonly days: Int32Array,
    private readonly settings: PortfolioSettings,
  ) {}

  /** Checks ids, types, dates and sequence numbers and orders the transactions. */
  static of(inputs: readonly TransactionInput[], settings: PortfolioSettings): TransactionSequence {
    const count = inputs.length
    const seen = new IdSet(count)
    const days = new Int32Array(count)
    const sequences = new Float64Array(count)
    const ids = new Array<string>(count)
    // Transactions of one day usually come together (a query ordered by date returns them so),
    // and the same text gives the same day: the last valid date read is kept and compared first.
    let lastDate: string | null = null
    let lastDay = 0
    for (let index = 0; index < count; index++) {
      const input = inputs[index] as TransactionInput
      const id = input.id
      if (typeof id !== 'string' || id === '') {
        fail('invalid_transaction_id', 'Every transaction needs a non-empty string id', null, 'id')
      }
      if (!seen.add(id)) {
        fail('duplicate_transaction_id', `Transaction id ${id} is used twice`, id, 'id')
      }
      if (!KNOWN_TYPES.has(input.type)) {
        fail(
          'unknown_type',
          `Transaction ${id}: type "${String(input.type)}" is not one of ${TRANSACTION_TYPES.join(', ')}`,
          id,
          'type',
        )
      }
      const tradeDate = input.tradeDate
      const day = lastDate !== null && tradeDate === lastDate ? lastDay : parseIsoDate(tradeDate)
      if (day === null) {
        fail(
          'invalid_date',
          `Transaction ${id}: tradeDate "${String(input.tradeDate)}" is not a YYYY-MM-DD date`,
          id,
          'tradeDate',
        )
      }
      const sequence = input.sequence
      if (typeof sequence !== 'number' || !Number.isFinite(sequence)) {
        fail(
          'invalid_number',
          `Transaction ${id}: sequence must be a finite number`,
          id,
          'sequence',
        )
      }
      lastDate = tradeDate
      lastDay = day
      days[index] = day
      sequences[index] = sequence
      ids[index] = id
    }
    const order = applyingOrder(days, sequences, ids)
    const ordered = new Array<TransactionInput>(count)
    const orderedDays = new Int32Array(count)
    for (let to = 0; to < count; to++) {
      const from = order[to] ?? 0
      ordered[to] = inputs[from] as TransactionInput
      orderedDays[to] = days[from] ?? 0
    }
    return new TransactionSequence(ordered, orderedDays, settings)
  }

  get length(): number {
    return this.inputs.length
  }

  /** The trade day of the transaction at `index` (in applying order). */
  dayAt(index: number): number {
    return this.days[index] ?? Infinity
  }

  /** Validates and parses the transaction at `index`; typed error naming it when it is invalid. */
  read(index: number): Transaction {
    const input = this.inputs[index]
    if (input === undefined) throw new RangeError(`No transaction at ${index}`)
    return new TransactionReader(input, this.settings).read(this.dayAt(index))
  }
}
