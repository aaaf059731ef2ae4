import { randomUUID } from 'node:crypto'
import type { BillingState } from './billing-state'
import { transactionAmounts, transactionJson } from './entities'
import type { TransactionRecord } from './records'

/**
 * The steps every charge goes through, each emitting Paddle's event for it: a transaction is
 * created (ready for a checkout, billed for a subscription), paid, then completed with an
 * invoice number; or its payment fails.
 */

type NewTransactionFields = Pick<
  TransactionRecord,
  | 'status'
  | 'origin'
  | 'customerId'
  | 'addressId'
  | 'countryCode'
  | 'currency'
  | 'customData'
  | 'subscriptionId'
  | 'priceId'
  | 'quantity'
  | 'billingPeriod'
> &
  Partial<Pick<TransactionRecord, 'credit' | 'proratedPeriod'>>

/** A new transaction: `transaction.created`, then `transaction.ready` or `transaction.billed`. */
export function openTransaction(state: BillingState, fields: NewTransactionFields) {
  const at = state.clock.stamp()
  const txn: TransactionRecord = {
    credit: 0,
    proratedPeriod: null,
    ...fields,
    id: state.clock.id('txn'),
    itemId: state.clock.id('txnitm'),
    invoiceId: null,
    invoiceNumber: null,
    payments: [],
    createdAt: at,
    updatedAt: at,
    billedAt: fields.status === 'billed' ? at : null,
  }
  state.transactions.set(txn.id, txn)
  state.emit('transaction.created', transactionJson(state, txn))
  if (txn.status === 'ready') state.emit('transaction.ready', transactionJson(state, txn))
  if (txn.status === 'billed') state.emit('transaction.billed', transactionJson(state, txn))
  return txn
}

/** The payment is captured: `transaction.paid`. */
export function capturePayment(state: BillingState, txn: TransactionRecord): void {
  const at = state.clock.stamp()
  txn.payments.push({
    amount: transactionAmounts(txn).grand.total,
    status: 'captured',
    errorCode: null,
    createdAt: at,
    capturedAt: at,
    attemptId: randomUUID(),
  })
  txn.status = 'paid'
  txn.billedAt ??= at
  txn.updatedAt = at
  state.emit('transaction.paid', transactionJson(state, txn))
}

/** Paddle has processed the payment and numbered the invoice: `transaction.completed`. */
export function completeTransaction(state: BillingState, txn: TransactionRecord): void {
  txn.status = 'completed'
  txn.invoiceId = state.clock.id('inv')
  txn.invoiceNumber = state.nextInvoiceNumber()
  txn.updatedAt = state.clock.stamp()
  state.emit('transaction.completed', transactionJson(state, txn))
}

/** The card is declined: `transaction.payment_failed` (the status stays as it was). */
export function declinePayment(
  state: BillingState,
  txn: TransactionRecord,
  errorCode = 'declined',
): void {
  const at = state.clock.stamp()
  txn.payments.push({
    amount: transactionAmounts(txn).grand.total,
    status: 'error',
    errorCode,
    createdAt: at,
    capturedAt: null,
    attemptId: randomUUID(),
  })
  txn.updatedAt = at
  state.emit('transaction.payment_failed', transactionJson(state, txn))
}
