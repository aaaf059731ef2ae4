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

/**
 * The position of `type` in {@link TRANSACTION_TYPES}, or −1. A chain of comparisons, most
 * common first: the strings come from JSON, not interned, so a `Set` hashed every one and then
 * compared it anyway.
 */
function typeCode(type: unknown): number {
  switch (type) {
    case 'BUY':
      return 0
    case 'SELL':
      return 1
    case 'DIVIDEND':
      return 2
    case 'INTEREST':
      return 3
    case 'FEE':
      return 4
    case 'TAX':
      return 5
    case 'DEPOSIT':
      return 6
    case 'WITHDRAWAL':
      return 7
    case 'SPLIT':
      return 8
    case 'TRANSFER_IN':
      return 9
    case 'TRANSFER_OUT':
      return 10
    default:
      return -1
  }
}

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

/**
 * Reads the rest of one transaction. Fields are read by name, each where it is needed and once:
 * rows parsed from JSON come in several hidden classes (a column null in some rows, a string in
 * others), so every read of a field is a megamorphic lookup, and one by a computed name
 * (`input[field]`) cost about three times as much.
 */
class TransactionReader {
  /** The keys are those {@link TransactionSequence.of} checked, so they are not read again. */
  constructor(
    private readonly input: TransactionInput,
    private readonly settings: PortfolioSettings,
    private readonly id: string,
    private readonly sequence: number,
    private readonly day: number,
    private readonly date: string,
    private readonly type: TransactionType,
  ) {}

  private fail(code: Parameters<typeof fail>[0], message: string, field: string | null): never {
    return fail(code, `Transaction ${this.id}: ${message}`, this.id, field)
  }

  private decimal(text: string | null | undefined, field: DecimalField): Decimal | null {
    if (text === undefined || text === null) return null
    const value = parseDecimal(text)
    if (value === null) this.fail('invalid_number', `${field} "${text}" is not a decimal`, field)
    return value
  }

  private positive(
    text: string | null | undefined,
    field: DecimalField,
    code: 'non_positive_quantity' | 'non_positive_price' | 'non_positive_amount',
  ): Decimal {
    const value = this.decimal(text, field)
    if (value === null) this.fail('missing_field', `${field} is required`, field)
    if (value.sign() <= 0) this.fail(code, `${field} must be greater than zero`, field)
    return value
  }

  private cost(text: string | null | undefined, field: 'fee' | 'tax'): Decimal {
    const value = this.decimal(text, field)
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
    text: string | null | undefined,
    field: 'fxRate' | 'acquisitionFxRate',
    currency: string,
    fallback: Decimal | null,
  ): Decimal {
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

  /** The whole transaction, its fields checked for its type. */
  read(): Transaction {
    const { id, sequence, day, date, type, input } = this
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
    const fxRate = this.fxRate(input.fxRate, 'fxRate', currency, null)
    // Plain literals rather than spreading a shared object: this runs once per transaction.
    switch (type) {
      case 'BUY':
      case 'SELL':
        return {
          id,
          sequence,
          day,
          date,
          currency,
          fxRate,
          type,
          instrumentCode: this.instrumentCode(),
          quantity: this.positive(input.quantity, 'quantity', 'non_positive_quantity'),
          unitPrice: this.positive(input.unitPrice, 'unitPrice', 'non_positive_price'),
          fee: this.cost(input.fee, 'fee'),
          tax: this.cost(input.tax, 'tax'),
        }
      case 'TRANSFER_IN':
        return {
          id,
          sequence,
          day,
          date,
          currency,
          fxRate,
          type,
          instrumentCode: this.instrumentCode(),
          quantity: this.positive(input.quantity, 'quantity', 'non_positive_quantity'),
          unitPrice: this.positive(input.unitPrice, 'unitPrice', 'non_positive_price'),
          fee: this.cost(input.fee, 'fee'),
          tax: this.cost(input.tax, 'tax'),
          acquiredDay: this.acquiredDay(day),
          acquisitionFxRate: this.fxRate(
            input.acquisitionFxRate,
            'acquisitionFxRate',
            currency,
            fxRate,
          ),
        }
      case 'TRANSFER_OUT':
        return {
          id,
          sequence,
          day,
          date,
          currency,
          fxRate,
          type,
          instrumentCode: this.instrumentCode(),
          quantity: this.positive(input.quantity, 'quantity', 'non_positive_quantity'),
        }
      case 'DEPOSIT':
      case 'WITHDRAWAL':
        if (!this.settings.recordsCash) {
          this.fail('cash_not_recorded', `${type} needs a portfolio that records cash`, 'type')
        }
        return this.amountTransaction(currency, fxRate, type, null)
      case 'DIVIDEND':
        return this.amountTransaction(currency, fxRate, type, this.instrumentCode())
      default:
        return this.amountTransaction(currency, fxRate, type, this.optionalInstrumentCode())
    }
  }

  private amountTransaction(
    currency: string,
    fxRate: Decimal,
    type: AmountTransaction['type'],
    instrumentCode: string | null,
  ): AmountTransaction {
    const { id, sequence, day, date, input } = this
    return {
      id,
      sequence,
      day,
      date,
      currency,
      fxRate,
      type,
      instrumentCode,
      amount: this.positive(input.amount, 'amount', 'non_positive_amount'),
      fee: this.cost(input.fee, 'fee'),
      tax: this.cost(input.tax, 'tax'),
    }
  }
}

/** The order keys of each transaction, by position in the input. */
interface CheckedKeys {
  days: Int32Array
  sequences: Float64Array
  ids: string[]
  dates: string[]
  /** Positions in {@link TRANSACTION_TYPES}. */
  types: Uint8Array
}

// Each loop below is a function of its own that returns right after it. Called once per
// analysis, such a loop runs as on-stack-replaced code that V8 keeps for the next call; code after
// the loop compiled before it ever ran has no type feedback, so every later analysis left that
// code there (a deoptimization of about a millisecond) and ran the rest unoptimized.

/** Checks the order keys of every transaction: ids, types, trade dates and sequence numbers. */
function checkedKeys(inputs: readonly TransactionInput[]): CheckedKeys {
  const count = inputs.length
  const seen = new IdSet(count)
  const keys: CheckedKeys = {
    days: new Int32Array(count),
    sequences: new Float64Array(count),
    ids: new Array<string>(count),
    dates: new Array<string>(count),
    types: new Uint8Array(count),
  }
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
    const type = input.type
    const code = typeCode(type)
    if (code < 0) {
      fail(
        'unknown_type',
        `Transaction ${id}: type "${String(type)}" is not one of ${TRANSACTION_TYPES.join(', ')}`,
        id,
        'type',
      )
    }
    const tradeDate = input.tradeDate
    const day = lastDate !== null && tradeDate === lastDate ? lastDay : parseIsoDate(tradeDate)
    if (day === null) {
      fail(
        'invalid_date',
        `Transaction ${id}: tradeDate "${String(tradeDate)}" is not a YYYY-MM-DD date`,
        id,
        'tradeDate',
      )
    }
    const sequence = input.sequence
    if (typeof sequence !== 'number' || !Number.isFinite(sequence)) {
      fail('invalid_number', `Transaction ${id}: sequence must be a finite number`, id, 'sequence')
    }
    lastDate = tradeDate
    lastDay = day
    keys.days[index] = day
    keys.sequences[index] = sequence
    keys.ids[index] = id
    keys.dates[index] = tradeDate
    keys.types[index] = code
  }
  return keys
}

/** `days` in the order given by `order`. */
function inOrder(days: Int32Array, order: Uint32Array): Int32Array {
  const ordered = new Int32Array(order.length)
  for (let to = 0; to < order.length; to++) ordered[to] = days[order[to] ?? 0] ?? 0
  return ordered
}

/**
 * A portfolio's transactions in the order they apply: trade date, then sequence, then id, so the
 * input order never matters. The order keys are checked up front, and kept; the rest of a
 * transaction when it is read, just before it is applied, so its parsed decimals are short-lived.
 */
export class TransactionSequence {
  private constructor(
    private readonly inputs: readonly TransactionInput[],
    /** Positions in `inputs`, in applying order. */
    private readonly order: Uint32Array,
    /** Trade days in applying order. */
    private readonly days: Int32Array,
    /** The checked keys, by position in `inputs`. */
    private readonly keys: CheckedKeys,
    private readonly settings: PortfolioSettings,
  ) {}

  /** Checks ids, types, dates and sequence numbers and orders the transactions. */
  static of(inputs: readonly TransactionInput[], settings: PortfolioSettings): TransactionSequence {
    const keys = checkedKeys(inputs)
    const order = applyingOrder(keys.days, keys.sequences, keys.ids)
    return new TransactionSequence(inputs, order, inOrder(keys.days, order), keys, settings)
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
    const at = this.order[index]
    if (at === undefined) throw new RangeError(`No transaction at ${index}`)
    // `at` is a position the keys were checked for, so every list has it.
    const { ids, sequences, dates, types } = this.keys
    return new TransactionReader(
      this.inputs[at] as TransactionInput,
      this.settings,
      ids[at] as string,
      sequences[at] as number,
      this.days[index] as number,
      dates[at] as string,
      TRANSACTION_TYPES[types[at] as number] as TransactionType,
    ).read()
  }
}
