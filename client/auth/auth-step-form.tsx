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

interface Step {
  /** The worker route the form posts to. */
  action: string
  /** Its fields, shown in this order: email, password, terms, code. */
  fields: readonly AuthField[]
  lead?: MessageKey
  /** A password chosen here (under the rules, which are shown), not one to sign in with. */
  newPassword?: MessageKey
  submit: MessageKey
  /** Links to other steps, under the button. */
  links?: readonly (readonly [AuthMode, MessageKey])[]
}

/** The dialog's steps that are forms. */
const STEPS = {
  'sign-in': {
    action: '/auth/sign-in',
    fields: ['email', 'password'],
    submit: 'auth.signIn.submit',
    links: [
      ['forgot', 'auth.signIn.forgot'],
      ['code', 'auth.signIn.useCode'],
    ],
  },
  'sign-up': {
    action: '/auth/sign-up',
    fields: ['email', 'password', 'terms'],
    newPassword: 'auth.password',
    submit: 'auth.signUp.submit',
  },
  code: {
    action: '/auth/otp',
    fields: ['email'],
    lead: 'auth.code.lead',
    submit: 'auth.code.submit',
    links: [['sign-in', 'auth.code.back']],
  },
  'verify-code': {
    action: '/auth/verify-otp',
    fields: ['email', 'code'],
    lead: 'auth.verifyCode.lead',
    submit: 'auth.verifyCode.submit',
    links: [['code', 'auth.verifyCode.resend']],
  },
  forgot: {
    action: '/auth/recover',
    fields: ['email'],
    lead: 'auth.forgot.lead',
    submit: 'auth.forgot.submit',
    links: [['sign-in', 'auth.forgot.back']],
  },
  'new-password': {
    action: '/auth/new-password',
    fields: ['password'],
    lead: 'auth.newPassword.lead',
    newPassword: 'auth.newPasswordLabel',
    submit: 'auth.newPassword.submit',
  },
} as const satisfies Partial<Record<AuthMode, Step>>

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
  const step: Step = STEPS[mode]
  const { action, fields } = step
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
  const has = (field: AuthField) => fields.includes(field)

  return (
    <form className="form" method="post" action={action} onSubmit={onSubmit} noValidate>
      <input type="hidden" name="next" value={here} />
      <input type="hidden" name="locale" value={locale} />
      <FormError message={formError} />
      {step.lead ? <p>{t(step.lead)}</p> : null}
      {has('email') ? (
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
      ) : null}
      {has('password') ? (
        <FormField
          label={t(step.newPassword ?? 'auth.password')}
          error={errorOf('password')}
          describedBy={step.newPassword ? rulesId : undefined}
          alert
        >
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete={step.newPassword ? 'new-password' : 'current-password'}
              required
              {...form.register('password')}
            />
          )}
        </FormField>
      ) : null}
      {has('password') && step.newPassword ? (
        <PasswordRules id={rulesId} password={password} />
      ) : null}
      {has('terms') ? (
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
      ) : null}
      {has('code') ? (
        <FormField label={t('auth.codeLabel')} error={errorOf('code')} alert>
          {(control) => (
            <input {...control} type="text" {...CODE_INPUT} required {...form.register('code')} />
          )}
        </FormField>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? t('auth.working') : t(step.submit)}
      </button>
      {step.links ? (
        <p className="auth-dialog__links">
          {step.links.map(([to, label]) => (
            <StepLink key={to} here={here} to={to} label={label} />
          ))}
        </p>
      ) : null}
    </form>
  )
}
