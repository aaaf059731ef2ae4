import type { MailKind } from '../outbox/outbox'
import type { AuthDeps } from './deps'
import type { TemplateData } from './go-template'
import { spendEmail } from './rate-limits'
import type { UserRow } from './users'

export interface AuthEmail {
  kind: MailKind
  user: UserRow
  /** The validated redirect target of the request, else the site URL. */
  redirectTo: string
  to: string
  code: string
  tokenHash: string
  confirmationUrl: string | undefined
}

/** The variables GoTrue passes each kind of template (reauthentication gets no link). */
function templateData(deps: AuthDeps, message: AuthEmail): TemplateData {
  const data: TemplateData = {
    SiteURL: deps.config.siteUrl,
    Email: message.user.email ?? '',
    Token: message.code,
    Data: message.user.raw_user_meta_data ?? {},
  }
  if (message.kind === 'reauthentication') return data
  return {
    ...data,
    ConfirmationURL: message.confirmationUrl,
    TokenHash: message.tokenHash,
    RedirectTo: message.redirectTo,
    ...(message.kind === 'email_change'
      ? { NewEmail: message.user.email_change ?? '', SendingTo: message.to }
      : {}),
  }
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&#43;': '+',
  '&#39;': "'",
  '&#34;': '"',
  '&lt;': '<',
  '&gt;': '>',
}

/** The first `href` of the rendered mail, as a reader's click would follow it. */
function firstLink(html: string): string | undefined {
  const href = /\shref="([^"]*)"/.exec(html)?.[1]
  return href?.replace(/&(amp|#43|#39|#34|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity)
}

/**
 * Renders the project's template for the mail and delivers it to the local outbox, within the
 * project's hourly budget of mails (else `over_email_send_rate_limit`).
 */
export function sendAuthEmail(deps: AuthDeps, message: AuthEmail) {
  spendEmail(deps.limits.emailSent)
  const { subject, html } = deps.emailTemplates(message.kind, templateData(deps, message))
  const link = firstLink(html)
  return deps.outbox.deliver({
    kind: message.kind,
    to: message.to.toLowerCase(),
    subject,
    html,
    code: message.code,
    ...(link ? { link } : {}),
    ...(message.confirmationUrl ? { confirmationUrl: message.confirmationUrl } : {}),
  })
}
