import { describe, expect, it } from 'vitest'
import { DEFAULT_AUTH_CONFIG } from './config'
import { assertStrongPassword, validateEmail } from './validation'

const config = { ...DEFAULT_AUTH_CONFIG, apiUrl: 'http://127.0.0.1:54321/auth/v1' }

describe('validateEmail', () => {
  it('stores addresses trimmed and in lower case', () => {
    expect(validateEmail('  Ayse.Yilmaz@Example.COM ')).toBe('ayse.yilmaz@example.com')
  })

  it.each(['plain', 'a@b@c', '@example.com', 'a@-example.com', `${'a'.repeat(250)}@example.com`])(
    'rejects %s as validation_failed',
    (email) => {
      expect(() => validateEmail(email)).toThrow(
        expect.objectContaining({ status: 400, code: 'validation_failed' }),
      )
    },
  )
})

describe('assertStrongPassword', () => {
  it('requires the configured length, counting characters not bytes', () => {
    expect(() => assertStrongPassword('şifreşif', config)).not.toThrow()
    expect(() => assertStrongPassword('1234567', config)).toThrow(
      expect.objectContaining({
        status: 422,
        code: 'weak_password',
        extra: { weak_password: { reasons: ['length'] } },
      }),
    )
    expect(() => assertStrongPassword('12345678', { ...config, passwordMinLength: 12 })).toThrow(
      'Password should be at least 12 characters.',
    )
  })
})
