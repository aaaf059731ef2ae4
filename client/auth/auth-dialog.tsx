import { useEffect, useId, useRef } from 'react'
import { useI18n } from '../app/i18n-context'
import { useCurrentRoute } from '../app/route-context'
import type { MessageKey } from '../../shared/i18n/messages'
import { navigateTo } from '../navigation/router'
import { buildPath, buildPathLoose } from '../../shared/routes/build-path'
import {
  withoutAuthDialog,
  type AuthDialogState,
  type AuthMode,
} from '../../shared/auth/auth-dialog-state'
import { AuthStepForm, isFormStep, StepLink } from './auth-step-form'
import { providerName } from './provider-names'
import { useProviders } from './use-providers'

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
  const element = useRef<HTMLDialogElement>(null)
  const headingId = useId()
  const here = route
    ? buildPathLoose(route.name, route.locale, route.params)
    : buildPath('home', locale)
  const providers = useProviders(dialog.providers)
  const { mode } = dialog

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
  const link = (to: AuthMode, label: MessageKey) => <StepLink here={here} to={to} label={label} />
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
      {isFormStep(mode) ? (
        // A step of its own: what was typed or refused in another does not follow it.
        <AuthStepForm key={mode} mode={mode} here={here} />
      ) : (
        <div className="form">
          <p>{t(mode === 'check-email' ? 'auth.checkEmail.lead' : 'auth.resetSent.lead')}</p>
          <a className="button button--primary button--block" href={withoutAuthDialog(here)}>
            {t('auth.checkEmail.done')}
          </a>
        </div>
      )}
      {mode === 'sign-in' || mode === 'sign-up' ? providerButtons : null}
      {switcher}
    </dialog>
  )
}
