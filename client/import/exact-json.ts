/**
 * JSON whose numbers arrive as exact decimal strings: `JSON.parse` would turn `0.1` into a binary
 * float (and `1e-7` into a float printed as `1e-7`). Every number token outside a string is
 * rewritten as a quoted plain decimal before parsing, so `12.30` stays `"12.30"` and `1.5e-7`
 * becomes `"0.00000015"`.
 */
export type ExactJsonResult = { ok: true; value: unknown } | { ok: false }

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y

/** Exponents beyond this are no price or quantity; the token is kept as written, to be refused. */
const MAX_EXPONENT = 100

/**
 * The plain decimal a JSON number token means: `1.5e3` → `'1500'`, `2E-3` → `'0.002'`.
 * @example plainDecimal('-1.25e-2') // '-0.0125'
 */
export function plainDecimal(token: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(token)
  if (!match) return token
  const [, sign = '', whole = '', fraction = '', exponentText] = match
  if (exponentText === undefined) return token
  const exponent = Number(exponentText)
  if (Math.abs(exponent) > MAX_EXPONENT) return token
  const digits = whole + fraction
  const point = whole.length + exponent
  let integer: string
  let decimals: string
  if (point <= 0) {
    integer = '0'
    decimals = '0'.repeat(-point) + digits
  } else if (point >= digits.length) {
    integer = digits + '0'.repeat(point - digits.length)
    decimals = ''
  } else {
    integer = digits.slice(0, point)
    decimals = digits.slice(point)
  }
  integer = integer.replace(/^0+(?=\d)/, '')
  decimals = decimals.replace(/0+$/, '')
  return `${sign}${integer}${decimals ? `.${decimals}` : ''}`
}

/** The index after the string literal that opens at `start`, or -1 when it never closes. */
function endOfString(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index += 1) {
    const char = text.charCodeAt(index)
    if (char === 0x5c /* \\ */) index += 1
    else if (char === 0x22) return index + 1
  }
  return -1
}

export function parseExactJson(text: string): ExactJsonResult {
  const parts: string[] = []
  let copiedTo = 0
  let index = 0
  while (index < text.length) {
    const char = text.charCodeAt(index)
    if (char === 0x22 /* " */) {
      index = endOfString(text, index)
      if (index < 0) return { ok: false }
    } else if (char === 0x2d /* - */ || (char >= 0x30 && char <= 0x39)) {
      NUMBER.lastIndex = index
      const match = NUMBER.exec(text)
      if (!match) return { ok: false }
      parts.push(text.slice(copiedTo, index), JSON.stringify(plainDecimal(match[0])))
      index = NUMBER.lastIndex
      copiedTo = index
    } else {
      index += 1
    }
  }
  parts.push(text.slice(copiedTo))
  try {
    return { ok: true, value: JSON.parse(parts.join('')) }
  } catch {
    return { ok: false }
  }
}
