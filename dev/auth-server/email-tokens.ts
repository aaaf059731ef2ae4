import type { MailKind } from '../outbox/outbox'
import type { Db } from './database'
import type { AuthDeps } from './deps'
import { forbidden } from './errors'
import { createFlowState } from './flow-state'
import { sendAuthEmail } from './mailer'
import { generateOtp, isExpired, PKCE_PREFIX, tokenHash } from './one-time-tokens'
import type { UserRow } from './users'

/** The verification types a link or code is checked under. */
export type VerifyType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'email'

/** Which column holds the token of each kind of email, and when it was sent. */
const TOKEN_COLUMNS = {
  signup: ['confirmation_token', 'confirmation_sent_at'],
  invite: ['confirmation_token', 'confirmation_sent_at'],
  magiclink: ['recovery_token', 'recovery_sent_at'],
  recovery: ['recovery_token', 'recovery_sent_at'],
  email_change: ['email_change_token_new', 'email_change_sent_at'],
  reauthentication: ['reauthentication_token', 'reauthentication_sent_at'],
} as const satisfies Record<MailKind, readonly [keyof UserRow, keyof UserRow]>

/** GoTrue's names for the flow an emailed link belongs to (the PKCE flow state records it). */
export const FLOW_METHODS: Record<MailKind, string> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
  reauthentication: 'reauthentication',
}

export interface EmailTokenRequest {
  kind: MailKind
  user: UserRow
  /** Where the link lands after verification. */
  redirectTo: string
  pkce?: { challenge: string; method: 's256' | 'plain' } | undefined
}

/** A one-time token as stored, with what its email (or the admin API) hands out. */
export interface IssuedEmailToken {
  /** The address the token is checked against: the user's own, or the pending new address. */
  to: string
  /** The 6-digit code. */
  code: string
  /** What `verifyOtp({ token_hash })` and the link take; `pkce_`-prefixed in a PKCE flow. */
  tokenHash: string
  /** GoTrue's own verification link (`.ConfirmationURL`); none for reauthentication. */
  confirmationUrl: string | undefined
}

/** Stores a new one-time token for `user` (replacing any earlier one of the same kind). */
export async function issueEmailToken(
  db: Db,
  deps: AuthDeps,
  request: EmailTokenRequest,
): Promise<IssuedEmailToken> {
  const { kind, user } = request
  const to = kind === 'email_change' ? (user.email_change ?? '') : (user.email ?? '')
  const code = generateOtp()
  const hash = tokenHash(to, code)
  const stored = request.pkce ? PKCE_PREFIX + hash : hash
  if (request.pkce) {
    await createFlowState(db, {
      userId: user.id,
      pkce: request.pkce,
      providerType: 'email',
      authenticationMethod: FLOW_METHODS[kind],
    })
  }
  const [tokenColumn, sentColumn] = TOKEN_COLUMNS[kind]
  await db`
    update auth.users set ${db({ [tokenColumn]: stored, [sentColumn]: new Date() })}, updated_at = now()
    where id = ${user.id}
  `
  const confirmationUrl =
    kind === 'reauthentication'
      ? undefined
      : `${deps.config.apiUrl}/verify?${new URLSearchParams({
          token: stored,
          type: kind,
          redirect_to: request.redirectTo,
        })}`
  return { to, code, tokenHash: stored, confirmationUrl }
}

/** Issues a token and emails it with the project's template for `kind`. */
export async function sendEmailToken(db: Db, deps: AuthDeps, request: EmailTokenRequest) {
  const issued = await issueEmailToken(db, deps, request)
  sendAuthEmail(deps, {
    kind: request.kind,
    user: request.user,
    redirectTo: request.redirectTo,
    ...issued,
  })
}

const OTP_INVALID = () => forbidden('otp_expired', 'Token has expired or is invalid')

const kindsOf = (type: VerifyType): MailKind[] =>
  type === 'email' ? ['signup', 'magiclink'] : [type]

export interface VerifiedToken {
  user: UserRow
  kind: MailKind
  /** The token was issued in a PKCE flow: answer a link with an auth code, not tokens. */
  pkce: boolean
}

/**
 * Finds the user a code (with their address) or a token hash belongs to, checks expiry and
 * clears the token so it works once.
 */
export async function consumeEmailToken(
  db: Db,
  deps: AuthDeps,
  type: VerifyType,
  proof: { tokenHash: string } | { email: string; token: string },
): Promise<VerifiedToken> {
  for (const kind of kindsOf(type)) {
    const [tokenColumn, sentColumn] = TOKEN_COLUMNS[kind]
    const hash =
      'tokenHash' in proof
        ? proof.tokenHash.replace(PKCE_PREFIX, '')
        : tokenHash(proof.email.toLowerCase(), proof.token)
    const addressColumn = kind === 'email_change' ? 'email_change' : 'email'
    const [user] = await db<UserRow[]>`
      select * from auth.users
      where ${db(tokenColumn)} in (${hash}, ${PKCE_PREFIX + hash})
      ${'email' in proof ? db`and ${db(addressColumn)} = ${proof.email.toLowerCase()}` : db``}
      for update
    `
    if (!user) continue
    if (isExpired(user[sentColumn] as Date | null, deps.config.otpExpiry)) throw OTP_INVALID()
    const pkce = String(user[tokenColumn]).startsWith(PKCE_PREFIX)
    await db`update auth.users set ${db({ [tokenColumn]: '' })} where id = ${user.id}`
    return { user, kind, pkce }
  }
  throw OTP_INVALID()
}

/** Applies what verifying a token of `kind` means: a confirmed address, or the new address. */
export async function applyVerification(db: Db, user: UserRow, kind: MailKind): Promise<UserRow> {
  if (kind === 'email_change' && user.email_change) {
    await db`
      update auth.users set email = email_change, email_change = '', email_change_sent_at = null,
        email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
      where id = ${user.id}
    `
    await db`
      update auth.identities
      set identity_data = identity_data || jsonb_build_object('email', ${user.email_change}::text),
        updated_at = now()
      where user_id = ${user.id} and provider = 'email'
    `
  } else if (!user.email_confirmed_at) {
    await db`update auth.users set email_confirmed_at = now(), updated_at = now() where id = ${user.id}`
    await db`
      update auth.identities
      set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
      where user_id = ${user.id} and provider = 'email'
    `
  }
  const [fresh] = await db<UserRow[]>`select * from auth.users where id = ${user.id}`
  return fresh as UserRow
}
