import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useI18n } from '../app/i18n-context'
import { useCurrentRoute } from '../app/route-context'
import type { MessageKey } from '../../shared/i18n/messages'
import { navigateTo } from '../navigation/router'
import { buildPath, buildPathLoose } from '../../shared/routes/build-path'
import {
  AUTH_ERRORS,
  authModeFromUrl,
  withAuthDialog,
  withoutAuthDialog,
  type AuthDialogState,
  type AuthMode,
} from '../../shared/auth/auth-dialog-state'
import { PasswordRules } from './password-rules'
import { providerName } from './provider-names'
import { type AuthFormError, useAuthForm } from './use-auth-form'
import { useSessionView } from './user-store'

/** The address typed in one step, offered again in the next (asking for a code, entering it). */
let rememberedEmail = ''

function useProviders(known: string[] | null): string[] {
  const [providers, setProviders] = useState(known ?? [])
  useEffect(() => {
    if (known) return
    void fetch('/auth/providers')
      .then((response) => response.json() as Promise<{ providers: string[] }>)
      .then((body) => setProviders(body.providers))
      .catch(() => undefined)
  }, [known])
  return providers
}

/** A message with links inside the sentence: each marker character becomes its element. */
function withElements(text: string, elements: Record<string, ReactNode>): ReactNode[] {
  return text.split(/([\u0001\u0002])/).map((part, index) => {
    const element = part === '\u0001' ? elements.first : part === '\u0002' ? elements.second : null
    return element ? <span key={index}>{element}</span> : part
  })
}

interface FieldProps {
  name: 'email' | 'password' | 'code'
  label: string
  error: AuthFormError | null
  errorText: string | null
  autoComplete: string
  type?: string
  defaultValue?: string
  onInput?: (value: string) => void
  describedBy?: string
}

function Field(props: FieldProps) {
  const id = useId()
  const mine = props.error?.field === props.name ? props.errorText : null
  const describedBy = [mine ? `${id}-error` : null, props.describedBy].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        defaultValue={props.defaultValue}
        required
        {...(props.name === 'code'
          ? { inputMode: 'numeric' as const, pattern: '[0-9]{6}', maxLength: 6 }
          : {})}
        aria-invalid={mine ? true : undefined}
        aria-describedby={describedBy || undefined}
        onInput={props.onInput ? (event) => props.onInput?.(event.currentTarget.value) : undefined}
      />
      {mine ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {mine}
        </p>
      ) : null}
    </div>
  )
}

const ROUTES: Partial<Record<AuthMode, string>> = {
  'sign-in': '/auth/sign-in',
  'sign-up': '/auth/sign-up',
  code: '/auth/otp',
  'verify-code': '/auth/verify-otp',
  forgot: '/auth/recover',
  'new-password': '/auth/new-password',
}

const HEADINGS: Record<AuthMode, MessageKey> = {
  'sign-in': 'auth.signIn.heading',
  'sign-up': 'auth.signUp.heading',
  code: 'auth.code.heading',
  'verify-code': 'auth.verifyCode.heading',
  forgot: 'auth.forgot.heading',
  'new-password': 'auth.newPassword.heading',
  'check-email': 'auth.checkEmail.heading',
  'reset-sent': 'auth.resetSent.heading',
}

/**
 * The sign-in dialog: every way into an account in one native `<dialog>` (layer 1100). Each step
 * is a plain form posting to the worker, so it works before JavaScript has loaded; with it, the
 * forms send JSON and errors appear next to their field without leaving the page.
 */
export default function AuthDialog({ dialog }: { dialog: AuthDialogState }) {
  const { t, locale } = useI18n()
  const route = useCurrentRoute()
  const { error: urlError } = useSessionView()
  const element = useRef<HTMLDialogElement>(null)
  const headingId = useId()
  const rulesId = useId()
  const here = route
    ? buildPathLoose(route.name, route.locale, route.params)
    : buildPath('home', locale)
  const providers = useProviders(dialog.providers)
  const [password, setPassword] = useState('')
  const { mode } = dialog
  const initialError = urlError
    ? { code: urlError, message: t(`auth.errors.${urlError}`), field: AUTH_ERRORS[urlError] }
    : null
  const { error, pending, onSubmit } = useAuthForm(initialError, (next) => {
    // Another step of the dialog stays in the page; a new session needs the page from the server.
    if (authModeFromUrl(new URL(next, window.location.href))) navigateTo(next)
    else window.location.assign(next)
  })
  const errorText = error ? error.message || t(`auth.errors.${error.code}`) : null

  // The server renders the dialog open, as a box on the page; with JavaScript it becomes modal.
  useEffect(() => {
    const node = element.current
    if (!node || node.matches(':modal')) return
    node.close()
    node.showModal()
    node.querySelector<HTMLInputElement>('input:not([type=hidden])')?.focus()
  }, [mode])

  const close = () =>
    navigateTo(withoutAuthDialog(window.location.pathname + window.location.search), {
      replace: true,
    })
  const link = (target: AuthMode, label: MessageKey) => (
    <a href={withAuthDialog(here, target)}>{t(label)}</a>
  )
  const hidden = (
    <>
      <input type="hidden" name="next" value={here} />
      <input type="hidden" name="locale" value={locale} />
    </>
  )
  const formError =
    error && error.field === 'form' ? (
      <p className="notice notice--error" role="alert">
        {errorText}
      </p>
    ) : null
  const emailField = (
    <Field
      name="email"
      type="email"
      label={t('auth.email')}
      autoComplete="email"
      error={error}
      errorText={errorText}
      defaultValue={rememberedEmail}
      onInput={(value) => {
        rememberedEmail = value
      }}
    />
  )
  const submit = (label: MessageKey) => (
    <button type="submit" className="button button--primary button--block" disabled={pending}>
      {pending ? t('auth.working') : t(label)}
    </button>
  )
  const providerButtons =
    providers.length > 0 ? (
      <div className="auth-providers">
        <p className="auth-providers__or">
          <span>{t('auth.or')}</span>
        </p>
        {providers.map((provider) => (
          <a
            key={provider}
            className="button button--block"
            href={`/auth/oauth?provider=${encodeURIComponent(provider)}&next=${encodeURIComponent(here)}&locale=${locale}`}
          >
            {t('auth.continueWith', { provider: providerName(provider) })}
          </a>
        ))}
      </div>
    ) : null

  let body: ReactNode
  switch (mode) {
    case 'sign-in':
      body = (
        <>
          {emailField}
          <Field
            name="password"
            type="password"
            label={t('auth.password')}
            autoComplete="current-password"
            error={error}
            errorText={errorText}
          />
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
          <Field
            name="password"
            type="password"
            label={t('auth.password')}
            autoComplete="new-password"
            error={error}
            errorText={errorText}
            onInput={setPassword}
            describedBy={rulesId}
          />
          <PasswordRules id={rulesId} password={password} />
          <div className="field field--check">
            <input
              id={`${rulesId}-terms`}
              type="checkbox"
              name="terms"
              value="accepted"
              required
              aria-invalid={error?.field === 'terms' ? true : undefined}
              aria-describedby={error?.field === 'terms' ? `${rulesId}-terms-error` : undefined}
            />
            <label htmlFor={`${rulesId}-terms`}>
              {withElements(t('auth.signUp.terms', { terms: '\u0001', privacy: '\u0002' }), {
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
            </label>
            {error?.field === 'terms' ? (
              <p id={`${rulesId}-terms-error`} className="field__error" role="alert">
                {errorText}
              </p>
            ) : null}
          </div>
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
          <Field
            name="code"
            label={t('auth.codeLabel')}
            autoComplete="one-time-code"
            error={error}
            errorText={errorText}
          />
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
          <Field
            name="password"
            type="password"
            label={t('auth.newPasswordLabel')}
            autoComplete="new-password"
            error={error}
            errorText={errorText}
            onInput={setPassword}
            describedBy={rulesId}
          />
          <PasswordRules id={rulesId} password={password} />
          {submit('auth.newPassword.submit')}
        </>
      )
      break
    case 'check-email':
    case 'reset-sent':
      body = (
        <>
          <p>{t(mode === 'check-email' ? 'auth.checkEmail.lead' : 'auth.resetSent.lead')}</p>
          <a className="button button--primary button--block" href={withoutAuthDialog(here)}>
            {t('auth.checkEmail.done')}
          </a>
        </>
      )
      break
  }

  const action = ROUTES[mode]
  const switcher =
    mode === 'sign-in' ? (
      <p className="auth-dialog__switch">
        {t('auth.signIn.noAccount')} {link('sign-up', 'auth.signIn.toSignUp')}
      </p>
    ) : mode === 'sign-up' ? (
      <p className="auth-dialog__switch">
        {t('auth.signUp.haveAccount')} {link('sign-in', 'auth.signUp.toSignIn')}
      </p>
    ) : null

  return (
    <dialog
      ref={element}
      className="auth-dialog"
      open
      aria-labelledby={headingId}
      onCancel={(event) => {
        event.preventDefault()
        close()
      }}
    >
      <div className="auth-dialog__header">
        <h2 id={headingId}>{t(HEADINGS[mode])}</h2>
        <a
          className="auth-dialog__close"
          href={withoutAuthDialog(here)}
          onClick={(event) => {
            event.preventDefault()
            close()
          }}
          aria-label={t('auth.close')}
        >
          <span aria-hidden="true">×</span>
        </a>
      </div>
      {action ? (
        <form className="form" method="post" action={action} onSubmit={onSubmit} noValidate>
          {hidden}
          {formError}
          {body}
        </form>
      ) : (
        <div className="form">{body}</div>
      )}
      {mode === 'sign-in' || mode === 'sign-up' ? providerButtons : null}
      {switcher}
    </dialog>
  )
}
