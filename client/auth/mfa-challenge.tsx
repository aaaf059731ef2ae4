import { useI18n } from '../app/i18n-context'
import { useCurrentRoute } from '../app/route-context'
import { CODE_INPUT, FormField } from '../components/form-field'
import type { MfaDevice } from '../../shared/auth/viewer'
import { buildPathLoose } from '../../shared/routes/build-path'
import { useAuthForm } from './auth-form'
import { DeviceChoice } from './device-choice'

/**
 * The second step of signing in: an account guarded by an authenticator app shows nothing
 * private until its current code is entered (the database holds the same line at `aal2`). With
 * more than one device (a backup), the visitor says which one the code comes from.
 */
export default function MfaChallenge({ devices }: { devices: readonly MfaDevice[] }) {
  const { t, locale } = useI18n()
  const route = useCurrentRoute()
  const here = route ? buildPathLoose(route.name, route.locale, route.params) : '/'
  const choose = devices.length > 1
  const { form, pending, onSubmit, errorOf, formError } = useAuthForm({
    action: '/auth/mfa-verify',
    fields: ['code', 'factor'],
    hidden: { next: here, locale },
    onSuccess: (next) => window.location.assign(next),
  })
  return (
    <section className="mfa-challenge" aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        {t('mfa.heading')}
      </h1>
      <p className="lead">{t(choose ? 'mfa.leadDevices' : 'mfa.lead')}</p>
      <form className="form" method="post" action="/auth/mfa-verify" onSubmit={onSubmit} noValidate>
        <input type="hidden" name="next" value={here} />
        <input type="hidden" name="locale" value={locale} />
        {choose ? (
          <DeviceChoice
            legend={t('mfa.device')}
            devices={devices}
            field={form.register('factor')}
          />
        ) : null}
        {/* The code is all there is to this form: any refusal is said beside it. */}
        <FormField label={t('mfa.code')} error={errorOf('code') ?? formError} alert>
          {(control) => <input {...control} {...CODE_INPUT} required {...form.register('code')} />}
        </FormField>
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
