import { describe, expect, it } from 'vitest'
import { PLANS } from '../../shared/pricing/plans'
import { MAX_TRANSACTIONS } from './size-limit'

describe('the size one analysis takes', () => {
  it('is never below a plan’s limit, so users never meet the refusal', () => {
    for (const plan of PLANS) {
      const limit = plan.limits.transactionsPerPortfolio
      expect(limit, plan.id).not.toBeNull()
      expect(limit ?? Infinity, plan.id).toBeLessThanOrEqual(MAX_TRANSACTIONS)
    }
  })
})
