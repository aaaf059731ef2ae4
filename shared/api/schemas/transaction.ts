import { z } from 'zod'
import { TRANSACTION_TYPES } from '../../portfolio/portfolio-kinds'
import {
  currencyCode,
  decimalString,
  isoDate,
  nonNegativeDecimal,
  plainText,
  positiveDecimal,
  timestamp,
  uuid,
} from './common'
import { instrumentSchema } from './instrument'

const splitRatio = z
  .string()
  .regex(/^\d+(\.\d+)?(:\d+(\.\d+)?)?$/, 'split_ratio')
  .refine((text) => text.split(':').every((part) => /[1-9]/.test(part)), 'split_ratio')

const note = plainText.max(500, 'too_long')

/**
 * A transaction as a form or a script sends it. Which fields each type needs is checked by
 * `transactionFieldRules` (and again by the database and the engine), so one flat shape serves
 * every type and the form can switch type without losing what was typed.
 */
export const transactionWriteSchema = z
  .object({
    type: z.enum(TRANSACTION_TYPES),
    tradeDate: isoDate,
    instrumentId: uuid.nullish(),
    /** Defaults to the instrument's currency, or the base currency without an instrument. */
    currency: currencyCode.nullish(),
    /** Base-currency units per unit of `currency`; looked up from the rates table when absent. */
    fxRate: positiveDecimal.nullish(),
    quantity: positiveDecimal.nullish(),
    unitPrice: positiveDecimal.nullish(),
    amount: nonNegativeDecimal.nullish(),
    fee: nonNegativeDecimal.nullish(),
    tax: nonNegativeDecimal.nullish(),
    splitRatio: splitRatio.nullish(),
    acquiredDate: isoDate.nullish(),
    acquisitionFxRate: positiveDecimal.nullish(),
    /** EXCHANGE: the currency received for `amount` of `currency`, and how much of it. */
    toCurrency: currencyCode.nullish(),
    toAmount: positiveDecimal.nullish(),
    note: note.nullish(),
  })
  .superRefine((tx, context) => {
    for (const [field, rule] of Object.entries(FIELD_RULES[tx.type])) {
      const value = tx[field as keyof typeof tx]
      const present = value !== undefined && value !== null && value !== ''
      if (rule === 'required' && !present) {
        context.addIssue({ code: 'custom', path: [field], message: 'required' })
      } else if (rule === 'forbidden' && present) {
        context.addIssue({ code: 'custom', path: [field], message: 'not_for_type' })
      }
    }
    // An amount the type is made of is more than zero (a split's cash in lieu may be none).
    if (FIELD_RULES[tx.type].amount === 'required') {
      if (tx.amount && !/[1-9]/.test(tx.amount)) {
        context.addIssue({ code: 'custom', path: ['amount'], message: 'positive' })
      }
    }
    if (tx.acquiredDate && tx.acquiredDate > tx.tradeDate) {
      context.addIssue({ code: 'custom', path: ['acquiredDate'], message: 'after_trade_date' })
    }
    if (tx.toCurrency && tx.toCurrency === tx.currency) {
      context.addIssue({ code: 'custom', path: ['toCurrency'], message: 'same_currency' })
    }
  })
export type TransactionWrite = z.infer<typeof transactionWriteSchema>

type Rule = 'required' | 'optional' | 'forbidden'
type FieldName =
  | 'instrumentId'
  | 'quantity'
  | 'unitPrice'
  | 'amount'
  | 'splitRatio'
  | 'acquiredDate'
  | 'acquisitionFxRate'
  | 'toCurrency'
  | 'toAmount'

const trade: Record<FieldName, Rule> = {
  instrumentId: 'required',
  quantity: 'required',
  unitPrice: 'required',
  amount: 'forbidden',
  splitRatio: 'forbidden',
  acquiredDate: 'forbidden',
  acquisitionFxRate: 'forbidden',
  toCurrency: 'forbidden',
  toAmount: 'forbidden',
}
const cash = (instrument: Rule): Record<FieldName, Rule> => ({
  instrumentId: instrument,
  quantity: 'forbidden',
  unitPrice: 'forbidden',
  amount: 'required',
  splitRatio: 'forbidden',
  acquiredDate: 'forbidden',
  acquisitionFxRate: 'forbidden',
  toCurrency: 'forbidden',
  toAmount: 'forbidden',
})

/** Which fields each type needs ('required'), may have, or must not have; the forms show these. */
export const FIELD_RULES: Record<(typeof TRANSACTION_TYPES)[number], Record<FieldName, Rule>> = {
  BUY: trade,
  SELL: trade,
  TRANSFER_IN: { ...trade, acquiredDate: 'required', acquisitionFxRate: 'optional' },
  TRANSFER_OUT: { ...trade, unitPrice: 'forbidden' },
  SPLIT: {
    ...trade,
    quantity: 'forbidden',
    unitPrice: 'forbidden',
    amount: 'optional',
    splitRatio: 'required',
  },
  // The units received; they cost nothing (docs/portfolio-math.md).
  BONUS_ISSUE: { ...trade, unitPrice: 'forbidden' },
  // The new units and their subscription price.
  RIGHTS_ISSUE: trade,
  DIVIDEND: cash('required'),
  INTEREST: cash('optional'),
  FEE: cash('optional'),
  FEE_REFUND: cash('optional'),
  TAX: cash('optional'),
  TAX_REFUND: cash('optional'),
  DEPOSIT: cash('forbidden'),
  WITHDRAWAL: cash('forbidden'),
  EXCHANGE: { ...cash('forbidden'), toCurrency: 'required', toAmount: 'required' },
}

/** A new transaction: the client's idempotency key makes a repeated POST write nothing. */
export const transactionCreateSchema = z.object({
  idempotencyKey: uuid,
  transaction: transactionWriteSchema,
})
export type TransactionCreate = z.infer<typeof transactionCreateSchema>

export const transactionSchema = z.object({
  id: uuid,
  portfolioId: uuid,
  sequence: z.number().int(),
  type: z.enum(TRANSACTION_TYPES),
  tradeDate: isoDate,
  instrument: instrumentSchema.nullable(),
  currency: currencyCode,
  fxRate: decimalString.nullable(),
  quantity: decimalString.nullable(),
  unitPrice: decimalString.nullable(),
  amount: decimalString.nullable(),
  fee: decimalString,
  tax: decimalString,
  splitRatio: z.string().nullable(),
  acquiredDate: isoDate.nullable(),
  acquisitionFxRate: decimalString.nullable(),
  toCurrency: currencyCode.nullable(),
  toAmount: decimalString.nullable(),
  note: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
})
export type Transaction = z.infer<typeof transactionSchema>

export const transactionQuerySchema = z.object({
  instrumentId: uuid.optional(),
  /** From a previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
})

/** Newest first (trade date, then sequence). */
export const transactionPageSchema = z.object({
  transactions: z.array(transactionSchema),
  nextCursor: z.string().nullable(),
})
export type TransactionPage = z.infer<typeof transactionPageSchema>
