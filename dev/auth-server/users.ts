import { randomUUID } from 'node:crypto'
import type { Db, JsonObject } from './database'
import { jsonb } from './database'
import { notFound } from './errors'

export interface UserRow {
  id: string
  aud: string
  role: string
  email: string | null
  phone: string | null
  encrypted_password: string | null
  email_confirmed_at: Date | null
  phone_confirmed_at: Date | null
  confirmed_at: Date | null
  invited_at: Date | null
  confirmation_token: string | null
  confirmation_sent_at: Date | null
  recovery_token: string | null
  recovery_sent_at: Date | null
  email_change: string | null
  email_change_token_new: string | null
  email_change_sent_at: Date | null
  reauthentication_token: string | null
  reauthentication_sent_at: Date | null
  last_sign_in_at: Date | null
  raw_app_meta_data: JsonObject | null
  raw_user_meta_data: JsonObject | null
  banned_until: Date | null
  created_at: Date
  updated_at: Date
  is_anonymous: boolean
}

export interface IdentityRow {
  id: string
  provider_id: string
  user_id: string
  identity_data: JsonObject
  provider: string
  last_sign_in_at: Date | null
  created_at: Date
  updated_at: Date
  email: string | null
}

export interface FactorRow {
  id: string
  user_id: string
  friendly_name: string | null
  factor_type: 'totp' | 'webauthn' | 'phone'
  status: 'verified' | 'unverified'
  secret: string | null
  created_at: Date
  updated_at: Date
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db<UserRow[]>`select * from auth.users where id = ${id}`
  return row
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db<UserRow[]>`
    select * from auth.users where email = ${email.toLowerCase()} and is_sso_user = false
  `
  return row
}

export async function requireUser(db: Db, id: string): Promise<UserRow> {
  const user = await findUserById(db, id)
  if (!user) throw notFound('user_not_found', 'User not found')
  return user
}

export interface NewUser {
  email: string
  encryptedPassword: string | null
  userMetadata: Record<string, unknown>
  /** Admin-created users keep exactly the metadata given; others also get the identity's claims. */
  exactUserMetadata?: boolean
  appMetadata?: Record<string, unknown>
  provider: string
  emailConfirmed: boolean
  invited?: boolean
}

/** Inserts a user with the `email` identity GoTrue gives every email user. */
export async function insertEmailUser(db: Db, input: NewUser): Promise<UserRow> {
  const id = randomUUID()
  const identityData = {
    sub: id,
    email: input.email,
    email_verified: input.emailConfirmed,
    phone_verified: false,
  }
  const [user] = await db<UserRow[]>`
    insert into auth.users (
      instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
      raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at
    ) values (
      '00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated',
      ${input.email}, ${input.encryptedPassword}, ${input.emailConfirmed ? new Date() : null},
      ${input.invited ? new Date() : null},
      ${jsonb(db, { provider: input.provider, providers: [input.provider], ...input.appMetadata })},
      ${jsonb(db, input.exactUserMetadata ? input.userMetadata : { ...identityData, ...input.userMetadata })},
      false, now(), now()
    )
    returning *
  `
  await db`
    insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
    values (${id}, ${id}, ${jsonb(db, identityData)}, 'email', now(), now())
  `
  return user as UserRow
}

async function listIdentities(db: Db, userId: string): Promise<IdentityRow[]> {
  return db<IdentityRow[]>`
    select * from auth.identities where user_id = ${userId} order by created_at, id
  `
}

async function listFactors(db: Db, userId: string): Promise<FactorRow[]> {
  return db<FactorRow[]>`
    select * from auth.mfa_factors where user_id = ${userId} order by created_at, id
  `
}

/** Keeps `app_metadata.providers` equal to the providers of the user's identities. */
export async function syncProviders(db: Db, userId: string): Promise<void> {
  await db`
    update auth.users set
      raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || jsonb_build_object(
        'providers',
        coalesce((select jsonb_agg(distinct provider) from auth.identities where user_id = ${userId}), '[]'::jsonb)
      ),
      updated_at = now()
    where id = ${userId}
  `
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : undefined)

function serializeIdentity(identity: IdentityRow) {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? undefined,
  }
}

function serializeFactor(factor: FactorRow) {
  return {
    id: factor.id,
    friendly_name: factor.friendly_name ?? undefined,
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: iso(factor.created_at),
    updated_at: iso(factor.updated_at),
  }
}

/** A user's MFA factors as the admin API lists them. */
export async function factorsResponse(db: Db, userId: string) {
  return (await listFactors(db, userId)).map(serializeFactor)
}

/** The user object of the wire contract: optional fields appear only when set. */
export async function userResponse(db: Db, user: UserRow) {
  const [identities, factors] = await Promise.all([
    listIdentities(db, user.id),
    listFactors(db, user.id),
  ])
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    invited_at: iso(user.invited_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: user.email_change ? iso(user.email_change_sent_at) : undefined,
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(serializeIdentity),
    factors: factors.length ? factors.map(serializeFactor) : undefined,
    banned_until: iso(user.banned_until),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  }
}
