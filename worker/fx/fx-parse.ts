import type { FxSource } from './fx-provider'

/** A provider's document is not in the format we read. */
export class FxParseError extends Error {
  constructor(source: FxSource, detail: string) {
    super(`${source} document: ${detail}`)
    this.name = 'FxParseError'
  }
}

const CURRENCY_CODE = /^[A-Z]{3}$/
const PLAIN_DECIMAL = /^\d+(?:\.\d+)?$/

/** An ISO 4217-shaped code: three capital letters. */
export function isCurrencyCode(text: unknown): text is string {
  return typeof text === 'string' && CURRENCY_CODE.test(text)
}

/** A plain decimal string above zero (`'1.0321'`, `'0.2244'`), as the banks write rates. */
export function isPositiveDecimal(text: unknown): text is string {
  return typeof text === 'string' && PLAIN_DECIMAL.test(text) && /[1-9]/.test(text)
}
