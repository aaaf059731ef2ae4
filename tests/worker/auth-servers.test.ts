import postgres from 'postgres'
import { afterAll, describe, expect, it } from 'vitest'
import { backend, createUser, uniqueEmail } from './auth-backend'

// The suite's two auth servers of one project (dev/testing/temporary-backend.ts): the first with
// budgets for the whole suite, the second with the hosted attempt limits. Both honour
// Sb-Forwarded-For on service-key requests. Each test here spends the budget of an address of its
// own, so the limited server's 127.0.0.1 budget stays whole for the tests of a lockout.

const PASSWORD = 'secret-pass-1'

/** A documentation address (RFC 3849) no other test names. */
function freshAddress(): string {
  const [a = 0, b = 0] = crypto.getRandomValues(new Uint16Array(2))
  return `2001:db8::${a.toString(16)}:${b.toString(16)}`
}

/** An auth API call made with the service key on behalf of the visitor at `address`. */
function asServer(
  supabaseUrl: string,
  address: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<Response> {
  return fetch(`${supabaseUrl}/auth/v1${path}`, {
    method: init.method ?? 'POST',
    headers: {
      apikey: backend.serviceRoleKey,
      Authorization: `Bearer ${init.token ?? backend.serviceRoleKey}`,
      'Sb-Forwarded-For': address,
      'X-Supabase-Api-Version': '2024-01-01',
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
}

/** The statuses of `count` requests, sent one after another. */
async function statuses(count: number, send: () => Promise<Response>): Promise<number[]> {
  const seen: number[] = []
  for (let sent = 0; sent < count; sent += 1) {
    const response = await send()
    seen.push(response.status)
    await response.body?.cancel()
  }
  return seen
}

const errorCode = async (response: Response) => ((await response.json()) as { code: string }).code

describe('the auth server with the hosted attempt limits', () => {
  const limited = backend.limitedSupabaseUrl

  it('is another server of the same project: its tokens verify on the first', async () => {
    expect(limited).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(limited).not.toBe(backend.supabaseUrl)
    const email = uniqueEmail('limited-shared')
    const id = await createUser(email, PASSWORD)
    const signedIn = await asServer(limited, freshAddress(), '/token?grant_type=password', {
      body: { email, password: PASSWORD },
    })
    expect(signedIn.status).toBe(200)
    const { access_token } = (await signedIn.json()) as { access_token: string }
    const user = await asServer(backend.supabaseUrl, freshAddress(), '/user', {
      method: 'GET',
      token: access_token,
    })
    expect(user.status).toBe(200)
    expect(((await user.json()) as { id: string }).id).toBe(id)
  })

  it('allows an address 30 sign-ins in 5 minutes, then answers 429', async () => {
    const address = freshAddress()
    const signIn = () =>
      asServer(limited, address, '/token?grant_type=password', {
        body: { email: uniqueEmail('limited-guess'), password: 'wrong-pass-1' },
      })
    expect(await statuses(30, signIn)).toEqual(Array(30).fill(400))
    const refused = await signIn()
    expect(refused.status).toBe(429)
    expect(await errorCode(refused)).toBe('over_request_rate_limit')
    // Another visitor's address still has its budget.
    const other = await asServer(limited, freshAddress(), '/token?grant_type=password', {
      body: { email: uniqueEmail('limited-other'), password: 'wrong-pass-1' },
    })
    expect(other.status).toBe(400)
  })

  it('allows an address 30 code checks in 5 minutes, then answers 429', async () => {
    const address = freshAddress()
    const verify = () =>
      asServer(limited, address, '/verify', {
        body: { type: 'magiclink', token_hash: 'not-a-token-hash' },
      })
    expect(await statuses(30, verify)).toEqual(Array(30).fill(403))
    const refused = await verify()
    expect(refused.status).toBe(429)
    expect(await errorCode(refused)).toBe('over_request_rate_limit')
  })
})

describe('the first auth server', () => {
  const db = postgres(backend.databaseUrl, { max: 1, fetch_types: false, onnotice: () => {} })
  afterAll(() => db.end())

  it('records the address a service-key request names in Sb-Forwarded-For', async () => {
    const email = uniqueEmail('forwarded-for')
    await createUser(email, PASSWORD)
    const address = freshAddress()
    const signedIn = await asServer(backend.supabaseUrl, address, '/token?grant_type=password', {
      body: { email, password: PASSWORD },
    })
    const { access_token: token } = (await signedIn.json()) as { access_token: string }
    const enrolled = await asServer(backend.supabaseUrl, address, '/factors', {
      body: { factor_type: 'totp' },
      token,
    })
    const { id: factorId } = (await enrolled.json()) as { id: string }
    const challenged = await asServer(
      backend.supabaseUrl,
      address,
      `/factors/${factorId}/challenge`,
      { token },
    )
    const { id } = (await challenged.json()) as { id: string }
    const [row] = await db<{ named: boolean }[]>`
      select ip_address = ${address}::inet as named from auth.mfa_challenges where id = ${id}
    `
    expect(row?.named).toBe(true)
  })
})
