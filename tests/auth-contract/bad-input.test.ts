import { describe, expect, it } from 'vitest'
import { adminClient, PASSWORD, target, uniqueEmail } from './target'

/** A raw request as the client would send it, for inputs the client itself never produces. */
async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${target.supabaseUrl}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: target.anonKey,
      Authorization: `Bearer ${target.anonKey}`,
      'Content-Type': 'application/json;charset=UTF-8',
      'X-Supabase-Api-Version': '2024-01-01',
      ...headers,
    },
    body,
  })
  return {
    status: response.status,
    body: (await response.json()) as {
      code?: string | number
      error_code?: string
      message?: string
      error?: string
    },
    errorCodeHeader: response.headers.get('x-sb-error-code'),
    version: response.headers.get('x-supabase-api-version'),
  }
}

async function userExists(email: string) {
  const { data } = await adminClient().auth.admin.listUsers({ perPage: 1000 })
  return data.users.some((user) => user.email === email)
}

describe('bad input', () => {
  it('malformed JSON is 400 bad_json and creates nothing', async () => {
    const email = uniqueEmail('malformed')
    const result = await post('/signup', `{"email": "${email}", "password": `)
    expect(result.status).toBe(400)
    expect(result.body.code).toBe('bad_json')
    expect(result.errorCodeHeader).toBe('bad_json')
    expect(result.version).toBe('2024-01-01')
    expect(await userExists(email)).toBe(false)
  })

  it('a form-encoded body (wrong content type) is 400 bad_json', async () => {
    const email = uniqueEmail('form')
    const result = await post(
      '/signup',
      new URLSearchParams({ email, password: PASSWORD }).toString(),
      {
        'Content-Type': 'application/x-www-form-urlencoded',
      },
    )
    expect(result.status).toBe(400)
    expect(result.body.code).toBe('bad_json')
    expect(await userExists(email)).toBe(false)
  })

  it('a field of the wrong type is 400 bad_json', async () => {
    const result = await post(
      '/token?grant_type=password',
      JSON.stringify({ email: 42, password: PASSWORD }),
    )
    expect(result.status).toBe(400)
    expect(result.body.code).toBe('bad_json')
  })

  it('a body over 1 MB is 413 and creates nothing', async () => {
    const email = uniqueEmail('huge')
    const result = await post(
      '/signup',
      JSON.stringify({ email, password: PASSWORD, data: { blob: 'x'.repeat(1024 * 1024) } }),
    )
    expect(result.status).toBe(413)
    expect(await userExists(email)).toBe(false)
  })

  it('missing fields: sign-up without a password is 422 validation_failed', async () => {
    const email = uniqueEmail('nopass')
    const result = await post('/signup', JSON.stringify({ email }))
    expect(result.status).toBe(422)
    expect(result.body.code).toBe('validation_failed')
    expect(await userExists(email)).toBe(false)
  })

  it('a weak password is 422 weak_password with reasons, and creates nothing', async () => {
    const email = uniqueEmail('weak-raw')
    const result = await post('/signup', JSON.stringify({ email, password: '1234567' }))
    expect(result.status).toBe(422)
    expect(result.body).toMatchObject({
      code: 'weak_password',
      weak_password: { reasons: ['length'] },
    })
    expect(await userExists(email)).toBe(false)
  })

  it('an invalid email is 400 validation_failed', async () => {
    const result = await post('/otp', JSON.stringify({ email: 'a@b@c' }))
    expect(result.status).toBe(400)
    expect(result.body.code).toBe('validation_failed')
  })

  it('an unknown grant type is 400', async () => {
    const result = await post('/token?grant_type=client_credentials', '{}')
    expect(result.status).toBe(400)
    expect(result.body.code).toBe('invalid_credentials')
    expect(result.body.message).toBe('unsupported_grant_type')
  })

  it('without the version header errors use the legacy shape', async () => {
    const result = await post('/signup', '{', { 'X-Supabase-Api-Version': '' })
    expect(result.status).toBe(400)
    expect(result.body).toMatchObject({ code: 400, error_code: 'bad_json' })
    expect(result.version).toBeNull()
  })

  it('a request without an API key is refused by the gateway', async () => {
    const response = await fetch(`${target.supabaseUrl}/auth/v1/settings`)
    expect(response.status).toBe(401)
  })
})
