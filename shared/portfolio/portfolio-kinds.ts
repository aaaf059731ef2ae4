/**
 * The kinds the portfolio engine, the database's check constraints, the API and the forms all
 * share: one list each, here, because the browser may not import the worker.
 */
export const TRANSACTION_TYPES = [
  'BUY',
  'SELL',
  'DIVIDEND',
  'INTEREST',
  'FEE',
  'FEE_REFUND',
  'TAX',
  'TAX_REFUND',
  'DEPOSIT',
  'WITHDRAWAL',
  'EXCHANGE',
  'SPLIT',
  'BONUS_ISSUE',
  'RIGHTS_ISSUE',
  'TRANSFER_IN',
  'TRANSFER_OUT',
] as const

export type TransactionType = (typeof TRANSACTION_TYPES)[number]

/** `AVERAGE`: weighted average cost (Turkish brokers). `FIFO`: oldest lots first (German tax law). */
export const COST_BASIS_METHODS = ['AVERAGE', 'FIFO'] as const

export type CostBasisMethod = (typeof COST_BASIS_METHODS)[number]

export const INSTRUMENT_TYPES = [
  'STOCK',
  'ETF',
  'FUND',
  'BOND',
  'CRYPTO',
  'COMMODITY',
  'OTHER',
] as const

export type InstrumentType = (typeof INSTRUMENT_TYPES)[number]
