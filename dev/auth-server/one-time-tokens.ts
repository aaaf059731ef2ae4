import { createHash, randomInt } from 'node:crypto'

/** A 6-digit code, the hosted default length. */
export const generateOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

/** GoTrue's token hash: hex(sha224(email or phone + code)), the value email links carry. */
export const tokenHash = (emailOrPhone: string, otp: string) =>
  createHash('sha224')
    .update(emailOrPhone + otp)
    .digest('hex')

/** Stored tokens of PKCE flows carry this prefix, so a link knows to answer with a code. */
export const PKCE_PREFIX = 'pkce_'

export const isExpired = (sentAt: Date | null, lifetimeSeconds: number) =>
  !sentAt || Date.now() >= sentAt.getTime() + lifetimeSeconds * 1000
