import { describe, expect, it } from 'vitest'
import type { MailKind } from '../outbox/outbox'
import { loadEmailTemplates } from './email-templates'

const templates = loadEmailTemplates()
const data = (locale?: unknown) => ({
  SiteURL: 'http://127.0.0.1:5173',
  Email: 'ayse@example.com',
  NewEmail: 'ayse.new@example.com',
  Token: '123456',
  TokenHash: 'abc123',
  RedirectTo: 'http://127.0.0.1:5173/en/portfolio?tab=1',
  Data: locale === undefined ? {} : { locale },
})

const LINKED: [MailKind, string][] = [
  ['signup', 'signup'],
  ['magiclink', 'magiclink'],
  ['recovery', 'recovery'],
  ['invite', 'invite'],
  ['email_change', 'email_change'],
]

describe('the project email templates (supabase/config.toml)', () => {
  it.each(LINKED)('%s links to /auth/confirm with the token hash, type and next', (kind, type) => {
    const { html } = templates(kind, data('en'))
    expect(html).toContain(
      `href="http://127.0.0.1:5173/auth/confirm?token_hash=abc123&type=${type}` +
        '&next=http%3a%2f%2f127.0.0.1%3a5173%2fen%2fportfolio%3ftab%3d1"',
    )
  })

  it('choose the language by Data.locale, Turkish when absent or unknown', () => {
    const subject = (locale?: unknown) => templates('recovery', data(locale)).subject
    expect(subject('en')).toBe('Reset your Kıymet password')
    expect(subject('de')).toBe('Kıymet-Passwort zurücksetzen')
    expect(subject('tr')).toBe('Kıymet şifrenizi sıfırlayın')
    expect(subject()).toBe('Kıymet şifrenizi sıfırlayın')
    expect(subject('fr')).toBe('Kıymet şifrenizi sıfırlayın')
    expect(templates('recovery', data('de')).html).toContain('<html lang="de">')
    expect(templates('recovery', data()).html).toContain('<html lang="tr">')
  })

  it('the magic link mail and the reauthentication mail show the code', () => {
    expect(templates('magiclink', data('en')).html).toContain('>123456</p>')
    const reauthentication = templates('reauthentication', data('de'))
    expect(reauthentication.html).toContain('>123456</p>')
    expect(reauthentication.html).not.toContain('href=')
    expect(reauthentication.subject).toBe('123456 ist Ihr Kıymet-Bestätigungscode')
  })

  it('the email change mail names both addresses', () => {
    const { html } = templates('email_change', data('en'))
    expect(html).toContain('from ayse@example.com to ayse.new@example.com')
  })
})
