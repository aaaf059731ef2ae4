import { describe, expect, it } from 'vitest'
import { parseToml } from './toml'

describe('parseToml', () => {
  it('reads tables, strings, numbers, booleans and one-line arrays', () => {
    const tables = parseToml(
      [
        '# comment',
        'project_id = "kiymet"',
        '',
        '[auth]',
        'site_url = "http://127.0.0.1:5173" # trailing comment',
        'additional_redirect_urls = ["http://localhost:5173", \'https://x.test/#a\']',
        'jwt_expiry = 3_600',
        'enable_signup = true',
        '[ auth.email.template.invite ]',
        String.raw`subject = "{{ if eq .Data.locale \"en\" }}Hi{{ end }} \u00e7\t#"`,
        "content_path = 'C:\\no\\escapes'",
      ].join('\n'),
    )
    expect(tables).toEqual({
      '': { project_id: 'kiymet' },
      auth: {
        site_url: 'http://127.0.0.1:5173',
        additional_redirect_urls: ['http://localhost:5173', 'https://x.test/#a'],
        jwt_expiry: 3600,
        enable_signup: true,
      },
      'auth.email.template.invite': {
        subject: '{{ if eq .Data.locale "en" }}Hi{{ end }} ç\t#',
        content_path: 'C:\\no\\escapes',
      },
    })
  })

  it('refuses what it cannot read, with the line', () => {
    expect(() => parseToml('a = 1\nb = { c = 1 }')).toThrow('config.toml line 2: unsupported value')
    expect(() => parseToml('[[functions]]')).toThrow('unsupported table header')
    expect(() => parseToml('a = """x"""')).toThrow('multi-line strings are not supported')
    expect(() => parseToml('a = "x')).toThrow('unterminated string')
    expect(() => parseToml('a = [\n"x"]')).toThrow('arrays must fit on one line')
    expect(() => parseToml('a = 1\na = 2')).toThrow('key a defined twice')
    expect(() => parseToml('a = 1 2')).toThrow('unexpected text after the value of a')
  })
})
