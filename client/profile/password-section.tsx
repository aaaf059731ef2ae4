import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { useI18n } from '../app/i18n-context'
import { authClient } from '../auth/auth-client'
import { passwordMeetsRules } from '../../shared/auth/auth-dialog-state'
import { PasswordRules } from '../auth/password-rules'
import { CODE_INPUT, FormField } from '../components/form-field'
import {
  codeSchema,
  FormStatus,
  ProfileSection,
  SubmitButton,
  useProfileSubmit,
} from './form-parts'
import { ProfileError } from './profile-errors'
import { useProfileUser } from './profile-user'

/** The new password, under sign-up's rules, and the emailed code once one is asked for. */
function passwordSchema(needsCode: boolean) {
  return z.object({
    password: z.string().refine(passwordMeetsRules, 'password_rules'),
    nonce: needsCode ? codeSchema : z.string().transform(() => null),
  })
}

/**
 * A new password, under sign-up's rules. When the auth server wants proof first
 * (`reauthentication_needed`), it mails a code, which is sent back with the password as `nonce`.
 */
export function PasswordSection() {
  const { t } = useI18n()
  const { viewer, replaceUser } = useProfileUser()
  const rulesId = useId()
  const [needsCode, setNeedsCode] = useState(false)
  const form = useForm({
    resolver: zodResolver(passwordSchema(needsCode)),
    defaultValues: { password: '', nonce: '' },
  })
  const password = useWatch({ control: form.control, name: 'password' })
  const submit = useProfileSubmit(form, {
    password_rules: 'password',
    weak_password: 'password',
    same_password: 'password',
    code_invalid: 'nonce',
    otp_expired: 'nonce',
    reauthentication_not_valid: 'nonce',
  })

  const send = async ({ password, nonce }: z.output<ReturnType<typeof passwordSchema>>) => {
    const client = await authClient()
    const { data, error } = await client.auth.updateUser(nonce ? { password, nonce } : { password })
    if (error?.code === 'reauthentication_needed') {
      const sent = await client.auth.reauthenticate()
      if (sent.error) throw sent.error
      setNeedsCode(true)
      throw new ProfileError('reauthentication_needed')
    }
    if (error) throw error
    replaceUser(data.user)
    form.reset()
    setNeedsCode(false)
  }

  return (
    <ProfileSection id="password" title={t('profile.password.heading')}>
      <form className="form" onSubmit={submit.handle(send)} noValidate>
        {/* For password managers: whose password this is. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={viewer.email}
          readOnly
          hidden
        />
        <FormField
          label={t('profile.password.newLabel')}
          error={submit.errorOf('password')}
          describedBy={rulesId}
        >
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              required
              {...form.register('password')}
            />
          )}
        </FormField>
        <PasswordRules id={rulesId} password={password} />
        {needsCode ? (
          <FormField
            label={t('profile.password.codeLabel')}
            hint={t('profile.password.codeHint', { email: viewer.email })}
            error={submit.errorOf('nonce')}
          >
            {(control) => (
              <input {...control} {...CODE_INPUT} required {...form.register('nonce')} />
            )}
          </FormField>
        ) : null}
        <FormStatus
          success={submit.done ? t('profile.password.saved') : null}
          error={submit.error}
        />
        <div className="form-actions">
          <SubmitButton pending={submit.pending} label={t('profile.password.submit')} />
        </div>
      </form>
    </ProfileSection>
  )
}
