import type { TestProject } from 'vitest/node'
import { FAST_TEST_AUTH_ENV, startTemporaryBackend } from '../../dev/testing/temporary-backend'
import { startAuthServer } from '../../dev/auth-server/server'
import { findFreePort } from '../../dev/ports'

declare module 'vitest' {
  export interface ProvidedContext {
    target: {
      supabaseUrl: string
      anonKey: string
      serviceRoleKey: string
      /** The local mail outbox; absent against a hosted project. */
      outboxUrl?: string
      /** The same project with `mailer_autoconfirm` on (local only). */
      autoconfirmUrl?: string
      /** The same project with access tokens living 1 s and codes and sessions 0 s (local only). */
      expiredUrl?: string
      /** The same project with manual identity linking off, as on hosted projects (local only). */
      manualLinkingOffUrl?: string
      /** The same project with "secure password change" after 0 s (local only). */
      reauthUrl?: string
      /**
       * The same project with 3 sign-ins, 3 code checks and 2 mails allowed per address and per
       * email, the address taken from X-Forwarded-For as behind a proxy, so limits show (local
       * only).
       */
      limitedUrl?: string
      /** The same limits with the address taken from the socket, as by default (local only). */
      limitedPeerUrl?: string
      /** The same project with the hosted bcrypt cost, so sign-in timing shows (local only). */
      hostedCostUrl?: string
      /** Seconds a rotated refresh token may still be replayed (10 on hosted projects). */
      refreshReuseSeconds: number
    }
  }
}

/**
 * Points the suite at SUPABASE_URL with SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY when all
 * three are set (a hosted project); otherwise starts the local backend in a temporary folder.
 */
export default async function setup(project: TestProject) {
  const { SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY } = process.env
  if (SUPABASE_URL && SUPABASE_ANON_KEY && SUPABASE_SERVICE_ROLE_KEY) {
    project.provide('target', {
      supabaseUrl: SUPABASE_URL,
      anonKey: SUPABASE_ANON_KEY,
      serviceRoleKey: SUPABASE_SERVICE_ROLE_KEY,
      refreshReuseSeconds: 10,
    })
    return
  }
  const backend = await startTemporaryBackend()
  const variant = async (env: Record<string, string>) =>
    startAuthServer({
      databaseUrl: backend.databaseUrl,
      port: await findFreePort(),
      keys: backend.keys,
      outbox: backend.outbox,
      env: { ...FAST_TEST_AUTH_ENV, ...env },
    })
  const autoconfirm = await variant({ AUTH_MAILER_AUTOCONFIRM: 'true' })
  const expired = await variant({
    // One second, not zero: the client ignores a session whose expires_in is 0.
    AUTH_JWT_EXPIRY: '1',
    AUTH_OTP_EXPIRY: '0',
    AUTH_SESSIONS_TIMEBOX: '0.001',
  })
  const manualLinkingOff = await variant({ AUTH_MANUAL_LINKING_ENABLED: 'false' })
  const reauth = await variant({ AUTH_PASSWORD_REAUTHENTICATION_AFTER: '0' })
  const limits = {
    AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '3',
    AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '3',
    AUTH_RATE_LIMIT_EMAIL_SENT: '2',
  }
  const limited = await variant({ ...limits, AUTH_RATE_LIMIT_TRUST_FORWARDED: 'true' })
  const limitedPeer = await variant(limits)
  const hostedCost = await variant({ AUTH_BCRYPT_COST: '10' })
  project.provide('target', {
    reauthUrl: reauth.url,
    supabaseUrl: backend.supabaseUrl,
    anonKey: backend.keys.anonKey,
    serviceRoleKey: backend.keys.serviceRoleKey,
    outboxUrl: backend.outboxUrl,
    autoconfirmUrl: autoconfirm.url,
    expiredUrl: expired.url,
    manualLinkingOffUrl: manualLinkingOff.url,
    limitedUrl: limited.url,
    limitedPeerUrl: limitedPeer.url,
    hostedCostUrl: hostedCost.url,
    refreshReuseSeconds: 0,
  })
  return async () => {
    await hostedCost.stop()
    await limitedPeer.stop()
    await limited.stop()
    await manualLinkingOff.stop()
    await reauth.stop()
    await expired.stop()
    await autoconfirm.stop()
    await backend.stop()
  }
}
