import { useId, type ReactNode } from 'react'
import { useWatch } from 'react-hook-form'
import { useI18n } from '../app/i18n-context'
import { FormError } from '../components/form-error'
import { CODE_INPUT, FormField } from '../components/form-field'
import type { MessageKey } from '../../shared/i18n/messages'
import { navigateTo } from '../navigation/router'
import { buildPath } from '../../shared/routes/build-path'
import { authModeFromUrl, withAuthDialog, type AuthMode } from '../../shared/auth/auth-dialog-state'
import { useAuthForm, type AuthField } from './auth-form'
import { PasswordRules } from './password-rules'

/** The dialog's steps that are forms, the worker route each posts to, and its fields. */
const STEPS = {
  'sign-in': { action: '/auth/sign-in', fields: ['email', 'password'] },
  'sign-up': { action: '/auth/sign-up', fields: ['email', 'password', 'terms'] },
  code: { action: '/auth/otp', fields: ['email'] },
  'verify-code': { action: '/auth/verify-otp', fields: ['email', 'code'] },
  forgot: { action: '/auth/recover', fields: ['email'] },
  'new-password': { action: '/auth/new-password', fields: ['password'] },
} as const satisfies Partial<Record<AuthMode, { action: string; fields: readonly AuthField[] }>>

export type FormStep = keyof typeof STEPS

export function isFormStep(mode: AuthMode): mode is FormStep {
  return Object.hasOwn(STEPS, mode)
}

/** The address typed in one step, offered again in the next (asking for a code, entering it). */
let rememberedEmail = ''

/** A link to another step of the dialog, on the same page. */
export function StepLink(props: { here: string; to: AuthMode; label: MessageKey }) {
  const { t } = useI18n()
  return <a href={withAuthDialog(props.here, props.to)}>{t(props.label)}</a>
}

/** A message with links inside the sentence: each marker character becomes its element. */
function withElements(text: string, elements: Record<string, ReactNode>): ReactNode[] {
  return text.split(/([\u0001\u0002])/).map((part, index) => {
    const element = part === '\u0001' ? elements.first : part === '\u0002' ? elements.second : null
    return element ? <span key={index}>{element}</span> : part
  })
}

/**
 * One step of the sign-in dialog as a plain form posting to its worker route, so it works
 * before JavaScript has loaded; once hydrated it is sent as JSON (useAuthForm), and the next
 * step stays in the page while a new session loads the page from the server.
 */
export function AuthStepForm({ mode, here }: { mode: FormStep; here: string }) {
  const { t, locale } = useI18n()
  const rulesId = useId()
  const { action, fields } = STEPS[mode]
  const { form, pending, onSubmit, errorOf, formError } = useAuthForm({
    action,
    fields,
    hidden: { next: here, locale },
    onSuccess: (next) => {
      if (authModeFromUrl(new URL(next, window.location.href))) navigateTo(next)
      else window.location.assign(next)
    },
  })
  const password = useWatch({ control: form.control, name: 'password' }) ?? ''

  const link = (to: AuthMode, label: MessageKey) => <StepLink here={here} to={to} label={label} />
  const submit = (label: MessageKey) => (
    <button type="submit" className="button button--primary button--block" disabled={pending}>
      {pending ? t('auth.working') : t(label)}
    </button>
  )
  const emailField = (
    <FormField label={t('auth.email')} error={errorOf('email')} alert>
      {(control) => (
        <input
          {...control}
          type="email"
          autoComplete="email"
          defaultValue={rememberedEmail}
          required
          {...form.register('email', {
            onChange: (event: { target: HTMLInputElement }) => {
              rememberedEmail = event.target.value
            },
          })}
        />
      )}
    </FormField>
  )
  const passwordField = (label: MessageKey, autoComplete: string, rules: boolean) => (
    <>
      <FormField
        label={t(label)}
        error={errorOf('password')}
        describedBy={rules ? rulesId : undefined}
        alert
      >
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete={autoComplete}
            required
            {...form.register('password')}
          />
        )}
      </FormField>
      {rules ? <PasswordRules id={rulesId} password={password} /> : null}
    </>
  )

  let body: ReactNode
  switch (mode) {
    case 'sign-in':
      body = (
        <>
          {emailField}
          {passwordField('auth.password', 'current-password', false)}
          {submit('auth.signIn.submit')}
          <p className="auth-dialog__links">
            {link('forgot', 'auth.signIn.forgot')}
            {link('code', 'auth.signIn.useCode')}
          </p>
        </>
      )
      break
    case 'sign-up':
      body = (
        <>
          {emailField}
          {passwordField('auth.password', 'new-password', true)}
          <FormField
            check
            label={withElements(t('auth.signUp.terms', { terms: '\u0001', privacy: '\u0002' }), {
              first: (
                <a href={buildPath('terms', locale)} target="_blank" rel="noopener">
                  {t('auth.signUp.termsLink')}
                </a>
              ),
              second: (
                <a href={buildPath('privacy', locale)} target="_blank" rel="noopener">
                  {t('auth.signUp.privacyLink')}
                </a>
              ),
            })}
            error={errorOf('terms')}
            alert
          >
            {(control) => (
              <input
                {...control}
                type="checkbox"
                value="accepted"
                required
                {...form.register('terms')}
              />
            )}
          </FormField>
          {submit('auth.signUp.submit')}
        </>
      )
      break
    case 'code':
      body = (
        <>
          <p>{t('auth.code.lead')}</p>
          {emailField}
          {submit('auth.code.submit')}
          <p className="auth-dialog__links">{link('sign-in', 'auth.code.back')}</p>
        </>
      )
      break
    case 'verify-code':
      body = (
        <>
          <p>{t('auth.verifyCode.lead')}</p>
          {emailField}
          <FormField label={t('auth.codeLabel')} error={errorOf('code')} alert>
            {(control) => (
              <input {...control} type="text" {...CODE_INPUT} required {...form.register('code')} />
            )}
          </FormField>
          {submit('auth.verifyCode.submit')}
          <p className="auth-dialog__links">{link('code', 'auth.verifyCode.resend')}</p>
        </>
      )
      break
    case 'forgot':
      body = (
        <>
          <p>{t('auth.forgot.lead')}</p>
          {emailField}
          {submit('auth.forgot.submit')}
          <p className="auth-dialog__links">{link('sign-in', 'auth.forgot.back')}</p>
        </>
      )
      break
    case 'new-password':
      body = (
        <>
          <p>{t('auth.newPassword.lead')}</p>
          {passwordField('auth.newPasswordLabel', 'new-password', true)}
          {submit('auth.newPassword.submit')}
        </>
      )
      break
  }

  return (
    <form className="form" method="post" action={action} onSubmit={onSubmit} noValidate>
      <input type="hidden" name="next" value={here} />
      <input type="hidden" name="locale" value={locale} />
      <FormError message={formError} />
      {body}
    </form>
  )
}
