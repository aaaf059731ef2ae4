import { useI18n } from '../app/i18n-context'
import { useCurrentRoute } from '../app/route-context'
import { buildPathLoose } from '../../shared/routes/build-path'
import { AUTH_ERRORS } from '../../shared/auth/auth-dialog-state'
import { useAuthForm } from './use-auth-form'
import { useSessionView } from './user-store'

/**
 * The second step of signing in: an account guarded by an authenticator app shows nothing
 * private until its current code is entered (the database holds the same line at `aal2`).
 */
export default function MfaChallenge() {
  const { t, locale } = useI18n()
  const route = useCurrentRoute()
  const { error: urlError } = useSessionView()
  const here = route ? buildPathLoose(route.name, route.locale, route.params) : '/'
  const initial = urlError
    ? { code: urlError, message: t(`auth.errors.${urlError}`), field: AUTH_ERRORS[urlError] }
    : null
  const { error, pending, onSubmit } = useAuthForm(initial, (next) => window.location.assign(next))
  const message = error ? error.message || t(`auth.errors.${error.code}`) : null
  return (
    <section className="mfa-challenge" aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        {t('mfa.heading')}
      </h1>
      <p className="lead">{t('mfa.lead')}</p>
      <form className="form" method="post" action="/auth/mfa-verify" onSubmit={onSubmit} noValidate>
        <input type="hidden" name="next" value={here} />
        <input type="hidden" name="locale" value={locale} />
        <div className="field">
          <label htmlFor="mfa-code">{t('mfa.code')}</label>
          <input
            id="mfa-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? 'mfa-code-error' : undefined}
          />
          {message ? (
            <p id="mfa-code-error" className="field__error" role="alert">
              {message}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? t('auth.working') : t('mfa.submit')}
        </button>
      </form>
      <form method="post" action="/auth/sign-out">
        <input type="hidden" name="locale" value={locale} />
        <button type="submit" className="button button--link">
          {t('mfa.signOut')}
        </button>
      </form>
    </section>
  )
}
