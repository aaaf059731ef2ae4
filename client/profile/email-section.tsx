import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useI18n } from '../app/i18n-context'
import { authClient } from '../auth/auth-client'
import { FormField } from '../components/form-field'
import { FormStatus, ProfileSection, SubmitButton, useProfileSubmit } from './form-parts'
import { useProfileUser } from './profile-user'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A new address: one, and not the current one (case aside). */
function emailSchema(current: string) {
  return z.object({
    email: z
      .string()
      .trim()
      .regex(EMAIL, 'email_address_invalid')
      .refine((wanted) => wanted.toLowerCase() !== current.toLowerCase(), 'same_email'),
  })
}

/**
 * The sign-in address and how to change it: the auth server mails a confirmation link to the new
 * address, and the change shows as pending until it is followed.
 */
export function EmailSection() {
  const { t } = useI18n()
  const { viewer, user, replaceUser } = useProfileUser()
  const current = user?.email ?? viewer.email
  const pending = user?.new_email ?? null
  const form = useForm({
    resolver: zodResolver(emailSchema(current)),
    defaultValues: { email: '' },
  })
  const submit = useProfileSubmit(form, {
    email_address_invalid: 'email',
    email_exists: 'email',
    same_email: 'email',
  })

  const send = async ({ email }: { email: string }) => {
    const client = await authClient()
    const { data, error } = await client.auth.updateUser(
      { email },
      { emailRedirectTo: window.location.origin + window.location.pathname },
    )
    if (error) throw error
    replaceUser(data.user)
    form.reset()
  }

  return (
    <ProfileSection id="email" title={t('profile.email.heading')}>
      <p>
        {t('profile.email.current')} <strong className="profile-email">{current}</strong>
      </p>
      {pending ? <p className="notice">{t('profile.email.pending', { email: pending })}</p> : null}
      <form className="form" onSubmit={submit.handle(send)} noValidate>
        <FormField
          label={t('profile.email.newLabel')}
          hint={t('profile.email.hint')}
          error={submit.errorOf('email')}
        >
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="email"
              required
              {...form.register('email')}
            />
          )}
        </FormField>
        <FormStatus success={submit.done ? t('profile.email.sent') : null} error={submit.error} />
        <div className="form-actions">
          <SubmitButton pending={submit.pending} label={t('profile.email.submit')} />
        </div>
      </form>
    </ProfileSection>
  )
}
