/**
 * JSON whose numbers arrive as exact decimal strings: `JSON.parse` would turn `0.1` into a binary
 * float (and `1e-7` into a float printed as `1e-7`). Every number token outside a string is
 * rewritten as a quoted plain decimal before parsing, so `12.30` stays `"12.30"` and `1.5e-7`
 * becomes `"0.00000015"`.
 */
export type ExactJsonResult =
  | { ok: true; value: unknown }
  | { ok: false; problem: 'file_json' | 'file_too_many_rows' | 'file_too_many_columns' }

/**
 * What the scan lets through before anything is built. No export nests deeper than a few levels;
 * an array longer than `rows` or an object with more keys than `columns` can only be a file over
 * the import's limits, and so is one with more numbers than `rows × columns` cells.
 */
export interface ExactJsonLimits {
  depth: number
  rows: number
  columns: number
}

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

/** No limits but the document's own: for answers of a known service, whose size is capped. */
const UNLIMITED: ExactJsonLimits = { depth: Infinity, rows: Infinity, columns: Infinity }

export function parseExactJson(text: string, limits = UNLIMITED): ExactJsonResult {
  const parts: string[] = []
  const maxNumbers = limits.rows * limits.columns
  // Per open bracket: whether it is an array, and how many commas it has seen.
  const isArray: boolean[] = []
  const commas: number[] = []
  let numbers = 0
  let copiedTo = 0
  let index = 0
  while (index < text.length) {
    const char = text.charCodeAt(index)
    if (char === 0x22 /* " */) {
      index = endOfString(text, index)
      if (index < 0) return { ok: false, problem: 'file_json' }
    } else if (char === 0x2d /* - */ || (char >= 0x30 && char <= 0x39)) {
      NUMBER.lastIndex = index
      const match = NUMBER.exec(text)
      if (!match) return { ok: false, problem: 'file_json' }
      numbers += 1
      if (numbers > maxNumbers) return { ok: false, problem: 'file_too_many_rows' }
      parts.push(text.slice(copiedTo, index), JSON.stringify(plainDecimal(match[0])))
      index = NUMBER.lastIndex
      copiedTo = index
    } else {
      if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
        if (isArray.length >= limits.depth) return { ok: false, problem: 'file_json' }
        isArray.push(char === 0x5b)
        commas.push(0)
      } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
        isArray.pop()
        commas.pop()
      } else if (char === 0x2c /* , */ && commas.length > 0) {
        const count = (commas[commas.length - 1] ?? 0) + 1
        commas[commas.length - 1] = count
        // n commas separate n + 1 entries.
        if (isArray[isArray.length - 1] === true) {
          if (count >= limits.rows) return { ok: false, problem: 'file_too_many_rows' }
        } else if (count >= limits.columns) {
          return { ok: false, problem: 'file_too_many_columns' }
        }
      }
      index += 1
    }
  }
  parts.push(text.slice(copiedTo))
  try {
    return { ok: true, value: JSON.parse(parts.join('')) }
  } catch {
    return { ok: false, problem: 'file_json' }
  }
}
