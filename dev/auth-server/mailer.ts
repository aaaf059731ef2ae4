import type { MailKind } from '../outbox/outbox'
import type { AuthDeps } from './deps'
import type { UserRow } from './users'

const SUBJECTS: Record<MailKind, string> = {
  signup: 'Confirm Your Signup',
  magiclink: 'Your Magic Link',
  recovery: 'Reset Your Password',
  email_change: 'Confirm Email Change',
  invite: 'You have been invited',
  reauthentication: 'Confirm reauthentication',
}

const INTRODUCTIONS: Record<MailKind, string> = {
  signup: 'Follow this link to confirm your user:',
  magiclink: 'Follow this link to login:',
  recovery: 'Follow this link to reset the password for your user:',
  email_change: 'Follow this link to confirm the update of your email:',
  invite: 'You have been invited to create a user. Follow this link to accept the invite:',
  reauthentication: 'Enter the code to confirm it is you:',
}

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

/** Composes the message the hosted service would email and delivers it to the local outbox. */
export function sendAuthEmail(deps: AuthDeps, message: AuthEmail) {
  const link = message.confirmationUrl
  const lines = [INTRODUCTIONS[message.kind]]
  if (link) lines.push(link, '', 'Alternatively, enter the code:')
  lines.push(message.code)
  return deps.outbox.deliver({
    kind: message.kind,
    to: message.to.toLowerCase(),
    code: message.code,
    ...(link ? { link } : {}),
    subject: SUBJECTS[message.kind],
    text: lines.join('\n'),
  })
}
