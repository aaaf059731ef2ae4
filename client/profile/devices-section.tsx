import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useI18n } from '../app/i18n-context'
import { signOut, type SignOutScope } from '../auth/sign-out'
import { buildPath } from '../../shared/routes/build-path'
import { FormStatus, ProfileSection, useProfileSubmit } from './form-parts'
import { ProfileError } from './profile-errors'

const SCOPES: readonly SignOutScope[] = ['local', 'others', 'global']

/**
 * Where the account is signed in: sign out here, on every other device, or everywhere. Leaving
 * this device (alone or with the rest) ends on the home page, loaded afresh.
 */
export function DevicesSection() {
  const { t, locale } = useI18n()
  const submit = useProfileSubmit(useForm())
  const here = buildPath('profile', locale)

  const [chosen, setChosen] = useState<SignOutScope | null>(null)

  const signOutOf = (scope: SignOutScope) =>
    submit.handle(async () => {
      setChosen(scope)
      await signOut(scope, here, locale).catch(() => {
        throw new ProfileError('sign_out_failed')
      })
      if (scope !== 'others') window.location.assign(buildPath('home', locale))
    })

  return (
    <ProfileSection
      id="devices"
      title={t('profile.devices.heading')}
      lead={t('profile.devices.lead')}
    >
      <ul className="item-list">
        {SCOPES.map((scope) => (
          <li key={scope} className="item-list__item">
            <div className="item-list__row">
              <p className="item-list__text" id={`sign-out-${scope}-hint`}>
                {t(`profile.devices.${scope}.hint`)}
              </p>
              <button
                type="button"
                className={scope === 'global' ? 'button button--danger' : 'button'}
                aria-describedby={`sign-out-${scope}-hint`}
                aria-disabled={submit.pending || undefined}
                onClick={signOutOf(scope)}
              >
                {t(`profile.devices.${scope}.button`)}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <FormStatus
        success={submit.done && chosen === 'others' ? t('profile.devices.othersDone') : null}
        error={submit.error}
      />
    </ProfileSection>
  )
}
