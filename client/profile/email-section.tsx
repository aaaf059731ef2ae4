import { useState, type FormEvent } from 'react'
import { useI18n } from '../app/i18n-context'
import { authClient } from '../auth/auth-client'
import {
  errorFor,
  FormStatus,
  ProfileSection,
  SubmitButton,
  TextField,
  useAction,
  useErrorText,
} from './form-parts'
import { DONE, failed, profileErrorCode, type ProfileErrorCode } from './profile-errors'
import { useProfileUser } from './profile-user'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const EMAIL_FIELD: Partial<Record<ProfileErrorCode, 'email'>> = {
  email_address_invalid: 'email',
  email_exists: 'email',
  same_email: 'email',
}

/**
 * The sign-in address and how to change it: the auth server mails a confirmation link to the new
 * address, and the change shows as pending until it is followed.
 */
export function EmailSection() {
  const { t } = useI18n()
  const { viewer, user, replaceUser } = useProfileUser()
  const errorText = useErrorText()
  const action = useAction()
  const [email, setEmail] = useState('')
  const current = user?.email ?? viewer.email
  const pending = user?.new_email ?? null

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const wanted = email.trim()
    void action.run(async () => {
      if (!EMAIL.test(wanted)) return failed('email_address_invalid')
      if (wanted.toLowerCase() === current.toLowerCase()) return failed('same_email')
      const client = await authClient()
      const { data, error } = await client.auth.updateUser(
        { email: wanted },
        { emailRedirectTo: window.location.origin + window.location.pathname },
      )
      if (error) return failed(profileErrorCode(error))
      replaceUser(data.user)
      setEmail('')
      return DONE
    })
  }

  const code = action.errorCode
  const fieldError = errorFor(code, EMAIL_FIELD, 'email')
  const formError = errorFor(code, EMAIL_FIELD, 'form')
  return (
    <ProfileSection id="email" title={t('profile.email.heading')}>
      <p>
        {t('profile.email.current')} <strong className="profile-email">{current}</strong>
      </p>
      {pending ? <p className="notice">{t('profile.email.pending', { email: pending })}</p> : null}
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('profile.email.newLabel')}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => {
            action.reset()
            setEmail(event.currentTarget.value)
          }}
          hint={t('profile.email.hint')}
          error={fieldError ? errorText(fieldError) : null}
        />
        <FormStatus
          success={action.outcome?.ok ? t('profile.email.sent') : null}
          error={formError ? errorText(formError) : null}
        />
        <div className="form-actions">
          <SubmitButton pending={action.pending} label={t('profile.email.submit')} />
        </div>
      </form>
    </ProfileSection>
  )
}
