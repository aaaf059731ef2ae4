export type TomlValue = string | number | boolean | TomlValue[]

/** Each table's own keys, by the table's dotted name (`""` for the keys before any header). */
export type TomlTables = Record<string, Record<string, TomlValue>>

/**
 * Reads the TOML that `supabase/config.toml` is written in: `[table.headers]`, bare keys, basic
 * and literal strings, integers, floats, booleans and arrays of these, comments. Anything else
 * (inline tables, arrays of tables, multi-line strings, dates, dotted keys) is refused with the
 * line, so a config the local server would misread fails loudly.
 */
export function parseToml(text: string): TomlTables {
  const tables: TomlTables = { '': {} }
  let current = tables[''] as Record<string, TomlValue>
  text.split(/\r?\n/).forEach((rawLine, index) => {
    const fail = (message: string): never => {
      throw new Error(`config.toml line ${index + 1}: ${message}`)
    }
    const reader = new LineReader(rawLine, fail)
    reader.skipSpace()
    if (reader.atEnd()) return
    if (reader.peek() === '[') {
      const header = /^\[\s*([A-Za-z0-9_-]+(?:\s*\.\s*[A-Za-z0-9_-]+)*)\s*\]$/.exec(reader.rest())
      if (!header?.[1]) return fail('unsupported table header')
      const name = header[1].replace(/\s+/g, '')
      if (tables[name]) fail(`table [${name}] defined twice`)
      current = tables[name] = {}
      return
    }
    const key = reader.match(/^[A-Za-z0-9_-]+/) ?? fail('expected a bare key')
    reader.skipSpace()
    if (reader.next() !== '=') fail(`expected "=" after ${key}`)
    reader.skipSpace()
    if (key in current) fail(`key ${key} defined twice`)
    current[key] = reader.value()
    reader.skipSpace()
    if (!reader.atEnd()) fail(`unexpected text after the value of ${key}`)
  })
  return tables
}

const ESCAPES: Record<string, string> = {
  b: '\b',
  t: '\t',
  n: '\n',
  f: '\f',
  r: '\r',
  '"': '"',
  '\\': '\\',
}

class LineReader {
  private position = 0

  constructor(
    private readonly line: string,
    private readonly fail: (message: string) => never,
  ) {}

  peek = () => this.line[this.position]
  next = () => this.line[this.position++]
  rest = () => this.line.slice(this.position).replace(/\s*(#.*)?$/, '')
  atEnd = () => this.position >= this.line.length || this.peek() === '#'

  skipSpace() {
    while (this.peek() === ' ' || this.peek() === '\t') this.position++
  }

  match(pattern: RegExp): string | undefined {
    const found = pattern.exec(this.line.slice(this.position))?.[0]
    if (found) this.position += found.length
    return found
  }

  value(): TomlValue {
    const char = this.peek()
    if (char === '"') return this.basicString()
    if (char === "'") return this.literalString()
    if (char === '[') return this.array()
    const word = this.match(/^[^\s,\]#]+/) ?? this.fail('expected a value')
    if (word === 'true' || word === 'false') return word === 'true'
    if (/^[+-]?\d[\d_]*(\.\d[\d_]*)?$/.test(word)) return Number(word.replace(/_/g, ''))
    return this.fail(`unsupported value ${word}`)
  }

  private basicString(): string {
    if (this.line.startsWith('"""', this.position))
      this.fail('multi-line strings are not supported')
    this.position++
    let result = ''
    for (;;) {
      const char = this.next()
      if (char === undefined) this.fail('unterminated string')
      if (char === '"') return result
      if (char !== '\\') {
        result += char
        continue
      }
      const escape = this.next() ?? ''
      if (escape === 'u' || escape === 'U') {
        const digits = this.match(escape === 'u' ? /^[0-9A-Fa-f]{4}/ : /^[0-9A-Fa-f]{8}/)
        if (!digits) this.fail('invalid unicode escape')
        result += String.fromCodePoint(Number.parseInt(digits, 16))
      } else {
        result += ESCAPES[escape] ?? this.fail(`invalid escape \\${escape}`)
      }
    }
  }

  private literalString(): string {
    if (this.line.startsWith("'''", this.position))
      this.fail('multi-line strings are not supported')
    const end = this.line.indexOf("'", this.position + 1)
    if (end === -1) this.fail('unterminated string')
    const result = this.line.slice(this.position + 1, end)
    this.position = end + 1
    return result
  }

  private array(): TomlValue[] {
    this.position++
    const items: TomlValue[] = []
    for (;;) {
      this.skipSpace()
      if (this.atEnd()) this.fail('arrays must fit on one line')
      if (this.peek() === ']') {
        this.position++
        return items
      }
      items.push(this.value())
      this.skipSpace()
      const separator = this.next()
      if (separator === ']') return items
      if (separator !== ',')
        this.fail('expected "," or "]" in an array (arrays must fit on one line)')
    }
  }
}
