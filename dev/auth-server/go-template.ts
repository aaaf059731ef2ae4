/**
 * The part of Go's `html/template` that Supabase email templates use, so the local auth server
 * renders `supabase/templates/*.html` as hosted GoTrue does:
 *
 * - `{{ .Field }}` and `{{ .Data.key }}`, string literals, `eq a b…` (true when `a` equals any of
 *   the others), `{{ if }}`, `{{ else if }}`, `{{ else }}`, `{{ end }}`, `{{/* comments *\/}}` and
 *   the `{{-`/`-}}` whitespace trimming;
 * - contextual escaping: values are HTML-escaped; inside a URL attribute (`href`, `src`…) a value
 *   is percent-encoded in the query or fragment, normalized before it, and a value starting the
 *   URL with a scheme other than http, https or mailto becomes `#ZgotmplZ`.
 *
 * Anything else is a parse error, so a template that would need more fails at start-up, not in
 * a mail. A missing field renders as nothing, as in `html/template`.
 *
 * @example parseGoTemplate('<a href="{{ .SiteURL }}/x?next={{ .RedirectTo }}">').render(data)
 */
export function parseGoTemplate(source: string, name = 'template'): GoTemplate {
  const nodes = new Parser(source, name).parseDocument()
  return {
    render(data) {
      const out = new Output()
      renderNodes(nodes, data, out)
      return out.text
    },
  }
}

export type TemplateData = Record<string, unknown>

export interface GoTemplate {
  render(data: TemplateData): string
}

type Expression =
  | { kind: 'field'; path: string[] }
  | { kind: 'string'; value: string }
  | { kind: 'eq'; args: Expression[] }

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'print'; expression: Expression }
  | { kind: 'if'; branches: { condition: Expression; body: Node[] }[]; otherwise: Node[] }

type Action =
  | { kind: 'if'; condition: Expression }
  | { kind: 'elseIf'; condition: Expression }
  | { kind: 'else' }
  | { kind: 'end' }
  | { kind: 'print'; expression: Expression }

type Token = { kind: 'text'; text: string } | { kind: 'action'; action: Action; at: number }

class Parser {
  private readonly tokens: Token[]
  private index = 0

  constructor(
    private readonly source: string,
    private readonly name: string,
  ) {
    this.tokens = this.tokenize()
  }

  parseDocument(): Node[] {
    const { nodes, stop } = this.parseNodes()
    if (stop) this.fail(stop.at, `unexpected {{${stop.action.kind}}}`)
    return nodes
  }

  private fail(at: number, message: string): never {
    const line = this.source.slice(0, at).split('\n').length
    throw new Error(`template: ${this.name}:${line}: ${message}`)
  }

  /** Nodes up to the next `else`, `else if` or `end` (returned as `stop`) or the end. */
  private parseNodes(): {
    nodes: Node[]
    stop?: Extract<Token, { kind: 'action' }> & { action: { kind: 'elseIf' | 'else' | 'end' } }
  } {
    const nodes: Node[] = []
    while (this.index < this.tokens.length) {
      const token = this.tokens[this.index++] as Token
      if (token.kind === 'text') {
        if (token.text) nodes.push({ kind: 'text', text: token.text })
        continue
      }
      const { action } = token
      if (action.kind === 'print') nodes.push({ kind: 'print', expression: action.expression })
      else if (action.kind === 'if') nodes.push(this.parseIf(action.condition, token.at))
      else return { nodes, stop: { ...token, action } }
    }
    return { nodes }
  }

  private parseIf(condition: Expression, at: number): Node {
    const branches = [{ condition, body: [] as Node[] }]
    for (;;) {
      const { nodes, stop } = this.parseNodes()
      ;(branches[branches.length - 1] as { body: Node[] }).body = nodes
      if (!stop) this.fail(at, 'unexpected EOF: {{if}} without {{end}}')
      if (stop.action.kind === 'end') return { kind: 'if', branches, otherwise: [] }
      if (stop.action.kind === 'elseIf') {
        branches.push({ condition: stop.action.condition, body: [] })
        continue
      }
      const rest = this.parseNodes()
      if (rest.stop?.action.kind !== 'end') this.fail(stop.at, 'expected {{end}} after {{else}}')
      return { kind: 'if', branches, otherwise: rest.nodes }
    }
  }

  private tokenize(): Token[] {
    const tokens: Token[] = []
    let position = 0
    let trimNext = false
    while (position <= this.source.length) {
      const open = this.source.indexOf('{{', position)
      let text = this.source.slice(position, open === -1 ? undefined : open)
      if (trimNext) text = text.trimStart()
      if (open === -1) {
        tokens.push({ kind: 'text', text })
        break
      }
      const close = this.source.indexOf('}}', open + 2)
      if (close === -1) this.fail(open, 'unclosed action')
      let inner = this.source.slice(open + 2, close)
      if (/^-\s/.test(inner)) {
        text = text.trimEnd()
        inner = inner.slice(1)
      }
      trimNext = /\s-$/.test(inner)
      if (trimNext) inner = inner.slice(0, -1)
      tokens.push({ kind: 'text', text })
      const action = this.parseAction(inner.trim(), open)
      if (action) tokens.push({ kind: 'action', action, at: open })
      position = close + 2
    }
    return tokens
  }

  private parseAction(inner: string, at: number): Action | undefined {
    if (inner.startsWith('/*')) {
      if (!inner.endsWith('*/')) this.fail(at, 'unclosed comment')
      return undefined
    }
    const words = this.splitWords(inner, at)
    const [first, second] = words
    if (first === 'if') return { kind: 'if', condition: this.parseExpression(words.slice(1), at) }
    if (first === 'else' && second === 'if') {
      return { kind: 'elseIf', condition: this.parseExpression(words.slice(2), at) }
    }
    if (first === 'else' && words.length === 1) return { kind: 'else' }
    if (first === 'end' && words.length === 1) return { kind: 'end' }
    return { kind: 'print', expression: this.parseExpression(words, at) }
  }

  /** Splits an action into words, keeping quoted strings whole (with their quotes). */
  private splitWords(inner: string, at: number): string[] {
    const words = inner.match(/"(?:[^"\\]|\\.)*"|`[^`]*`|[^\s"`]+|["`]/g) ?? []
    for (const word of words)
      if (word === '"' || word === '`') this.fail(at, 'unterminated quoted string')
    return words
  }

  private parseExpression(words: string[], at: number): Expression {
    const [head, ...rest] = words
    if (head === undefined) this.fail(at, 'missing value')
    if (head === 'eq') {
      if (rest.length < 2) this.fail(at, 'eq needs at least two arguments')
      return { kind: 'eq', args: rest.map((word) => this.parseOperand(word, at)) }
    }
    if (rest.length) this.fail(at, `unexpected "${rest[0]}" after ${head}`)
    return this.parseOperand(head, at)
  }

  private parseOperand(word: string, at: number): Expression {
    if (word.startsWith('"')) return { kind: 'string', value: JSON.parse(word) as string }
    if (word.startsWith('`')) return { kind: 'string', value: word.slice(1, -1) }
    if (/^(\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(word)) {
      return { kind: 'field', path: word.slice(1).split('.') }
    }
    return this.fail(at, `function or value "${word}" not supported`)
  }
}

function evaluate(expression: Expression, data: TemplateData): unknown {
  switch (expression.kind) {
    case 'string':
      return expression.value
    case 'field':
      return expression.path.reduce<unknown>(
        (value, key) =>
          value !== null && typeof value === 'object'
            ? (value as Record<string, unknown>)[key]
            : undefined,
        data,
      )
    case 'eq': {
      const [first, ...others] = expression.args.map((arg) => evaluate(arg, data))
      return others.some((other) => other === first)
    }
  }
}

/** Go's truth: false, 0, nil and empty strings, slices and maps are false. */
function isTrue(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') {
    return false
  }
  if (Array.isArray(value)) return value.length > 0
  if (typeof value === 'object') return Object.keys(value).length > 0
  return true
}

function asText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

function renderNodes(nodes: Node[], data: TemplateData, out: Output) {
  for (const node of nodes) {
    if (node.kind === 'text') out.writeTemplateText(node.text)
    else if (node.kind === 'print') out.writeValue(asText(evaluate(node.expression, data)))
    else {
      const branch = node.branches.find((candidate) => isTrue(evaluate(candidate.condition, data)))
      renderNodes(branch ? branch.body : node.otherwise, data, out)
    }
  }
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'cite', 'formaction', 'poster'])
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto'])

type HtmlState = 'text' | 'tagOpen' | 'tagName' | 'inTag' | 'attrName' | 'beforeValue' | 'value'
type UrlPart = 'start' | 'beforeQuery' | 'queryOrFragment'

/**
 * The rendered document so far, with the HTML context the next value lands in. The context
 * follows the template's own text only: escaped values cannot open or close tags or quotes.
 */
class Output {
  text = ''
  private state: HtmlState = 'text'
  private attribute = ''
  private quote = ''
  private urlPart: UrlPart = 'start'

  writeTemplateText(text: string) {
    for (const char of text) this.step(char)
    this.text += text
  }

  writeValue(value: string) {
    if (this.state !== 'value' || !URL_ATTRIBUTES.has(this.attribute)) {
      this.text += escapeHtml(value)
      return
    }
    let url = value
    if (this.urlPart === 'start') {
      const scheme = /^([^:/?#]+):/.exec(url)?.[1]
      url = scheme && !SAFE_SCHEMES.has(scheme.toLowerCase()) ? '#ZgotmplZ' : normalizeUrl(url)
      this.urlPart = 'beforeQuery'
    } else if (this.urlPart === 'beforeQuery') {
      url = normalizeUrl(url)
    } else {
      url = escapeUrlComponent(url)
    }
    this.text += escapeHtml(url)
  }

  private step(char: string) {
    const space = /\s/.test(char)
    switch (this.state) {
      case 'text':
        if (char === '<') this.state = 'tagOpen'
        return
      case 'tagOpen':
        this.state = /[A-Za-z/]/.test(char) ? 'tagName' : 'text'
        return
      case 'tagName':
        if (char === '>') this.state = 'text'
        else if (space) this.state = 'inTag'
        return
      case 'inTag':
        if (char === '>') this.state = 'text'
        else if (!space && char !== '/') {
          this.state = 'attrName'
          this.attribute = char.toLowerCase()
        }
        return
      case 'attrName':
        if (char === '=') this.state = 'beforeValue'
        else if (char === '>') this.state = 'text'
        else if (space) this.state = 'inTag'
        else this.attribute += char.toLowerCase()
        return
      case 'beforeValue':
        if (space) return
        if (char === '>') {
          this.state = 'text'
          return
        }
        this.state = 'value'
        this.urlPart = 'start'
        this.quote = char === '"' || char === "'" ? char : ''
        if (!this.quote) this.stepInValue(char)
        return
      case 'value':
        this.stepInValue(char)
    }
  }

  private stepInValue(char: string) {
    const ends = this.quote ? char === this.quote : /[\s>]/.test(char)
    if (ends) {
      this.state = char === '>' ? 'text' : 'inTag'
      return
    }
    if (char === '?' || char === '#') this.urlPart = 'queryOrFragment'
    else if (this.urlPart === 'start') this.urlPart = 'beforeQuery'
  }
}

const HTML_ESCAPES: Record<string, string> = {
  '\0': '\uFFFD',
  '"': '&#34;',
  '&': '&amp;',
  "'": '&#39;',
  '+': '&#43;',
  '<': '&lt;',
  '>': '&gt;',
}

/** As `html/template` escapes text and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[\0"&'+<>]/g, (char) => HTML_ESCAPES[char] as string)
}

const UNRESERVED = /[A-Za-z0-9\-._~]/
const RESERVED = /[!#$&*+,/:;=?@[\]]/

/** Percent-encodes every byte but letters, digits and `-._~`, in lower-case hex as Go does. */
export function escapeUrlComponent(value: string): string {
  return percentEncode(value, (char) => UNRESERVED.test(char))
}

/** Encodes what may not appear in a URL, keeping its structure and valid `%xx` escapes. */
function normalizeUrl(value: string): string {
  return percentEncode(
    value,
    (char, rest) =>
      UNRESERVED.test(char) ||
      RESERVED.test(char) ||
      (char === '%' && /^[0-9A-Fa-f]{2}/.test(rest)),
  )
}

function percentEncode(value: string, keep: (char: string, rest: string) => boolean): string {
  let result = ''
  let index = 0
  for (const char of value) {
    index += char.length
    if (char.length === 1 && char.charCodeAt(0) < 0x80 && keep(char, value.slice(index))) {
      result += char
    } else {
      for (const byte of new TextEncoder().encode(char)) {
        result += '%' + byte.toString(16).padStart(2, '0')
      }
    }
  }
  return result
}
