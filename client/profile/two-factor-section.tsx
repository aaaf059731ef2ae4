import { useRef, useState } from 'react'
import { useI18n } from '../app/i18n-context'
import { useDeviceName } from '../auth/device-choice'
import { FormStatus, ProfileSection } from './form-parts'
import { dayOf } from './profile-dates'
import { useProfileUser } from './profile-user'
import { deviceOf, EnrolForm, RemoveFactorForm } from './two-factor-forms'

/**
 * Two-step verification with authenticator apps (TOTP): the devices in use, adding one (with one
 * in use, a backup device is offered: losing the only one would lock the account), removing
 * one. With a verified app the session is at aal2, and the account's data is served only then.
 */
export function TwoFactorSection() {
  const { t, formatLocale } = useI18n()
  const { user, reload } = useProfileUser()
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<string | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const addButton = useRef<HTMLButtonElement>(null)
  const nameOf = useDeviceName()
  const factors = (user?.factors ?? []).filter((factor) => factor.status === 'verified')
  const devices = factors.map(deviceOf)
  const backup = factors.length > 0

  // After a change, the list is loaded again before the message tells of it.
  const backToList = async (text: string | null) => {
    if (text) await reload()
    setAdding(false)
    setRemoving(null)
    setMessage(text)
    // The form that had focus is gone: focus goes back where the action started.
    requestAnimationFrame(() => addButton.current?.focus())
  }

  return (
    <ProfileSection
      id="two-factor"
      title={t('profile.twoFactor.heading')}
      lead={t('profile.twoFactor.lead')}
    >
      {!user ? (
        <p className="profile-loading" aria-busy="true">
          {t('profile.loading')}
        </p>
      ) : factors.length === 0 ? (
        <p>{t('profile.twoFactor.none')}</p>
      ) : (
        <ul className="item-list" aria-label={t('profile.twoFactor.listLabel')}>
          {factors.map((factor) => (
            <li key={factor.id} className="item-list__item">
              <div className="item-list__row">
                <div>
                  <strong>{nameOf(deviceOf(factor))}</strong>
                  <span className="item-list__meta">
                    {t('profile.twoFactor.added', { date: dayOf(formatLocale, factor.created_at) })}
                  </span>
                </div>
                {removing === factor.id ? null : (
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => {
                      setMessage(null)
                      setAdding(false)
                      setRemoving(factor.id)
                    }}
                    aria-label={t('profile.twoFactor.removeNamed', {
                      name: nameOf(deviceOf(factor)),
                    })}
                  >
                    {t('profile.twoFactor.remove')}
                  </button>
                )}
              </div>
              {removing === factor.id ? (
                <RemoveFactorForm
                  factor={factor}
                  devices={devices}
                  onDone={() => backToList(t('profile.twoFactor.removed'))}
                  onCancel={() => void backToList(null)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {factors.length === 1 && !adding && !removing ? (
        <p className="notice">{t('profile.twoFactor.backupHint')}</p>
      ) : null}
      <FormStatus success={message} />
      {adding ? (
        <EnrolForm
          backup={backup}
          onDone={(name) =>
            backToList(
              t(backup ? 'profile.twoFactor.backupAdded' : 'profile.twoFactor.enabled', { name }),
            )
          }
          onCancel={() => void backToList(null)}
        />
      ) : (
        <p>
          <button
            ref={addButton}
            type="button"
            className="button"
            disabled={!user}
            onClick={() => {
              setMessage(null)
              setRemoving(null)
              setAdding(true)
            }}
          >
            {t(backup ? 'profile.twoFactor.addBackup' : 'profile.twoFactor.add')}
          </button>
        </p>
      )}
    </ProfileSection>
  )
}
