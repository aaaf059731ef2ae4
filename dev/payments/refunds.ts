import { badRequest, notFound, PaddleApiError } from './api-errors'
import type { BillingState } from './billing-state'
import { adjustmentJson, transactionAmounts } from './entities'
import type { AdjustmentRecord } from './records'

/**
 * Refunds as Paddle records them: an adjustment (`action: refund`) that waits for Paddle's
 * approval (`adjustment.created`, `pending_approval`), then is approved or rejected
 * (`adjustment.updated`). A refund alone does not touch the subscription.
 */

export interface RefundRequest {
  type: 'full' | 'partial'
  /** Minor units, VAT included; for partial refunds. */
  amount?: number
  reason?: string
}

const aboveRemaining = () =>
  new PaddleApiError(
    400,
    'adjustment_amount_above_remaining_allowed',
    'Adjustment item amount defined is above the remaining allowed',
    'adjustments',
  )

export function refund(state: BillingState, transactionId: string, request: RefundRequest) {
  const txn = state.transactions.get(transactionId)
  if (!txn) throw notFound('Transaction', transactionId)
  if (txn.status !== 'completed' || !txn.customerId) {
    throw badRequest('Only completed transactions can be refunded.')
  }
  const paid = transactionAmounts(txn).grand.total
  // Refunds awaiting approval count against what is left, as in Paddle.
  const taken = state
    .adjustmentsOf(txn.id)
    .filter((adjustment) => adjustment.status !== 'rejected')
    .reduce((sum, adjustment) => sum + adjustment.amount, 0)
  const remaining = paid - taken
  const amount = request.type === 'full' ? remaining : (request.amount ?? 0)
  if (!Number.isInteger(amount) || amount <= 0) {
    throw new PaddleApiError(
      400,
      'adjustment_amount_cannot_be_zero',
      'Adjustment amount cannot be zero',
      'adjustments',
    )
  }
  if (amount > remaining) throw aboveRemaining()
  const at = state.clock.stamp()
  const adjustment: AdjustmentRecord = {
    id: state.clock.id('adj'),
    itemAdjustmentId: state.clock.id('adjitm'),
    transactionId: txn.id,
    subscriptionId: txn.subscriptionId,
    customerId: txn.customerId,
    type: request.type,
    amount,
    reason: request.reason ?? 'Refund requested in the local stand-in',
    status: 'pending_approval',
    currency: txn.currency,
    createdAt: at,
    updatedAt: at,
  }
  state.adjustments.set(adjustment.id, adjustment)
  state.emit('adjustment.created', adjustmentJson(adjustment, txn))
  return adjustment
}

/** Paddle's decision on a pending refund. */
export function decideRefund(
  state: BillingState,
  adjustmentId: string,
  decision: 'approved' | 'rejected',
) {
  const adjustment = state.adjustments.get(adjustmentId)
  if (!adjustment) throw notFound('Adjustment', adjustmentId)
  if (adjustment.status !== 'pending_approval') {
    throw badRequest(`The adjustment is already ${adjustment.status}.`)
  }
  const txn = state.transactions.get(adjustment.transactionId)
  if (!txn) throw new Error(`Adjustment ${adjustment.id} without its transaction`)
  adjustment.status = decision
  adjustment.updatedAt = state.clock.stamp()
  state.emit('adjustment.updated', adjustmentJson(adjustment, txn))
  return adjustment
}
