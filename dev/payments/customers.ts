import { customerAlreadyExists } from './api-errors'
import type { BillingState } from './billing-state'
import { customerJson } from './entities'
import type { CustomerRecord, JsonObject } from './records'

export interface NewCustomer {
  email: string
  name?: string | null
  locale?: string
  customData?: JsonObject | null
}

/**
 * A new customer (`customer.created`). Paddle keeps one customer per email address, compared
 * without regard to case, and names the existing one when asked for a second.
 */
export function createCustomer(state: BillingState, input: NewCustomer): CustomerRecord {
  const email = input.email.trim().toLowerCase()
  const existing = state.findCustomerByEmail(email)
  if (existing) throw customerAlreadyExists(existing.id)
  const at = state.clock.stamp()
  const customer: CustomerRecord = {
    id: state.clock.id('ctm'),
    email,
    name: input.name ?? null,
    locale: input.locale ?? 'en',
    customData: input.customData ?? null,
    createdAt: at,
    updatedAt: at,
  }
  state.customers.set(customer.id, customer)
  state.emit('customer.created', customerJson(customer))
  return customer
}
