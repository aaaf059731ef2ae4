import type { MailKind, Outbox } from '../outbox/outbox'

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

/** Composes the message the hosted service would email and delivers it to the local outbox. */
export function sendAuthEmail(
  outbox: Outbox,
  message: { kind: MailKind; to: string; code: string; link?: string },
) {
  const lines = [INTRODUCTIONS[message.kind]]
  if (message.link) lines.push(message.link, '', 'Alternatively, enter the code:')
  lines.push(message.code)
  return outbox.deliver({
    ...message,
    to: message.to.toLowerCase(),
    subject: SUBJECTS[message.kind],
    text: lines.join('\n'),
  })
}
