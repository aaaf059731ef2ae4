import { useRef, useState } from 'react'
import { useI18n } from '../app/i18n-context'
import { DeleteAccountForm } from './delete-account-form'
import { ProfileSection } from './form-parts'

/** The danger zone: deleting the account for good, behind a button that opens the form. */
export function DeleteAccountSection() {
  const { t } = useI18n()
  const [open, setOpen] = useState(false)
  const startButton = useRef<HTMLButtonElement>(null)
  return (
    <ProfileSection
      id="delete"
      title={t('profile.delete.heading')}
      lead={t('profile.delete.lead')}
      danger
    >
      {!open ? (
        <p>
          <button
            ref={startButton}
            type="button"
            className="button button--danger"
            onClick={() => setOpen(true)}
          >
            {t('profile.delete.start')}
          </button>
        </p>
      ) : (
        <DeleteAccountForm
          onCancel={() => {
            setOpen(false)
            // The form is gone: focus returns to the button that opened it.
            requestAnimationFrame(() => startButton.current?.focus())
          }}
        />
      )}
    </ProfileSection>
  )
}
