import { randomUUID } from 'node:crypto'

export type MailKind =
  'signup' | 'magiclink' | 'recovery' | 'email_change' | 'invite' | 'reauthentication'

export interface MailMessage {
  id: string
  to: string
  kind: MailKind
  subject: string
  /** The mail as rendered from the project's template. */
  html: string
  /** Where the mail's button leads (absent for reauthentication codes). */
  link?: string
  /** GoTrue's own verification link, `.ConfirmationURL`, which templates may use instead. */
  confirmationUrl?: string
  /** The 6-digit one-time code the message carries. */
  code: string
  sentAt: string
}

const MESSAGES_KEPT = 500

/** Messages the auth server "sent", kept in memory for the outbox page and for tests. */
export class Outbox {
  private readonly messages: MailMessage[] = []

  deliver(message: Omit<MailMessage, 'id' | 'sentAt'>): MailMessage {
    const stored = { ...message, id: randomUUID(), sentAt: new Date().toISOString() }
    this.messages.unshift(stored)
    this.messages.length = Math.min(this.messages.length, MESSAGES_KEPT)
    return stored
  }

  /** Newest first; only those to `address` when given. */
  list(address?: string): MailMessage[] {
    const wanted = address?.toLowerCase()
    return wanted ? this.messages.filter((m) => m.to === wanted) : [...this.messages]
  }

  latest(address: string): MailMessage | undefined {
    return this.list(address)[0]
  }
}
