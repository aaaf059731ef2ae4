import type { Decimal } from '../../shared/decimal/decimal'
import { ONE, ZERO, parseDecimal } from '../../shared/decimal/decimal'
import { fail } from './errors'
import type { PortfolioErrorCode } from './errors'
import { parseIsoDate } from './iso-date'
import { COST_BASIS_METHODS } from '../../shared/portfolio/portfolio-kinds'
import type { CostBasisMethod, TransactionType } from '../../shared/portfolio/portfolio-kinds'

export { COST_BASIS_METHODS, TRANSACTION_TYPES } from '../../shared/portfolio/portfolio-kinds'
export type { CostBasisMethod, TransactionType } from '../../shared/portfolio/portfolio-kinds'

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
 * A transaction as stored or received over JSON. Decimals are plain decimal strings (`'1.5'`) so
 * nothing passes through binary floating point; dates are `YYYY-MM-DD`; absent fields may be
 * omitted or null. Which fields each type reads is listed in `docs/portfolio-math.md`.
 */
export interface TransactionInput {
  id: string
  /** Orders transactions of the same trade date (then the id does). */
  sequence: number
  /** One of {@link TRANSACTION_TYPES}; anything else is reported as `unknown_type`. */
  type: string
  tradeDate: string
  instrumentCode?: string | null
  /**
   * Currency of the prices and amounts; for an instrument, its trading currency. SPLIT and
   * BONUS_ISSUE: unused.
   */
  currency?: string | null
  /** Base-currency units per unit of `currency` on the trade date; needed for other currencies. */
  fxRate?: string | null
  /** BONUS_ISSUE: the new units received. */
  quantity?: string | null
  /** RIGHTS_ISSUE: the subscription price. */
  unitPrice?: string | null
  /**
   * Gross amount of DIVIDEND, INTEREST, FEE, TAX, DEPOSIT and WITHDRAWAL. SPLIT: the cash paid in
   * lieu of fractional units, in the instrument's currency (none when omitted).
   */
  amount?: string | null
  fee?: string | null
  tax?: string | null
  /** SPLIT only: new shares for old, `'2:1'`, `'1:10'`, or one number (`'2'` = `'2:1'`). */
  splitRatio?: string | null
  /** TRANSFER_IN only: when the shares were first bought (FIFO order, holding periods). */
  acquiredDate?: string | null
  /** TRANSFER_IN only: the purchase FX rate the carried cost converts at (defaults to `fxRate`). */
  acquisitionFxRate?: string | null
  /** EXCHANGE only: the currency received for `amount` of `currency`. */
  toCurrency?: string | null
  /** EXCHANGE only: the amount received, in `toCurrency`. */
  toAmount?: string | null
}

/** The keys every transaction is ordered by, checked before anything else is read. */
export interface TransactionKeys {
  id: string
  sequence: number
  type: TransactionType
  day: number
  date: string
}

interface Money {
  currency: string
  /** Base-currency units per unit of `currency`: exactly 1 in the base currency. */
  fxRate: Decimal
  fee: Decimal
  tax: Decimal
}

/** A RIGHTS_ISSUE buys the new units at the subscription price, as a BUY buys at the market's. */
export interface TradeTransaction extends TransactionKeys, Money {
  type: 'BUY' | 'SELL' | 'RIGHTS_ISSUE'
  instrumentCode: string
  quantity: Decimal
  unitPrice: Decimal
}

export interface AmountTransaction extends TransactionKeys, Money {
  type:
    'DIVIDEND' | 'INTEREST' | 'FEE' | 'FEE_REFUND' | 'TAX' | 'TAX_REFUND' | 'DEPOSIT' | 'WITHDRAWAL'
  /** Always set for DIVIDEND, never for DEPOSIT and WITHDRAWAL, optional otherwise. */
  instrumentCode: string | null
  amount: Decimal
}

/** Money changed from the cash of `currency` (amount, fee and tax) into that of `toCurrency`. */
export interface ExchangeTransaction extends TransactionKeys, Money {
  type: 'EXCHANGE'
  amount: Decimal
  toCurrency: string
  toAmount: Decimal
}

/** A split moves no money, but may pay cash in lieu of fractional units. */
export interface SplitTransaction extends TransactionKeys {
  type: 'SPLIT'
  instrumentCode: string
  /** Quantities are multiplied by `newShares / oldShares`. */
  newShares: Decimal
  oldShares: Decimal
  /** Cash in lieu of fractional units, in the instrument's currency. */
  cashInLieu: Decimal
  /** The rate for the cash in lieu, when given. */
  fxRate: Decimal | null
}

/** New units for nothing: they join the units held, with their cost and dates. */
export interface BonusIssueTransaction extends TransactionKeys {
  type: 'BONUS_ISSUE'
  instrumentCode: string
  quantity: Decimal
}

export interface TransferInTransaction extends TransactionKeys, Money {
  type: 'TRANSFER_IN'
  instrumentCode: string
  quantity: Decimal
  /** The carried cost per unit, not a market price. */
  unitPrice: Decimal
  acquiredDay: number
  acquisitionFxRate: Decimal
}

export interface TransferOutTransaction extends TransactionKeys {
  type: 'TRANSFER_OUT'
  instrumentCode: string
  currency: string
  quantity: Decimal
}

/** A validated transaction: decimals parsed, dates as day numbers, fields checked for its type. */
export type Transaction =
  | TradeTransaction
  | AmountTransaction
  | SplitTransaction
  | BonusIssueTransaction
  | TransferInTransaction
  | TransferOutTransaction
  | ExchangeTransaction

const CURRENCY_CODE = /^[A-Z]{3}$/

function isCurrencyCode(text: unknown): text is string {
  return typeof text === 'string' && CURRENCY_CODE.test(text)
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

type Field = keyof TransactionInput

/** Reads the fields of one transaction whose keys were checked, failing with its id. */
class FieldReader {
  constructor(
    private readonly input: TransactionInput,
    private readonly id: string,
  ) {}

  fail(code: PortfolioErrorCode, message: string, field: Field): never {
    return fail(code, `Transaction ${this.id}: ${message}`, this.id, field)
  }

  decimal(field: Field): Decimal | null {
    const text = this.input[field]
    if (text === undefined || text === null) return null
    const value = parseDecimal(text)
    if (value === null)
      this.fail('invalid_number', `${field} "${String(text)}" is not a decimal`, field)
    return value
  }

  /** The currency an exchange receives: a code, not the one it gives. */
  toCurrency(given: string): string {
    const currency = this.input.toCurrency
    if (!isCurrencyCode(currency) || currency === given) {
      this.fail(
        'invalid_currency',
        `toCurrency ${String(currency)} must be an ISO 4217 code other than ${given}`,
        'toCurrency',
      )
    }
    return currency
  }

  positive(
    field: Field,
    code: 'non_positive_quantity' | 'non_positive_price' | 'non_positive_amount',
  ): Decimal {
    const value = this.decimal(field)
    if (value === null) this.fail('missing_field', `${field} is required`, field)
    if (value.sign() <= 0) this.fail(code, `${field} must be greater than zero`, field)
    return value
  }

  /** A fee, tax or cash in lieu: zero when absent, never negative. */
  nonNegative(field: 'fee' | 'tax' | 'amount'): Decimal {
    const value = this.decimal(field) ?? ZERO
    if (value.sign() < 0) this.fail('negative_fee_or_tax', `${field} must not be negative`, field)
    return value
  }

  requiredInstrumentCode(): string {
    return (
      this.instrumentCode() ??
      this.fail('missing_field', 'instrumentCode is required', 'instrumentCode')
    )
  }

  instrumentCode(): string | null {
    const code = this.input.instrumentCode
    if (code === undefined || code === null) return null
    if (typeof code !== 'string' || code.trim() === '') {
      this.fail('missing_field', 'instrumentCode must not be empty', 'instrumentCode')
    }
    return code
  }

  currency(): string {
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

  /** A rate to the base currency: positive for other currencies, exactly 1 for the base. */
  fxRate(field: 'fxRate' | 'acquisitionFxRate', isBase: boolean): Decimal | null {
    const rate = this.decimal(field)
    if (rate === null) return isBase ? ONE : null
    if (isBase && !rate.eq(ONE))
      this.fail('invalid_fx_rate', `${field} must be 1 for the base currency`, field)
    if (rate.sign() <= 0) this.fail('invalid_fx_rate', `${field} must be greater than zero`, field)
    return rate
  }

  splitRatio(): { newShares: Decimal; oldShares: Decimal } {
    const text = this.input.splitRatio
    if (text === undefined || text === null)
      this.fail('missing_field', 'splitRatio is required', 'splitRatio')
    const parts = String(text).split(':')
    const newShares = parseDecimal(parts[0])
    const oldShares = parts.length === 1 ? ONE : parts.length === 2 ? parseDecimal(parts[1]) : null
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

  acquiredDay(tradeDay: number): number {
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
}

/**
 * Validates and parses the fields of a transaction whose keys were checked (see
 * `orderTransactions`); throws a typed error naming it and the field at fault.
 */
export function readTransaction(
  input: TransactionInput,
  keys: TransactionKeys,
  settings: PortfolioSettings,
): Transaction {
  const reader: FieldReader = new FieldReader(input, keys.id)
  if (keys.type === 'SPLIT') {
    // The instrument's currency is known to the ledger, not here: the rate is read as given.
    return {
      ...keys,
      type: 'SPLIT',
      ...reader.splitRatio(),
      instrumentCode: reader.requiredInstrumentCode(),
      cashInLieu: reader.nonNegative('amount'),
      fxRate: reader.fxRate('fxRate', false),
    }
  }
  if (keys.type === 'BONUS_ISSUE') {
    return {
      ...keys,
      type: 'BONUS_ISSUE',
      instrumentCode: reader.requiredInstrumentCode(),
      quantity: reader.positive('quantity', 'non_positive_quantity'),
    }
  }
  const currency = reader.currency()
  const isBase = currency === settings.baseCurrency
  const fxRate = reader.fxRate('fxRate', isBase)
  const requireRate = (rate: Decimal | null, field: 'fxRate' | 'acquisitionFxRate'): Decimal => {
    if (rate === null) {
      reader.fail(
        'missing_fx_rate',
        `${field} from ${currency} to ${settings.baseCurrency} is required`,
        field,
      )
    }
    return rate
  }
  switch (keys.type) {
    case 'TRANSFER_OUT':
      return {
        ...keys,
        type: keys.type,
        currency,
        instrumentCode: reader.requiredInstrumentCode(),
        quantity: reader.positive('quantity', 'non_positive_quantity'),
      }
    case 'TRANSFER_IN': {
      const acquisitionFxRate = reader.fxRate('acquisitionFxRate', isBase) ?? fxRate
      return {
        ...keys,
        type: keys.type,
        currency,
        fxRate: requireRate(fxRate, 'fxRate'),
        instrumentCode: reader.requiredInstrumentCode(),
        quantity: reader.positive('quantity', 'non_positive_quantity'),
        unitPrice: reader.positive('unitPrice', 'non_positive_price'),
        fee: reader.nonNegative('fee'),
        tax: reader.nonNegative('tax'),
        acquiredDay: reader.acquiredDay(keys.day),
        acquisitionFxRate: requireRate(acquisitionFxRate, 'acquisitionFxRate'),
      }
    }
    case 'BUY':
    case 'SELL':
    case 'RIGHTS_ISSUE':
      return {
        ...keys,
        type: keys.type,
        currency,
        fxRate: requireRate(fxRate, 'fxRate'),
        instrumentCode: reader.requiredInstrumentCode(),
        quantity: reader.positive('quantity', 'non_positive_quantity'),
        unitPrice: reader.positive('unitPrice', 'non_positive_price'),
        fee: reader.nonNegative('fee'),
        tax: reader.nonNegative('tax'),
      }
    case 'EXCHANGE':
      if (!settings.recordsCash) {
        reader.fail('cash_not_recorded', 'EXCHANGE needs a portfolio that records cash', 'type')
      }
      return {
        ...keys,
        type: keys.type,
        currency,
        fxRate: requireRate(fxRate, 'fxRate'),
        amount: reader.positive('amount', 'non_positive_amount'),
        fee: reader.nonNegative('fee'),
        tax: reader.nonNegative('tax'),
        toCurrency: reader.toCurrency(currency),
        toAmount: reader.positive('toAmount', 'non_positive_amount'),
      }
    default:
      if ((keys.type === 'DEPOSIT' || keys.type === 'WITHDRAWAL') && !settings.recordsCash) {
        reader.fail('cash_not_recorded', `${keys.type} needs a portfolio that records cash`, 'type')
      }
      return {
        ...keys,
        type: keys.type,
        currency,
        fxRate: requireRate(fxRate, 'fxRate'),
        instrumentCode:
          keys.type === 'DEPOSIT' || keys.type === 'WITHDRAWAL'
            ? null
            : keys.type === 'DIVIDEND'
              ? reader.requiredInstrumentCode()
              : reader.instrumentCode(),
        amount: reader.positive('amount', 'non_positive_amount'),
        fee: reader.nonNegative('fee'),
        tax: reader.nonNegative('tax'),
      }
  }
}
