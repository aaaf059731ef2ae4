import { randomBytes } from 'node:crypto'
import { SELLER_ID } from './catalog'
import type { EntityContext } from './entities'
import type { EventLog, StoredEvent } from './event-log'
import { microsOfIso, type PaddleClock } from './paddle-clock'
import type {
  AddressRecord,
  AdjustmentRecord,
  CustomerRecord,
  SubscriptionRecord,
  TransactionRecord,
} from './records'

/** The account's portal id: Paddle's portal links start `…/cpl_<id>?action=…`. */
export const PORTAL_ID = 'cpl_01jq7k1ymetp0rta1000000000'

/** How long portal and invoice links work (Paddle's invoice links last an hour). */
const LINK_LIFETIME_MS = 60 * 60 * 1000

interface Grant {
  /** The customer a portal token opens, or the transaction an invoice token downloads. */
  subject: string
  expiresAt: number
}

/** Everything the stand-in knows, in memory, and the one place events are emitted from. */
export class BillingState implements EntityContext {
  readonly customers = new Map<string, CustomerRecord>()
  readonly addresses = new Map<string, AddressRecord>()
  readonly transactions = new Map<string, TransactionRecord>()
  readonly subscriptions = new Map<string, SubscriptionRecord>()
  readonly adjustments = new Map<string, AdjustmentRecord>()
  private readonly portalGrants = new Map<string, Grant>()
  private readonly invoiceGrants = new Map<string, Grant>()
  private invoiceSequence = 10_000

  constructor(
    readonly baseUrl: string,
    readonly clock: PaddleClock,
    readonly log: EventLog,
  ) {}

  /** Records an event of `data` (a snapshot rendered now) at a fresh `occurred_at`. */
  emit(eventType: string, data: unknown): StoredEvent {
    return this.log.record(
      {
        event_id: this.clock.id('evt'),
        event_type: eventType,
        occurred_at: this.clock.stamp(),
        notification_id: this.clock.id('ntf'),
      },
      data,
    )
  }

  nextInvoiceNumber(): string {
    this.invoiceSequence += 1
    return `${SELLER_ID}-${this.invoiceSequence}`
  }

  adjustmentsOf(transactionId: string): AdjustmentRecord[] {
    return [...this.adjustments.values()].filter((a) => a.transactionId === transactionId)
  }

  subscriptionsOf(customerId: string): SubscriptionRecord[] {
    return [...this.subscriptions.values()].filter((s) => s.customerId === customerId)
  }

  transactionsOfCustomer(customerId: string): TransactionRecord[] {
    return [...this.transactions.values()].filter((t) => t.customerId === customerId)
  }

  findCustomerByEmail(email: string): CustomerRecord | undefined {
    const wanted = email.trim().toLowerCase()
    return [...this.customers.values()].find((customer) => customer.email === wanted)
  }

  /** A portal token (`pga_…`) for the customer, valid for an hour from the stand-in's clock. */
  grantPortal(customerId: string): string {
    const token = `pga_${randomBytes(24).toString('base64url')}`
    this.portalGrants.set(token, { subject: customerId, expiresAt: this.expiry() })
    return token
  }

  /** The customer a portal token opens, if it is known and unexpired. */
  portalCustomer(token: string | undefined): CustomerRecord | undefined {
    const customerId = this.grantSubject(this.portalGrants, token)
    return customerId ? this.customers.get(customerId) : undefined
  }

  portalUrl(token: string, params: Record<string, string>): string {
    const query = new URLSearchParams({ ...params, token })
    return `${this.baseUrl}/portal/${PORTAL_ID}?${query}`
  }

  managementUrls(subscription: SubscriptionRecord) {
    const token = this.grantPortal(subscription.customerId)
    const link = (action: string) =>
      this.portalUrl(token, { action, subscription_id: subscription.id })
    return {
      update_payment_method: link('update_subscription_payment_method'),
      cancel: link('cancel_subscription'),
    }
  }

  /** A temporary link to the transaction's invoice PDF. */
  invoiceUrl(transactionId: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
    const token = randomBytes(18).toString('base64url')
    this.invoiceGrants.set(token, { subject: transactionId, expiresAt: this.expiry() })
    const query = new URLSearchParams({ token, disposition })
    return `${this.baseUrl}/invoices/${transactionId}.pdf?${query}`
  }

  invoiceTransaction(token: string | undefined): TransactionRecord | undefined {
    const transactionId = this.grantSubject(this.invoiceGrants, token)
    return transactionId ? this.transactions.get(transactionId) : undefined
  }

  /** Microseconds since the epoch on the stand-in's clock. */
  nowMicros(): number {
    return this.clock.now().getTime() * 1000
  }

  private expiry(): number {
    return this.clock.now().getTime() + LINK_LIFETIME_MS
  }

  private grantSubject(grants: Map<string, Grant>, token: string | undefined) {
    const grant = token ? grants.get(token) : undefined
    return grant && grant.expiresAt > this.clock.now().getTime() ? grant.subject : undefined
  }
}

/** How far through its period a subscription is at `nowMicros`, from 0 to 1. */
export function periodElapsed(period: { starts_at: string; ends_at: string }, nowMicros: number) {
  const start = microsOfIso(period.starts_at)
  const end = microsOfIso(period.ends_at)
  if (end <= start) return 1
  return Math.min(1, Math.max(0, (nowMicros - start) / (end - start)))
}
