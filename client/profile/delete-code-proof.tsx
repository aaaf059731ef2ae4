import { useForm, type UseFormRegisterReturn } from 'react-hook-form'
import { useI18n } from '../app/i18n-context'
import { authClient } from '../auth/auth-client'
import { CODE_INPUT, FormField } from '../components/form-field'
import { FormStatus, useProfileSubmit } from './form-parts'

/**
 * The emailed code that proves who deletes an account without a password: a button that mails
 * it (again), and the field it is typed into (`register`, of the deleting form).
 */
export function DeleteCodeProof(props: {
  email: string
  /** Whether a code was mailed while the form is open. */
  sent: boolean
  onSent(): void
  error: string | null
  register: UseFormRegisterReturn<'code'>
}) {
  const { t } = useI18n()
  const { sent } = props
  // Mailing the code is an action of its own, with its own pending state and error.
  const mailForm = useForm()
  const mailing = useProfileSubmit(mailForm)

  const mail = mailing.handle(async () => {
    const client = await authClient()
    const { error } = await client.auth.signInWithOtp({
      email: props.email,
      options: { shouldCreateUser: false },
    })
    if (error) throw error
    props.onSent()
  })

  return (
    <div className="profile-subform">
      {sent ? null : <p>{t('profile.delete.codeLead', { email: props.email })}</p>}
      <FormStatus
        success={sent ? t('profile.delete.codeSent', { email: props.email }) : null}
        error={mailing.error}
      />
      <p>
        <button
          type="button"
          className="button"
          aria-disabled={mailing.pending || undefined}
          onClick={() => void mail()}
        >
          {mailing.pending
            ? t('profile.working')
            : sent
              ? t('profile.delete.resendCode')
              : t('profile.delete.sendCode')}
        </button>
      </p>
      <FormField label={t('profile.delete.codeLabel')} error={props.error}>
        {(control) => <input {...control} {...CODE_INPUT} required {...props.register} />}
      </FormField>
    </div>
  )
}
