import { describe, expect, it } from 'vitest'
import {
  adminClient,
  createConfirmedUser,
  hasOutbox,
  PASSWORD,
  redirectOf,
  target,
  uniqueEmail,
} from './target'

interface Answer {
  status: number
  code: string | undefined
  headers: Headers
  body: Record<string, unknown>
}

/** A raw call to the auth API of `base` (the project URL), with the anon key unless given. */
async function call(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; base?: string } = {},
): Promise<Answer> {
  const response = await fetch(`${init.base ?? target.supabaseUrl}/auth/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      apikey: target.anonKey,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
      ...init.headers,
    },
    redirect: 'manual',
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  const text = await response.text()
  const body = text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {}
  return {
    status: response.status,
    code: typeof body.code === 'string' ? body.code : (body.error_code as string | undefined),
    headers: response.headers,
    body,
  }
}

async function accessTokenOf(email: string, password = PASSWORD): Promise<string> {
  const answer = await call('/token?grant_type=password', { body: { email, password } })
  return answer.body.access_token as string
}

let address = 0
/** A fresh client address, so tests of per-address limits do not share a budget. */
const freshIp = () => `198.51.100.${++address}`

const local = hasOutbox

describe('NUL and control characters', () => {
  const NUL = 'a\u0000b'

  it.each([
    [
      'the email of a password sign-in',
      '/token?grant_type=password',
      { email: `x${NUL}@example.com`, password: PASSWORD },
    ],
    [
      'the password of a password sign-in',
      '/token?grant_type=password',
      { email: 'nobody@example.com', password: NUL },
    ],
    ['a refresh token', '/token?grant_type=refresh_token', { refresh_token: NUL }],
    ['an auth code', '/token?grant_type=pkce', { auth_code: NUL, code_verifier: 'v'.repeat(43) }],
    ['a token hash', '/verify', { type: 'email', token_hash: NUL }],
    ['an emailed code', '/verify', { type: 'email', email: 'nobody@example.com', token: NUL }],
    [
      'sign-up metadata',
      '/signup',
      { email: uniqueEmail('nul-meta'), password: PASSWORD, data: { name: NUL } },
    ],
    [
      'a metadata key',
      '/signup',
      { email: uniqueEmail('nul-key'), password: PASSWORD, data: { [NUL]: 1 } },
    ],
    [
      'a control character in metadata',
      '/signup',
      { email: uniqueEmail('bell-meta'), password: PASSWORD, data: { name: 'a\u0007b' } },
    ],
  ])('in %s is 400 validation_failed, never a 500', async (_, path, body) => {
    const answer = await call(path, { body })
    expect(answer.status).toBe(400)
    expect(answer.code).toBe('validation_failed')
  })

  it('in an email link’s token is 400 validation_failed', async () => {
    const answer = await call('/verify?type=signup&token=a%00b')
    expect(answer.status).toBe(400)
    expect(answer.code).toBe('validation_failed')
  })

  it('in a factor name is 400 validation_failed, and no factor is made', async () => {
    const user = await createConfirmedUser('nul-factor')
    const token = await accessTokenOf(user.email)
    const answer = await call('/factors', {
      body: { factor_type: 'totp', friendly_name: NUL },
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(answer.status).toBe(400)
    expect(answer.code).toBe('validation_failed')
    const { data } = await adminClient().auth.admin.mfa.listFactors({ userId: user.id })
    expect(data?.factors ?? []).toEqual([])
  })

  it.skipIf(!local)(
    'in a field of the stand-in OAuth provider’s form is 400 validation_failed',
    async () => {
      const { location } = await redirectOf(
        `${target.supabaseUrl}/auth/v1/authorize?provider=github`,
      )
      const state = /name="state" value="([^"]+)"/.exec(await (await fetch(location)).text())?.[1]
      expect(state).toBeTruthy()
      const answer = await fetch(location, {
        method: 'POST',
        body: new URLSearchParams({
          state: state ?? '',
          email: uniqueEmail('nul-oauth'),
          name: NUL,
        }),
        redirect: 'manual',
      })
      expect(answer.status).toBe(400)
      expect(answer.headers.get('x-sb-error-code')).toBe('validation_failed')
    },
  )

  it.each(['not-an-ip', '1.2.3.4.5', "1.1.1.1'--", '203.0.113.7, nonsense'])(
    'a malformed X-Forwarded-For (%s) is 400 validation_failed',
    async (forwarded) => {
      const user = await createConfirmedUser('xff')
      const token = await accessTokenOf(user.email)
      const factor = await call('/factors', {
        body: { factor_type: 'totp', friendly_name: 'phone' },
        headers: { Authorization: `Bearer ${token}` },
      })
      const answer = await call(`/factors/${factor.body.id as string}/challenge`, {
        body: {},
        headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': forwarded },
      })
      expect(answer.status).toBe(400)
      expect(answer.code).toBe('validation_failed')
    },
  )
})

describe('redirect targets', () => {
  it.each([
    'javascript://127.0.0.1/%0Aalert(document.cookie)',
    'data://localhost/text/html,<script>alert(1)</script>',
    'ftp://127.0.0.1/file',
  ])('%s is never a redirect target, even on an allowed host', async (redirectTo) => {
    const user = await createConfirmedUser('redirect-scheme')
    const { data, error } = await adminClient().auth.admin.generateLink({
      type: 'magiclink',
      email: user.email,
      options: { redirectTo },
    })
    expect(error).toBeNull()
    expect(data.properties?.redirect_to).toMatch(/^https?:/)
    const link = new URL(data.properties!.action_link)
    const followed = await fetch(link, { redirect: 'manual' })
    expect(followed.headers.get('location') ?? '').toMatch(/^https?:/)
  })
})

describe.skipIf(!local)('attempt limits (local: 3 sign-ins, 3 code checks, 2 mails)', () => {
  const limited = { base: target.limitedUrl }
  const signInAs = (email: string, forwarded: string, base = target.limitedUrl) =>
    call('/token?grant_type=password', {
      base,
      body: { email, password: 'wrong-password' },
      headers: { 'X-Forwarded-For': forwarded },
    })

  it('answers the 4th password sign-in from one address with 429 over_request_rate_limit', async () => {
    const ip = freshIp()
    for (let i = 0; i < 3; i++) {
      expect((await signInAs(uniqueEmail('ip-limit'), ip)).code).toBe('invalid_credentials')
    }
    const refused = await signInAs(uniqueEmail('ip-limit'), ip)
    expect(refused.status).toBe(429)
    expect(refused.code).toBe('over_request_rate_limit')
    // Another address still has its budget.
    expect((await signInAs(uniqueEmail('ip-limit'), freshIp())).code).toBe('invalid_credentials')
  })

  it('answers the 4th password sign-in for one email with 429, whatever address it claims', async () => {
    const email = uniqueEmail('email-limit')
    for (let i = 0; i < 3; i++) {
      expect((await signInAs(email, freshIp())).code).toBe('invalid_credentials')
    }
    const refused = await signInAs(email.toUpperCase(), freshIp())
    expect(refused.status).toBe(429)
    expect(refused.code).toBe('over_request_rate_limit')
  })

  it('counts the socket’s address, not X-Forwarded-For, unless told to trust it', async () => {
    const base = target.limitedPeerUrl
    for (let i = 0; i < 3; i++) {
      const answer = await signInAs(uniqueEmail('peer-limit'), freshIp(), base)
      expect(answer.code).toBe('invalid_credentials')
    }
    const refused = await signInAs(uniqueEmail('peer-limit'), freshIp(), base)
    expect(refused.status).toBe(429)
    expect(refused.code).toBe('over_request_rate_limit')
  })

  it('answers the 4th emailed-code check from one address with 429 over_request_rate_limit', async () => {
    const ip = freshIp()
    const attempt = () =>
      call('/verify', {
        ...limited,
        body: { type: 'email', email: uniqueEmail('code-ip-limit'), token: '000000' },
        headers: { 'X-Forwarded-For': ip },
      })
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(403)
    const refused = await attempt()
    expect(refused.status).toBe(429)
    expect(refused.code).toBe('over_request_rate_limit')
  })

  it('answers the 4th emailed-code check for one email with 429, whatever address it claims', async () => {
    const email = uniqueEmail('code-email-limit')
    const attempt = () =>
      call('/verify', {
        ...limited,
        body: { type: 'email', email, token: '000000' },
        headers: { 'X-Forwarded-For': freshIp() },
      })
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(403)
    const refused = await attempt()
    expect(refused.status).toBe(429)
    expect(refused.code).toBe('over_request_rate_limit')
  })

  it('answers a 3rd mail within the hour with 429 over_email_send_rate_limit', async () => {
    const send = () =>
      call('/otp', {
        ...limited,
        body: { email: uniqueEmail('mail-limit') },
        headers: { 'X-Forwarded-For': freshIp() },
      })
    expect((await send()).status).toBe(200)
    expect((await send()).status).toBe(200)
    const refused = await send()
    expect(refused.status).toBe(429)
    expect(refused.code).toBe('over_email_send_rate_limit')
  })
})

describe.skipIf(!local)('sign-in timing', () => {
  it('spends as long on an unknown address as on a wrong password (bcrypt cost 10)', async () => {
    // Made through the same server, so its password hash has that server's cost.
    const email = uniqueEmail('timing')
    const made = await call('/admin/users', {
      base: target.hostedCostUrl,
      body: { email, password: PASSWORD, email_confirm: true },
      headers: { apikey: target.serviceRoleKey, Authorization: `Bearer ${target.serviceRoleKey}` },
    })
    expect(made.status).toBe(200)
    const timeOf = async (email: string) => {
      const started = performance.now()
      const answer = await call('/token?grant_type=password', {
        base: target.hostedCostUrl,
        body: { email, password: 'wrong-password' },
      })
      expect(answer.code).toBe('invalid_credentials')
      return performance.now() - started
    }
    const median = (values: number[]) =>
      values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!
    const wrong: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 7; i++) {
      wrong.push(await timeOf(email))
      unknown.push(await timeOf(uniqueEmail('nobody')))
    }
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.6)
  })
})

describe.skipIf(!local)('CORS', () => {
  const preflight = (origin: string) =>
    fetch(`${target.supabaseUrl}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, content-type',
      },
    })

  it('answers no other origin, and never with credentials', async () => {
    const response = await preflight('https://evil.example')
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
    expect(response.headers.get('access-control-allow-credentials')).toBeNull()
    const simple = await call('/settings', { headers: { Origin: 'https://evil.example' } })
    expect(simple.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers the app’s origin (the site URL), with credentials', async () => {
    const settings = await call('/settings')
    expect(settings.status).toBe(200)
    // The suite's local project keeps the default site URL.
    const appOrigin = 'http://127.0.0.1:5173'
    const response = await preflight(appOrigin)
    expect(response.headers.get('access-control-allow-origin')).toBe(appOrigin)
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
  })
})
