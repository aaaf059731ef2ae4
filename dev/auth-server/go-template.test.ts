import { describe, expect, it } from 'vitest'
import { parseGoTemplate } from './go-template'

const render = (source: string, data: Record<string, unknown> = {}) =>
  parseGoTemplate(source, 'test.html').render(data)

describe('parseGoTemplate', () => {
  it('prints fields and nested Data keys; a missing one prints nothing', () => {
    expect(
      render('{{ .Email }} / {{ .Data.locale }} / {{.Data.missing}}.', {
        Email: 'a@example.com',
        Data: { locale: 'de' },
      }),
    ).toBe('a@example.com / de / .')
  })

  it('chooses the branch of the first true condition', () => {
    const source =
      '{{ if eq .Data.locale "en" }}Hello{{ else if eq .Data.locale "de" }}Hallo{{ else }}Merhaba{{ end }}'
    expect(render(source, { Data: { locale: 'en' } })).toBe('Hello')
    expect(render(source, { Data: { locale: 'de' } })).toBe('Hallo')
    expect(render(source, { Data: { locale: 'fr' } })).toBe('Merhaba')
    expect(render(source, { Data: {} })).toBe('Merhaba')
    expect(render(source, {})).toBe('Merhaba')
  })

  it('eq is true when the first argument equals any of the others', () => {
    expect(render('{{ if eq .L "tr" "en" }}yes{{ else }}no{{ end }}', { L: 'en' })).toBe('yes')
    expect(render('{{ eq .L "de" }}', { L: 'en' })).toBe('false')
  })

  it('if tests Go truth and nests', () => {
    const source = '{{ if .A }}a{{ if .B }}b{{ end }}{{ else }}none{{ end }}'
    expect(render(source, { A: 'x', B: true })).toBe('ab')
    expect(render(source, { A: 'x', B: 0 })).toBe('a')
    expect(render(source, { A: '' })).toBe('none')
  })

  it('trims whitespace at {{- and -}} and drops comments', () => {
    expect(render('a  {{- .X -}}  b{{/* note */}}', { X: 1 })).toBe('a1b')
  })

  it('escapes values as HTML in text and attributes', () => {
    const data = { Name: `<b>"Tom" & 'Jerry'+</b>` }
    expect(render('<p>{{ .Name }}</p>', data)).toBe(
      '<p>&lt;b&gt;&#34;Tom&#34; &amp; &#39;Jerry&#39;&#43;&lt;/b&gt;</p>',
    )
    expect(render('<img alt="{{ .Name }}">', data)).toBe(
      '<img alt="&lt;b&gt;&#34;Tom&#34; &amp; &#39;Jerry&#39;&#43;&lt;/b&gt;">',
    )
  })

  it('percent-encodes a value in the query of an href, as html/template does', () => {
    const source =
      '<a href="{{ .SiteURL }}/auth/confirm?token_hash={{ .TokenHash }}&type=signup&next={{ .RedirectTo }}">go</a>'
    expect(
      render(source, {
        SiteURL: 'http://127.0.0.1:5173',
        TokenHash: 'pkce_ab12',
        RedirectTo: "http://127.0.0.1:5173/tr/portföy?a=1&b=(2)'",
      }),
    ).toBe(
      '<a href="http://127.0.0.1:5173/auth/confirm?token_hash=pkce_ab12&type=signup&next=' +
        'http%3a%2f%2f127.0.0.1%3a5173%2ftr%2fportf%c3%b6y%3fa%3d1%26b%3d%282%29%27">go</a>',
    )
  })

  it('normalizes a value before the query and refuses unsafe schemes at the start', () => {
    expect(render(`<a href='{{ .U }}/x'>`, { U: 'https://example.com/a b%20c' })).toBe(
      `<a href='https://example.com/a%20b%20c/x'>`,
    )
    expect(render('<a href="{{ .U }}">', { U: 'javascript:alert(1)' })).toBe('<a href="#ZgotmplZ">')
    expect(render('<a title="?" href="{{ .U }}">', { U: 'mailto:a@example.com' })).toBe(
      '<a title="?" href="mailto:a@example.com">',
    )
  })

  it('escapes a value after the URL attribute closes as plain text again', () => {
    expect(render('<a href="/x?q={{ .V }}">{{ .V }}</a>', { V: 'a b' })).toBe(
      '<a href="/x?q=a%20b">a b</a>',
    )
  })

  it('refuses what it does not implement, naming the template and line', () => {
    expect(() => render('line\n{{ printf "%s" .X }}')).toThrow('template: test.html:2: unexpected')
    expect(() => render('{{ len .X }}')).toThrow('unexpected ".X" after len')
    expect(() => render('{{ if .X }}open')).toThrow('{{if}} without {{end}}')
    expect(() => render('{{ end }}')).toThrow('unexpected {{end}}')
    expect(() => render('{{ .X')).toThrow('unclosed action')
  })
})
