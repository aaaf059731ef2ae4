import { useId, useState, type FormEvent } from 'react'
import { useI18n } from '../app/i18n-context'
import { authClient } from '../auth/auth-client'
import { passwordMeetsRules } from '../../shared/auth/auth-dialog-state'
import { PasswordRules } from '../auth/password-rules'
import {
  CodeField,
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

type Field = 'password' | 'code'
const FIELDS: Partial<Record<ProfileErrorCode, Field>> = {
  password_rules: 'password',
  weak_password: 'password',
  same_password: 'password',
  code_invalid: 'code',
  otp_expired: 'code',
  reauthentication_not_valid: 'code',
}

/**
 * A new password, under sign-up's rules. When the auth server wants proof first
 * (`reauthentication_needed`), it mails a code, which is sent back with the password as `nonce`.
 */
export function PasswordSection() {
  const { t } = useI18n()
  const { viewer, replaceUser } = useProfileUser()
  const errorText = useErrorText()
  const rulesId = useId()
  const action = useAction()
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [needsCode, setNeedsCode] = useState(false)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void action.run(async () => {
      if (!passwordMeetsRules(password)) return failed('password_rules')
      const nonce = code.replace(/\s/g, '')
      if (needsCode && !/^\d{6}$/.test(nonce)) return failed('code_invalid')
      const client = await authClient()
      const { data, error } = await client.auth.updateUser(
        needsCode ? { password, nonce } : { password },
      )
      if (error?.code === 'reauthentication_needed') {
        const sent = await client.auth.reauthenticate()
        if (sent.error) return failed(profileErrorCode(sent.error))
        setNeedsCode(true)
        return failed('reauthentication_needed')
      }
      if (error) return failed(profileErrorCode(error))
      replaceUser(data.user)
      setPassword('')
      setCode('')
      setNeedsCode(false)
      return DONE
    })
  }

  const errorCode = action.errorCode
  const passwordError = errorFor(errorCode, FIELDS, 'password')
  const codeError = errorFor(errorCode, FIELDS, 'code')
  const formError = errorFor(errorCode, FIELDS, 'form')
  return (
    <ProfileSection id="password" title={t('profile.password.heading')}>
      <form className="form" onSubmit={onSubmit} noValidate>
        {/* For password managers: whose password this is. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={viewer.email}
          readOnly
          hidden
        />
        <TextField
          label={t('profile.password.newLabel')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => {
            action.reset()
            setPassword(event.currentTarget.value)
          }}
          describedBy={rulesId}
          error={passwordError ? errorText(passwordError) : null}
        />
        <PasswordRules id={rulesId} password={password} />
        {needsCode ? (
          <CodeField
            label={t('profile.password.codeLabel')}
            name="nonce"
            required
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            hint={t('profile.password.codeHint', { email: viewer.email })}
            error={codeError ? errorText(codeError) : null}
          />
        ) : null}
        <FormStatus
          success={action.outcome?.ok ? t('profile.password.saved') : null}
          error={formError ? errorText(formError) : null}
        />
        <div className="form-actions">
          <SubmitButton pending={action.pending} label={t('profile.password.submit')} />
        </div>
      </form>
    </ProfileSection>
  )
}
