import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { I18nContext } from '../app/i18n-context'
import type { AuthErrorCode } from '../../shared/auth/auth-dialog-state'
import { SIGNED_OUT_VIEW } from '../../shared/auth/viewer'
import type { Locale } from '../../shared/i18n/locales'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { AuthStepForm, type FormStep } from './auth-step-form'
import { SessionContext } from './user-store'

/** A step as the worker renders it, with the error a try without JavaScript left in the URL. */
async function render(locale: Locale, mode: FormStep, error: AuthErrorCode | null = null) {
  const translator = createTranslator(locale, await loadMessages(locale))
  return renderToStaticMarkup(
    <I18nContext value={translator}>
      <SessionContext value={{ ...SIGNED_OUT_VIEW, error }}>
        <AuthStepForm mode={mode} here="/de/preise" />
      </SessionContext>
    </I18nContext>,
  )
}

/** Whether `html` has a `tag` element with all these attributes, in any order. */
function hasElement(html: string, tag: string, attributes: Record<string, string>): boolean {
  const wanted = Object.entries(attributes).map(([name, value]) => `(?=[^>]*\\s${name}="${value}")`)
  return new RegExp(`<${tag}${wanted.join('')}[^>]*>`).test(html)
}

describe('AuthStepForm', () => {
  it('is a plain form that posts its named fields to the worker, so it works without JavaScript', async () => {
    const html = await render('de', 'sign-up')
    expect(hasElement(html, 'form', { method: 'post', action: '/auth/sign-up' })).toBe(true)
    expect(hasElement(html, 'input', { type: 'hidden', name: 'next', value: '/de/preise' })).toBe(
      true,
    )
    expect(hasElement(html, 'input', { type: 'hidden', name: 'locale', value: 'de' })).toBe(true)
    expect(hasElement(html, 'input', { type: 'email', name: 'email' })).toBe(true)
    expect(hasElement(html, 'input', { type: 'password', name: 'password' })).toBe(true)
    expect(hasElement(html, 'input', { type: 'checkbox', name: 'terms', value: 'accepted' })).toBe(
      true,
    )
    expect(html).not.toContain('aria-invalid')
    expect(hasElement(html, 'input', { type: 'checkbox', name: 'email' })).toBe(false)
  })

  it('shows the error from the address beside its field, announced', async () => {
    const html = await render('de', 'sign-in', 'invalid_credentials')
    expect(hasElement(html, 'input', { type: 'password', 'aria-invalid': 'true' })).toBe(true)
    expect(html).toContain('role="alert">E-Mail-Adresse oder Passwort ist falsch.</p>')
    expect(html).not.toContain('notice--error')
  })

  it('shows the terms error beside the box, and an error of no field above the form', async () => {
    const signUp = await render('en', 'sign-up', 'terms_required')
    expect(hasElement(signUp, 'input', { type: 'checkbox', 'aria-invalid': 'true' })).toBe(true)
    expect(signUp).toMatch(/<\/label><p [^>]*class="field__error" role="alert">[^<]+<\/p><\/div>/)
    expect(await render('en', 'code', 'over_email_send_rate_limit')).toMatch(
      /name="locale" value="en"\/><p class="notice notice--error" role="alert">[^<]+<\/p>/,
    )
  })

  it('asks each step for its own fields, in order, with its links', async () => {
    const labels = (html: string) =>
      [...html.matchAll(/<label for="[^"]+">([^<]+)<\/label>/g)].map((match) => match[1])
    const verify = await render('en', 'verify-code')
    expect(labels(verify)).toEqual(['Email address', '6-digit code'])
    expect(verify).toContain('<a href="/de/preise?auth=code">')
    const newPassword = await render('en', 'new-password')
    expect(labels(newPassword)).toEqual(['New password'])
    expect(newPassword).toContain('autoComplete="new-password"')
    expect(newPassword).toContain('class="password-rules"')
    const signIn = await render('en', 'sign-in')
    expect(labels(signIn)).toEqual(['Email address', 'Password'])
    expect(signIn).toContain('autoComplete="current-password"')
    expect(signIn).not.toContain('password-rules')
  })
})
