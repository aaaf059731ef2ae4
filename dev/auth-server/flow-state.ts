import { createHash, randomUUID } from 'node:crypto'
import type { AuthConfig } from './config'
import type { Db } from './database'
import { badRequest, notFound, unprocessable } from './errors'

export interface FlowStateRow {
  id: string
  user_id: string | null
  auth_code: string
  code_challenge_method: 's256' | 'plain'
  code_challenge: string
  provider_type: string
  authentication_method: string
  created_at: Date
  auth_code_issued_at: Date | null
}

export interface PkceParams {
  code_challenge?: string | undefined
  code_challenge_method?: string | undefined
}

const CHALLENGE_PATTERN = /^[a-zA-Z0-9\-._~]{43,128}$/

/** The PKCE challenge of a request, validated; undefined for the implicit flow. */
export function readPkce(
  params: PkceParams,
): { challenge: string; method: 's256' | 'plain' } | undefined {
  const challenge = params.code_challenge ?? ''
  const method = (params.code_challenge_method ?? '').toLowerCase()
  if (!challenge && !method) return undefined
  if (!challenge || !method) {
    throw badRequest(
      'validation_failed',
      'PKCE flow requires code_challenge_method and code_challenge',
    )
  }
  if (method !== 's256' && method !== 'plain') {
    throw badRequest('validation_failed', `code challenge method not supported: ${method}`)
  }
  if (!CHALLENGE_PATTERN.test(challenge)) {
    throw badRequest(
      'validation_failed',
      'code challenge has to be between 43 and 128 characters and may contain only alphanumeric characters, hyphens, periods, underscores and tildes',
    )
  }
  return { challenge, method }
}

export async function createFlowState(
  db: Db,
  input: {
    userId: string | null
    pkce: { challenge: string; method: 's256' | 'plain' }
    providerType: string
    authenticationMethod: string
  },
): Promise<FlowStateRow> {
  const [row] = await db<FlowStateRow[]>`
    insert into auth.flow_state (
      id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
      authentication_method, created_at, updated_at
    ) values (
      ${randomUUID()}, ${input.userId}, ${randomUUID()}, ${input.pkce.method}, ${input.pkce.challenge},
      ${input.providerType}, ${input.authenticationMethod}, now(), now()
    ) returning *
  `
  return row as FlowStateRow
}

/** Marks the flow's auth code as handed out (its expiry starts now) and returns the code. */
export async function issueAuthCode(db: Db, flowId: string, userId: string): Promise<string> {
  const [row] = await db<{ auth_code: string }[]>`
    update auth.flow_state set user_id = ${userId}, auth_code_issued_at = now(), updated_at = now()
    where id = ${flowId} returning auth_code
  `
  if (!row) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found')
  return row.auth_code
}

export async function latestFlowState(
  db: Db,
  userId: string,
  authenticationMethod: string,
): Promise<FlowStateRow | undefined> {
  const [row] = await db<FlowStateRow[]>`
    select * from auth.flow_state
    where user_id = ${userId} and authentication_method = ${authenticationMethod}
    order by created_at desc limit 1
  `
  return row
}

function challengeOf(verifier: string, method: 's256' | 'plain'): string {
  return method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url')
}

/** Consumes the flow of `authCode` if `verifier` matches its challenge; returns the flow. */
export async function redeemAuthCode(
  db: Db,
  config: AuthConfig,
  authCode: string,
  verifier: string,
): Promise<FlowStateRow & { user_id: string }> {
  const [flow] = await db<FlowStateRow[]>`
    select * from auth.flow_state where auth_code = ${authCode} for update
  `
  if (!flow || !flow.user_id) {
    throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found')
  }
  const issuedAt = flow.auth_code_issued_at ?? flow.created_at
  if (Date.now() > issuedAt.getTime() + config.flowStateExpiry * 1000) {
    throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired')
  }
  if (challengeOf(verifier, flow.code_challenge_method) !== flow.code_challenge) {
    throw badRequest(
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    )
  }
  await db`delete from auth.flow_state where id = ${flow.id}`
  return { ...flow, user_id: flow.user_id }
}
