import { describe, expect, it } from 'vitest'
import { readPkce } from './flow-state'

const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'

describe('readPkce', () => {
  it('is undefined for the implicit flow', () => {
    expect(readPkce({})).toBeUndefined()
  })

  it('accepts the client’s lower-case s256 and plain', () => {
    expect(readPkce({ code_challenge: challenge, code_challenge_method: 's256' })).toEqual({
      challenge,
      method: 's256',
    })
    expect(readPkce({ code_challenge: challenge, code_challenge_method: 'PLAIN' })?.method).toBe(
      'plain',
    )
  })

  it.each([
    [{ code_challenge: challenge }],
    [{ code_challenge: challenge, code_challenge_method: 'md5' }],
    [{ code_challenge: 'short', code_challenge_method: 's256' }],
  ])('rejects %o as validation_failed', (params) => {
    expect(() => readPkce(params)).toThrow(
      expect.objectContaining({ status: 400, code: 'validation_failed' }),
    )
  })
})
