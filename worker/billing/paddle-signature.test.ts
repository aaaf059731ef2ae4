import { describe, expect, it } from 'vitest'
import { parseSignatureHeader, signPaddleBody, verifyPaddleSignature } from './paddle-signature'

// Paddle's own example (its Node SDK's tests): this secret, body and time give this signature.
const SECRET = 'VALID_SECRET'
const BODY = '{"data": ["1", "2"]}'
const TS = 1698796800 // 2023-11-01T00:00:00Z
const H1 = 'a300428748dce5c70e4da19bffd60769591ea969c99dea3105d0ec9612cf43f9'
const HEADER = `ts=${TS};h1=${H1}`

describe('Paddle webhook signatures', () => {
  it("signs as Paddle does: HMAC-SHA256 of '<ts>:<body>' keyed by the secret's text", async () => {
    expect(await signPaddleBody(BODY, SECRET, TS)).toBe(HEADER)
  })

  it('accepts a signature within 5 seconds either way, and no later', async () => {
    expect(await verifyPaddleSignature(BODY, HEADER, [SECRET], { now: TS + 5 })).toBe(true)
    expect(await verifyPaddleSignature(BODY, HEADER, [SECRET], { now: TS - 5 })).toBe(true)
    expect(await verifyPaddleSignature(BODY, HEADER, [SECRET], { now: TS + 6 })).toBe(false)
    expect(await verifyPaddleSignature(BODY, HEADER, [SECRET], { now: TS - 6 })).toBe(false)
  })

  it('refuses a body that differs by one space, another secret, or no signature at all', async () => {
    const now = { now: TS }
    expect(await verifyPaddleSignature('{"data": [ "1", "2"]}', HEADER, [SECRET], now)).toBe(false)
    expect(await verifyPaddleSignature(BODY, HEADER, ['OTHER_SECRET'], now)).toBe(false)
    expect(await verifyPaddleSignature(BODY, null, [SECRET], now)).toBe(false)
    expect(await verifyPaddleSignature(BODY, HEADER, [], now)).toBe(false)
    expect(await verifyPaddleSignature(BODY, `ts=${TS}`, [SECRET], now)).toBe(false)
    expect(await verifyPaddleSignature(BODY, `h1=${H1}`, [SECRET], now)).toBe(false)
    expect(await verifyPaddleSignature(BODY, `ts=soon;h1=${H1}`, [SECRET], now)).toBe(false)
  })

  it('refuses a header with more signatures than Paddle ever sends, before any hashing', async () => {
    const many = `ts=${TS};${Array.from({ length: 5 }, () => `h1=${H1}`).join(';')}`
    expect(await verifyPaddleSignature(BODY, many, [SECRET], { now: TS })).toBe(false)
  })

  it('takes any h1 while Paddle rotates a secret, and any of the secrets we hold', async () => {
    const header = `ts=${TS};h1=dummy;h1=${'0'.repeat(64)};h1=${H1};h2=later`
    expect(await verifyPaddleSignature(BODY, header, ['OLD', SECRET], { now: TS })).toBe(true)
    expect(parseSignatureHeader(header)).toEqual({
      ts: TS,
      h1: ['dummy', '0'.repeat(64), H1],
    })
  })
})
