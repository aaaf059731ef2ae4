import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { AuthError, OAuthStyleError, respondWithError } from './errors'

const app = new Hono()
  .get('/auth', () => {
    throw new AuthError(422, 'weak_password', 'Too short', {
      weak_password: { reasons: ['length'] },
    })
  })
  .get('/oauth', () => {
    throw new OAuthStyleError('invalid_request', 'refresh_token required')
  })
  .get('/crash', () => {
    throw new Error('boom')
  })
  .onError((error, c) => respondWithError(c, error))

const versioned = { 'X-Supabase-Api-Version': '2024-01-01' }

describe('respondWithError', () => {
  it('answers the 2024-01-01 shape and echoes the version when asked for it', async () => {
    const response = await app.request('/auth', { headers: versioned })
    expect(response.status).toBe(422)
    expect(response.headers.get('X-Supabase-Api-Version')).toBe('2024-01-01')
    expect(response.headers.get('x-sb-error-code')).toBe('weak_password')
    expect(await response.json()).toEqual({
      code: 'weak_password',
      message: 'Too short',
      weak_password: { reasons: ['length'] },
    })
  })

  it('answers the legacy shape without the header', async () => {
    const response = await app.request('/auth')
    expect(response.headers.get('X-Supabase-Api-Version')).toBeNull()
    expect(await response.json()).toMatchObject({
      code: 422,
      error_code: 'weak_password',
      msg: 'Too short',
    })
  })

  it('answers OAuth-style errors with 400 {error, error_description}', async () => {
    const response = await app.request('/oauth', { headers: versioned })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: 'invalid_request',
      error_description: 'refresh_token required',
    })
  })

  it('hides unexpected errors behind unexpected_failure', async () => {
    const response = await app.request('/crash', { headers: versioned })
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({
      code: 'unexpected_failure',
      message: 'Unexpected failure, please check server logs for more information',
    })
  })
})
